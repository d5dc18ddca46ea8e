/** The public page types whose first-load JavaScript the benches report (bench:ssr, bench:first-load). */
export const PAGE_TYPES = [
  ['home', '/'],
  ['resource library', '/resource-library'],
  ['search results', '/searchresult?q=fuse'],
  ['product category', '/products/circuit-protection/fuses'],
  ['compare', '/products/compare'],
  ['check stock', '/CheckStock'],
  ['contact us', '/company/contact'],
] as const;

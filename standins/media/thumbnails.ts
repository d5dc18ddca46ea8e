/**
 * The media library's thumbnails, one per document type (the index's resourcethumbnailurl,
 * /media/thumbnails/<type>.svg): a page with a folded corner, a band in the type's colour and a
 * pictogram of what the type holds. No words in the image, so it serves every language; the
 * page's alt text names the type.
 */

const PAGE = '<path d="M14 6h66l26 26v122H14z" fill="#fff" stroke="#8a96a3" stroke-width="2"/><path d="M80 6v26h26" fill="#e8edf4" stroke="#8a96a3" stroke-width="2"/>';

const THUMBNAILS: Record<string, { colour: string; pictogram: string }> = {
  // A table of ratings.
  datasheet: {
    colour: '#0a5cb8',
    pictogram: '<g stroke="#0a5cb8" stroke-width="2"><path d="M26 64h68M26 80h68M26 96h68M26 112h68M26 128h68M50 64v64"/></g><rect x="26" y="64" width="68" height="64" fill="none" stroke="#0a5cb8" stroke-width="2"/>',
  },
  // A circuit: a protected line with a component across it.
  'application-note': {
    colour: '#1f8a5b',
    pictogram: '<g fill="none" stroke="#1f8a5b" stroke-width="3"><path d="M24 82h22M74 82h22M46 72h28v20H46zM60 92v26M50 118h20M54 124h12"/></g>',
  },
  // A seal with ribbons.
  certificate: {
    colour: '#b8860b',
    pictogram: '<circle cx="60" cy="88" r="20" fill="#f5e6b8" stroke="#b8860b" stroke-width="3"/><path d="M50 104l-8 26 10-6 6 10 4-26M70 104l8 26-10-6-6 10-4-26" fill="#b8860b"/><path d="M51 88l6 6 12-13" fill="none" stroke="#b8860b" stroke-width="3"/>',
  },
  // A spread of product pictures.
  brochure: {
    colour: '#8e3fb0',
    pictogram: '<rect x="26" y="64" width="30" height="26" fill="#e6d5ee"/><rect x="64" y="64" width="30" height="26" fill="#e6d5ee"/><rect x="26" y="98" width="30" height="26" fill="#e6d5ee"/><rect x="64" y="98" width="30" height="26" fill="#e6d5ee"/><circle cx="41" cy="77" r="7" fill="#8e3fb0"/><rect x="72" y="71" width="14" height="12" fill="#8e3fb0"/><path d="M33 118l8-12 8 12z" fill="#8e3fb0"/><circle cx="79" cy="111" r="7" fill="none" stroke="#8e3fb0" stroke-width="3"/>',
  },
  // A warning triangle: something changes.
  'product-change-notice': {
    colour: '#c0392b',
    pictogram: '<path d="M60 62l32 56H28z" fill="#f9dcd8" stroke="#c0392b" stroke-width="3" stroke-linejoin="round"/><path d="M60 80v20" stroke="#c0392b" stroke-width="4" stroke-linecap="round"/><circle cx="60" cy="108" r="2.5" fill="#c0392b"/>',
  },
  // A measured curve on axes.
  'technical-paper': {
    colour: '#2c3e50',
    pictogram: '<path d="M26 64v64h68" fill="none" stroke="#2c3e50" stroke-width="2"/><path d="M30 120c14-2 20-40 32-44s18 18 30 20" fill="none" stroke="#2c3e50" stroke-width="3"/><g stroke="#8a96a3" stroke-width="1"><path d="M26 96h68M26 80h68M26 112h68"/></g>',
  },
};

/** The SVG of a document type's thumbnail, or undefined for a type the library does not have. */
export function thumbnailSvg(type: string): string | undefined {
  const found = Object.hasOwn(THUMBNAILS, type) ? THUMBNAILS[type] : undefined;
  if (!found) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160" viewBox="0 0 120 160">${PAGE}<rect x="14" y="34" width="92" height="14" fill="${found.colour}"/>${found.pictogram}<rect x="22" y="140" width="26" height="8" rx="2" fill="${found.colour}"/></svg>`;
}

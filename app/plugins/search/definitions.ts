export interface SearchFacetDefinition {
  /** REQ-VALID-3: letters, digits, dash, underscore. */
  id: string;
  field: string;
  type: 'specific' | 'numericalRange' | 'dateRange' | 'hierarchical';
  numberOfValues: number;
  /** Numeric facets: the SI unit symbol its values are stored in (V, A, Ω...). */
  unit?: string;
  /** Numeric facets of ratings spread over decades: buckets on a 1-2-5 log ladder (docs/decisions/0178). */
  scale?: 'log';
  /** Hierarchical facets: REQ-FACET-6 site setup uses "|". */
  delimitingCharacter?: string;
  /** The dictionary key of its name on the page; a facet added by configuration shows its field's name. */
  label: string;
  /** Its name in usage analytics: English in every language, as the reports are read. */
  title: string;
}

/** A search tab (REQ-SEARCH-2, REQ-SEARCH-3) or scope: a filter expression (Coveo query syntax), its facets, its label. */
export interface SearchSectionDefinition {
  id: string;
  /** Constant query (cq); empty for no filter. */
  expression: string;
  facets: SearchFacetDefinition[];
  /** The dictionary key of its name. */
  label: string;
}

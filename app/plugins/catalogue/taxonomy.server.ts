import type { SiteLanguage } from '~/cms/language.ts';
import type { ParameterInfo } from './view-types.ts';
import { PRODUCT_TYPES, L4_MOUNTING, L5_GRADE, slug, type ContentLanguage, type Localized } from '@voltaris/catalogue/taxonomy';
import { PACKAGE_LABELS } from '@voltaris/catalogue/package-names';

/**
 * The category tree (L1 technology, L2 product type, L3 sub-category) with names in the visitor's
 * language and the electrical parameters of each product type (field, label, SI unit). The index
 * stores English category names and SI base values; the site needs the tree for URLs and the
 * parameter definitions for labels and units. They come from the catalogue's own taxonomy module
 * (docs/decisions/0020): read-only, server-side, and sent to the browser only as plain data.
 */

const CONTENT_LANGUAGE: Record<SiteLanguage, ContentLanguage> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };
export const contentLanguage = (language: SiteLanguage): ContentLanguage => CONTENT_LANGUAGE[language];

/** The catalogue's URL slugs: the very function that built the indexed `clickableuri` and `serieslink`. */
export { slug };

export type { ParameterInfo };

export interface CategoryNode {
  level: 1 | 2 | 3;
  slug: string;
  /** Site-relative path without language prefix: /products/circuit-protection/fuses. */
  path: string;
  /** The English name, as the index stores it (levelonecategory ... levelthreecategory). */
  indexName: string;
  name: string;
  children: CategoryNode[];
  /** The product type (L2 and below): its parameters; L1 shares the ones all its types have. */
  parameters: ParameterInfo[];
  /** L2 and below: the parameter the part number encodes; the listing sorts by it first. */
  primary?: string;
}

function localize(value: Localized, language: ContentLanguage) {
  return value[language] || value.en;
}

const trees = new Map<ContentLanguage, CategoryNode[]>();

/** L1 -> L2 -> L3 in the visitor's language, in the taxonomy's order. */
export function categoryTree(language: SiteLanguage): CategoryNode[] {
  const lang = contentLanguage(language);
  const cached = trees.get(lang);
  if (cached) return cached;
  const roots: CategoryNode[] = [];
  for (const type of PRODUCT_TYPES) {
    const l1Slug = slug(type.l1.en);
    let l1 = roots.find((node) => node.slug === l1Slug);
    if (!l1) {
      l1 = { level: 1, slug: l1Slug, path: `/products/${l1Slug}`, indexName: type.l1.en, name: localize(type.l1, lang), children: [], parameters: [] };
      roots.push(l1);
    }
    const parameters = type.parameters.map((p) => ({ field: p.field, label: localize(p.label, lang), unit: p.unit, min: p.min, max: p.max, log: p.log ?? false }));
    const l2Slug = slug(type.l2.en);
    const l2: CategoryNode = {
      level: 2,
      slug: l2Slug,
      path: `${l1.path}/${l2Slug}`,
      indexName: type.l2.en,
      name: localize(type.l2, lang),
      children: [],
      parameters,
      primary: type.primary,
    };
    l2.children = type.l3.map((l3) => ({
      level: 3,
      slug: slug(l3.en),
      path: `${l2.path}/${slug(l3.en)}`,
      indexName: l3.en,
      name: localize(l3, lang),
      children: [],
      parameters,
      primary: type.primary,
    }));
    l1.children.push(l2);
  }
  // L1 filters on what every one of its product types has (same field, same unit).
  for (const l1 of roots) {
    const [first, ...rest] = l1.children.map((child) => child.parameters);
    l1.parameters = (first ?? []).filter((p) => rest.every((others) => others.some((o) => o.field === p.field && o.unit === p.unit)));
  }
  trees.set(lang, roots);
  return roots;
}

/** The nodes a path's category segments name, L1 first; undefined when a segment is unknown. */
export function resolveCategories(segments: string[], language: SiteLanguage): CategoryNode[] | undefined {
  const out: CategoryNode[] = [];
  let level = categoryTree(language);
  for (const segment of segments) {
    const node = level.find((candidate) => candidate.slug === segment.toLowerCase());
    if (!node) return undefined;
    out.push(node);
    level = node.children;
  }
  return out;
}

/** Every parameter definition by field, for part pages and compare (a field keeps one unit everywhere). */
export function parameterByField(language: SiteLanguage): Map<string, ParameterInfo> {
  const out = new Map<string, ParameterInfo>();
  for (const l1 of categoryTree(language)) for (const l2 of l1.children) for (const p of l2.parameters) if (!out.has(p.field)) out.set(p.field, p);
  return out;
}

/** The parameters of the product type an indexed part belongs to (by its L2 name). */
export function parametersOfType(leveltwocategory: string, language: SiteLanguage): ParameterInfo[] {
  for (const l1 of categoryTree(language)) for (const l2 of l1.children) if (l2.indexName === leveltwocategory) return l2.parameters;
  return [];
}

/** The node of a part's L2 and L3 (for breadcrumbs of part and series pages). */
export function categoriesOf(levels: { l1: string; l2: string; l3: string }, language: SiteLanguage): CategoryNode[] {
  const l1 = categoryTree(language).find((node) => node.indexName === levels.l1);
  const l2 = l1?.children.find((node) => node.indexName === levels.l2);
  const l3 = l2?.children.find((node) => node.indexName === levels.l3);
  return [l1, l2, l3].filter((node): node is CategoryNode => Boolean(node));
}

/** L4 (mounting) and L5 (grade) names in the visitor's language, keyed by the indexed English name. */
export function levelNames(language: SiteLanguage): Record<string, string> {
  const lang = contentLanguage(language);
  return Object.fromEntries([...L4_MOUNTING, ...L5_GRADE].map((name) => [name.en, localize(name, lang)]));
}

/** Every category level's name (L1 to L5) in the visitor's language, keyed by the indexed English name: facet values show these. */
export function categoryNames(language: SiteLanguage): Record<string, string> {
  const lang = contentLanguage(language);
  const names: Record<string, string> = levelNames(language);
  for (const type of PRODUCT_TYPES) for (const name of [type.l1, type.l2, ...type.l3]) names[name.en] = localize(name, lang);
  // A package facet's values as the language's datasheets write them ("Scheibe 20 mm"); codes (0402) stay as they are.
  for (const [name, label] of Object.entries(PACKAGE_LABELS)) names[name] ??= localize(label, lang);
  return names;
}

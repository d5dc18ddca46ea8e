import type { SiteLanguage } from '~/cms/language.ts';
import { formatQuantity, quantityInputValue } from '~/lib/units.ts';
import { fieldCompares, type Clause } from '~/search-api/query-expression.server.ts';
import { categoryTree, contentLanguage, type CategoryNode } from '../catalogue/taxonomy.server.ts';
import { localized } from '@voltaris/catalogue/design-center-applications';
import type { SelectionRow } from './data-files.server.ts';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import type { SelectionTableRow } from './view-types.ts';

/** A selection row's parameter window (min and max of one parameter): as text, as a link to the listing it filters, as a query. */
export interface ParameterWindow {
  parameter: string;
  min?: number;
  max?: number;
}

export function typeNode(productTypeKey: string, language: SiteLanguage): CategoryNode {
  const type = PRODUCT_TYPES.find((candidate) => candidate.key === productTypeKey)!;
  for (const l1 of categoryTree(language)) for (const l2 of l1.children) if (l2.indexName === type.l2.en) return l2;
  throw new Error(`design center: no category for ${productTypeKey}`);
}

export function windowText(window: ParameterWindow, unit: string, language: SiteLanguage): string {
  const format = (value: number) => formatQuantity(value, unit, language);
  if (window.min !== undefined && window.max !== undefined) return window.min === window.max ? format(window.min) : `${format(window.min)} – ${format(window.max)}`;
  if (window.min !== undefined) return `≥ ${format(window.min)}`;
  return `≤ ${format(window.max!)}`;
}

/** The catalogue listing with the window as its range filter (the listing's own `min_`/`max_` inputs). */
export function listingPath(node: CategoryNode, window: ParameterWindow, unit: string): string {
  const params = new URLSearchParams();
  if (window.min !== undefined) params.set(`min_${window.parameter}`, quantityInputValue(window.min, unit));
  if (window.max !== undefined) params.set(`max_${window.parameter}`, quantityInputValue(window.max, unit));
  return `${node.path}?${params.toString()}`;
}

export function windowClauses(window: ParameterWindow): Clause[] {
  return [
    ...(window.min !== undefined ? [fieldCompares(window.parameter, 'greaterThanOrEqual', window.min)] : []),
    ...(window.max !== undefined ? [fieldCompares(window.parameter, 'lowerThanOrEqual', window.max)] : []),
  ];
}

export function tableRow(row: SelectionRow, language: SiteLanguage): Omit<SelectionTableRow, 'families'> {
  const lang = contentLanguage(language);
  const node = typeNode(row.productType, language);
  const parameter = node.parameters.find((candidate) => candidate.field === row.parameter)!;
  return {
    kind: row.kind,
    function: localized(row.function, lang),
    why: localized(row.why, lang),
    productTypeName: node.name,
    productTypePath: node.path,
    parameterLabel: parameter.label,
    range: windowText(row, parameter.unit, language),
    listingPath: listingPath(node, row, parameter.unit),
  };
}

import { Link } from '@remix-run/react';
import { Fragment } from 'react';
import type { Column } from '~/lib/DataTable.tsx';
import { useTranslate, type Translate } from '~/cms/use-site-shell.ts';
import { facetValueLabel } from '../../search/facet-values.ts';
import { CHOICE_COLUMNS, VALUE_FILTERS } from '../url-state.ts';
import type { CategoryView, ChoiceField, PartSummary, PartView } from '../view-types.ts';

/**
 * What a part is chosen by besides its ratings (docs/decisions/0170): the package and the family's
 * own choice as listing columns, and lifecycle, compliance and approvals as part-page rows, named
 * with the dictionary's `facetValue.<field>.<value>` as search's facets name them.
 */

export function choiceLabel(t: Translate, field: string, value: string): string {
  return facetValueLabel(t, field, value, undefined);
}

/** The header of a value filter, its column and its part-page row. */
export function choiceHeader(t: Translate, key: string): string {
  return t(`catalogue.filter.${key}`);
}

/** Columns for the package and each family choice the listing's parts have (a facet with values). */
export function choiceColumns(view: CategoryView, t: Translate): Array<Column<PartSummary>> {
  const present = new Set(view.facets.filter((facet) => facet.values.length > 0).map((facet) => facet.key));
  const shown = CHOICE_COLUMNS.filter((key) => present.has(key) || (key === 'package' && view.products.some((part) => part.packageDisplay)));
  return shown.map((key) => ({
    header: choiceHeader(t, key),
    cell: (part: PartSummary) => {
      if (key === 'package') return part.packageDisplay || '–';
      const value = part.choices[key as ChoiceField];
      return value ? choiceLabel(t, VALUE_FILTERS[key], value) : '–';
    },
  }));
}

const compliant = (t: Translate, value: boolean | undefined) => (value === undefined ? '–' : t(value ? 'catalogue.compliance.compliant' : 'catalogue.compliance.notCompliant'));
const yesNo = (t: Translate, value: boolean | undefined) => (value === undefined ? '–' : t(value ? 'catalogue.compliance.yes' : 'catalogue.compliance.no'));

/**
 * The part page's rows for the family's choices, lifecycle (with its successor linked), compliance
 * and agency approvals: dt and dd with no wrapper, as the product data list's other rows are.
 */
export function PartChoiceRows({ view }: { view: PartView }) {
  const t = useTranslate();
  const { compliance, part } = view;
  const family = (['fusespeed', 'polarity', 'contactform'] as const).filter((field) => part.choices[field]);
  return (
    <>
      {family.map((field) => (
        <Fragment key={field}>
          <dt>{choiceHeader(t, field)}</dt>
          <dd>{choiceLabel(t, field, part.choices[field]!)}</dd>
        </Fragment>
      ))}
      <dt>{t('catalogue.filter.lifecycle')}</dt>
      <dd className={`lifecycle lifecycle--${compliance.lifecycle}`}>
        {choiceLabel(t, 'lifecycle', compliance.lifecycle)}
        {compliance.successor ? (
          <>
            {' – '}
            {t('catalogue.successor')} {compliance.successor.href ? <Link to={compliance.successor.href}>{compliance.successor.partNumber}</Link> : compliance.successor.partNumber}
          </>
        ) : null}
      </dd>
      <dt>RoHS</dt>
      <dd>{compliant(t, compliance.rohs)}</dd>
      <dt>REACH</dt>
      <dd>{compliant(t, compliance.reach)}</dd>
      <dt>{t('catalogue.compliance.halogenfree')}</dt>
      <dd>{yesNo(t, compliance.halogenfree)}</dd>
      <dt>{t('catalogue.filter.aecq')}</dt>
      <dd>{compliance.aecq ? t('catalogue.compliance.aecq', { standard: compliance.aecq }) : t('catalogue.compliance.notQualified')}</dd>
      <dt>{t('catalogue.approvals')}</dt>
      <dd>{view.approvals.length ? view.approvals.join(', ') : '–'}</dd>
    </>
  );
}

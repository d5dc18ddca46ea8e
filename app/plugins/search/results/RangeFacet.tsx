import { Form, Link } from '@remix-run/react';
import type { FocusEvent } from 'react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { SearchFacetDefinition } from '../definitions.ts';
import type { FacetView } from '../search-view.ts';
import { isValidRange, withChange, type SearchUrlState } from '../url-state.ts';
import { formatQuantity as formatWithPrefix } from '~/lib/units.ts';
import { Carry, formatQuantity, useHref } from './search-page-parts.tsx';

/**
 * A numeric facet: the service's automatic ranges as links, and min/max inputs sent with the
 * facets form (Apply without JavaScript; on change with it). Values are in the field's SI unit.
 */
export function RangeFacet({ facet, state }: { facet: FacetView; state: SearchUrlState }) {
  const t = useTranslate();
  const href = useHref();
  const shell = useSiteShell();
  const tag = shell?.tag ?? 'en';
  // With a unit: the prefix a datasheet writes (2 mA, 1.5 kV); an open end (±1e15) as an ellipsis.
  const bound = (value: number | undefined) => (facet.unit && value !== undefined && Math.abs(value) < 1e15 ? formatWithPrefix(value, facet.unit, shell?.language ?? 'en') : formatQuantity(value, facet.unit, tag));
  const range = state.ranges[facet.id] ?? {};
  const isSet = range.min !== undefined || range.max !== undefined;
  const withRange = (next: { min?: number; max?: number } | undefined) => {
    const ranges = { ...state.ranges };
    if (next) ranges[facet.id] = next;
    else delete ranges[facet.id];
    return href(withChange(state, { ranges }));
  };
  const label = t(facet.label);
  const applyIfChanged = (current: number | undefined) => (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== String(current ?? '')) event.currentTarget.form?.requestSubmit();
  };
  const inputId = (bound: string) => `range-${facet.id}-${bound}`;
  return (
    <fieldset className="facet facet--range">
      <legend>
        {label}
        {facet.unit ? ` (${facet.unit})` : ''}
      </legend>
      <ul>
        {facet.values.map((value) => {
          const [start, end] = value.value.split('..').map(Number);
          const text = `${bound(start)} – ${bound(end)}`;
          return (
            <li key={value.value}>
              {value.selected ? (
                <strong aria-current="true">
                  {text} <span className="facet__count">({value.count})</span>
                </strong>
              ) : (
                <Link to={withRange({ min: start, max: end })}>
                  {text} <span className="facet__count">({value.count})</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <div className="facet__range">
        <label htmlFor={inputId('min')}>{t('search.rangeMin')}</label>
        <input id={inputId('min')} type="number" step="any" inputMode="decimal" name={`min.${facet.id}`} defaultValue={range.min ?? ''} key={`min-${range.min}`} onBlur={applyIfChanged(range.min)} />
        <label htmlFor={inputId('max')}>{t('search.rangeMax')}</label>
        <input id={inputId('max')} type="number" step="any" inputMode="decimal" name={`max.${facet.id}`} defaultValue={range.max ?? ''} key={`max-${range.max}`} onBlur={applyIfChanged(range.max)} />
      </div>
      {isValidRange(range) ? null : (
        <p className="field-error" role="alert">
          {t('search.rangeInvalid')}
        </p>
      )}
      {isSet ? (
        <p className="facet__links">
          <Link to={withRange(undefined)}>{t('search.clear')}</Link>
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A range the page refused (not a number, or entered backwards): its two inputs again, beside the
 * message, so the visitor sets it right where it is named. A GET form with the rest of the search.
 */
export function RangeFix({ facet, state }: { facet: SearchFacetDefinition; state: SearchUrlState }) {
  const t = useTranslate();
  const range = state.ranges[facet.id] ?? {};
  const inputId = (bound: string) => `range-fix-${facet.id}-${bound}`;
  return (
    <Form method="get" className="search-error__fix" autoComplete="off">
      <Carry state={state} omit={[`min.${facet.id}`, `max.${facet.id}`, 'page']} />
      <fieldset className="facet facet--range">
        <legend>
          {t(facet.label)}
          {facet.unit ? ` (${facet.unit})` : ''}
        </legend>
        <div className="facet__range">
          <label htmlFor={inputId('min')}>{t('search.rangeMin')}</label>
          <input id={inputId('min')} type="number" step="any" inputMode="decimal" name={`min.${facet.id}`} defaultValue={range.min ?? ''} aria-invalid="true" />
          <label htmlFor={inputId('max')}>{t('search.rangeMax')}</label>
          <input id={inputId('max')} type="number" step="any" inputMode="decimal" name={`max.${facet.id}`} defaultValue={range.max ?? ''} aria-invalid="true" />
        </div>
        <button type="submit" className="button">
          {t('search.apply')}
        </button>
      </fieldset>
    </Form>
  );
}

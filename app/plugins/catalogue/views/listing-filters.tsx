import { Form, Link, useSubmit } from '@remix-run/react';
import { useRef, type FormEvent } from 'react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatNumber } from '~/lib/format.ts';
import { displayUnit, formatQuantity, parseQuantity, quantityInputValue } from '~/lib/units.ts';
import { AlphabetIndex } from '~/lib/AlphabetIndex.tsx';
import { useEarlyTicks } from '~/lib/use-early-ticks.ts';
import { COMPLIANCE_FLAGS, DICTIONARY_VALUED, listingSearch, PAGE_SIZES, VALUE_FILTERS, type ValueFilter } from '../url-state.ts';
import { choiceHeader, choiceLabel } from './choices.tsx';
import type { CategoryView, ParameterInfo } from '../view-types.ts';

/** The listing's filter form: parameter ranges (typed or slid), value facets, stock and sample switches; a GET form, so it works without scripts. */
function RangeSlider({ parameter, minInput, maxInput }: { parameter: ParameterInfo; minInput: string; maxInput: string }) {
  // With JavaScript: a slider per bound on the parameter's scale (log for ratings) that writes the
  // text input; the text input stays the source of truth, so typing "1.5kV" still works. The server
  // sends the sliders too, hidden by the stylesheet when scripting is off: added at hydration, they
  // pushed every filter below them down the first screen (a layout shift of 0.045).
  const t = useTranslate();
  const steps = 100;
  const toValue = (position: number) =>
    parameter.log ? parameter.min * Math.pow(parameter.max / parameter.min, position / steps) : parameter.min + ((parameter.max - parameter.min) * position) / steps;
  const toPosition = (value: number) =>
    parameter.log ? Math.round((Math.log(value / parameter.min) / Math.log(parameter.max / parameter.min)) * steps) : Math.round(((value - parameter.min) / (parameter.max - parameter.min)) * steps);
  const set = (name: string, position: number) => {
    const input = document.querySelector<HTMLInputElement>(`#catalogue-filters input[name="${name}"]`);
    if (input) input.value = quantityInputValue(Number(toValue(position).toPrecision(3)), parameter.unit);
  };
  const position = (typed: string, fallback: number) => {
    const parsed = parseQuantity(typed, parameter.unit);
    return parsed.ok ? Math.min(steps, Math.max(0, toPosition(parsed.value))) : fallback;
  };
  return (
    <div className="range-slider">
      <input type="range" min={0} max={steps} defaultValue={position(minInput, 0)} aria-label={`${parameter.label}: ${t('catalogue.min')}`} onChange={(e) => set(`min_${parameter.field}`, Number(e.currentTarget.value))} />
      <input type="range" min={0} max={steps} defaultValue={position(maxInput, steps)} aria-label={`${parameter.label}: ${t('catalogue.max')}`} onChange={(e) => set(`max_${parameter.field}`, Number(e.currentTarget.value))} />
    </div>
  );
}

/** One end of a parameter range: what the engineer typed ("1.5kV") goes back into the URL as typed. */
function RangeBound({ label, name, value, placeholder, invalid }: { label: string; name: string; value: string | undefined; placeholder: string; invalid: boolean }) {
  return (
    <label>
      <span>{label}</span>
      <input name={name} defaultValue={value ?? ''} inputMode="text" autoComplete="off" placeholder={placeholder} aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? `${name}-error` : undefined} />
    </label>
  );
}

const COMPLIANCE_PHRASES = { rohs: 'catalogue.compliance.rohs', reach: 'catalogue.compliance.reach', halogenfree: 'catalogue.compliance.halogenfreeOnly' } as const;

export function Filters({ view }: { view: CategoryView }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const { state } = view;
  const problemOf = (input: string) => view.problems.find((p) => p.input === input);
  const message = (input: string) => {
    const problem = problemOf(input);
    if (!problem) return undefined;
    if (problem.code === 'rangeOrder') return t('catalogue.rangeOrder');
    return problem.code ? t(`units.error.${problem.code}`, problem.values) : problem.message;
  };
  const submit = useSubmit();
  // With JavaScript a ticked box or a chosen sort applies at once; typed ranges wait for Apply or Enter.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.type === 'checkbox' || target.tagName === 'SELECT') submit(event.currentTarget, { preventScrollReset: true });
  };
  const form = useRef<HTMLFormElement>(null);
  useEarlyTicks(form, (element) => submit(element, { preventScrollReset: true }));
  const labels: Partial<Record<ValueFilter, string>> = { mounting: t('catalogue.mounting'), grade: t('catalogue.grade'), approval: t('catalogue.approval'), series: t('catalogue.series') };
  return (
    <Form method="get" id="catalogue-filters" ref={form} className="catalogue-filters" autoComplete="off" aria-label={t('catalogue.filters')} preventScrollReset onChange={onChange}>
      <h2>{t('catalogue.filters')}</h2>
      {/* First, and sticky to the top while the filters scroll: in reach while they are set, and at
          the bottom of the screen it lay over the filter there (target-size failed on load). */}
      <p className="catalogue-filters__actions">
        <button type="submit">{t('catalogue.apply')}</button> <Link to={view.path}>{t('catalogue.clear')}</Link>
      </p>
      {state.index !== 'All' ? <input type="hidden" name="index" value={state.index} /> : null}
      {view.parameters.map((parameter) => {
        const range = state.ranges[parameter.field] ?? {};
        const minName = `min_${parameter.field}`;
        const maxName = `max_${parameter.field}`;
        const errors = [minName, maxName].map((name) => ({ name, text: message(name) })).filter((e) => e.text);
        return (
          <fieldset key={parameter.field} className="range-filter">
            <legend>
              {parameter.label} ({displayUnit(parameter.unit)})
            </legend>
            <div className="range-filter__inputs">
              <RangeBound label={t('catalogue.min')} name={minName} value={range.min} placeholder={formatQuantity(parameter.min, parameter.unit, language)} invalid={Boolean(problemOf(minName))} />
              <RangeBound label={t('catalogue.max')} name={maxName} value={range.max} placeholder={formatQuantity(parameter.max, parameter.unit, language)} invalid={Boolean(problemOf(maxName))} />
            </div>
            <RangeSlider parameter={parameter} minInput={range.min ?? ''} maxInput={range.max ?? ''} />
            {errors.map((error) => (
              <p key={error.name} id={`${error.name}-error`} className="field-error" role="alert">
                {error.text}
              </p>
            ))}
          </fieldset>
        );
      })}
      <fieldset className="toggle-filters">
        <legend>{t('catalogue.availability')}</legend>
        <label>
          <input type="checkbox" name="stock" value="on" defaultChecked={state.stock} /> {t('catalogue.inStockOnly')}
        </label>
        <label>
          <input type="checkbox" name="sample" value="on" defaultChecked={state.sample} /> {t('catalogue.sampleOnly')}
        </label>
      </fieldset>
      <fieldset className="toggle-filters">
        <legend>{t('catalogue.filter.compliance')}</legend>
        {COMPLIANCE_FLAGS.map((flag) => (
          <label key={flag}>
            <input type="checkbox" name="compliance" value={flag} defaultChecked={state.compliance.includes(flag)} /> {t(COMPLIANCE_PHRASES[flag])}
          </label>
        ))}
      </fieldset>
      {view.facets.map((facet) =>
        facet.values.length === 0 ? null : (
          <fieldset key={facet.key} className={`facet facet--${facet.key}`}>
            <legend>{labels[facet.key] ?? choiceHeader(t, facet.key)}</legend>
            <FacetValues name={facet.key} values={DICTIONARY_VALUED.has(facet.key) ? facet.values.map((value) => ({ ...value, display: choiceLabel(t, VALUE_FILTERS[facet.key], value.value) })) : facet.values} />
          </fieldset>
        ),
      )}
      <fieldset className="sort-filters">
        <legend>{t('catalogue.sortBy')}</legend>
        <label>
          <span className="visually-hidden">{t('catalogue.sortBy')}</span>
          <select name="sort" defaultValue={state.sort}>
            <option value="partnumber">{t('catalogue.partNumber')}</option>
            {view.parameters.map((parameter) => (
              <option key={parameter.field} value={parameter.field}>
                {parameter.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('catalogue.order')}</span>
          <select name="dir" defaultValue={state.dir}>
            <option value="asc">{t('catalogue.ascending')}</option>
            <option value="desc">{t('catalogue.descending')}</option>
          </select>
        </label>
        <label>
          {t('catalogue.pageSize')}{' '}
          <select name="size" defaultValue={String(state.size)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    </Form>
  );
}

/** How many values of a facet show before the "show all" disclosure. */
const FACET_VALUES_SHOWN = 8;

function FacetValueList({ name, values }: { name: string; values: CategoryView['facets'][number]['values'] }) {
  const language = useSiteShell()?.language ?? 'en';
  return (
    <ul>
      {values.map((value) => (
        <li key={value.value}>
          <label>
            <input type="checkbox" name={name} value={value.value} defaultChecked={value.selected} /> {value.display}{' '}
            <span className="facet__count">({formatNumber(value.count, language)})</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * A long facet (a category's series run to 200) shows its first values and keeps the rest in a
 * closed disclosure: still in the form, so a ticked one is sent, but a phone does not scroll past
 * all of them to reach the parts, and the browser lays none of them out until it is opened. It is
 * open when a value in it is ticked, so a choice is never hidden.
 */
function FacetValues({ name, values }: { name: string; values: CategoryView['facets'][number]['values'] }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  if (values.length <= FACET_VALUES_SHOWN + 1) return <FacetValueList name={name} values={values} />;
  const rest = values.slice(FACET_VALUES_SHOWN);
  return (
    <>
      <FacetValueList name={name} values={values.slice(0, FACET_VALUES_SHOWN)} />
      <details className="facet__more" open={rest.some((value) => value.selected)}>
        <summary>{t('catalogue.showAllValues', { count: formatNumber(values.length, language) })}</summary>
        <FacetValueList name={name} values={rest} />
      </details>
    </>
  );
}

/**
 * The series' A-to-Z index, one row of letters above the listing (docs/decisions/0177): inside the
 * filter column it was drawn a letter a line in a scroll box.
 */
export function SeriesIndex({ view }: { view: CategoryView }) {
  const t = useTranslate();
  if (view.seriesLetters.length === 0 && view.state.index === 'All') return null;
  return (
    <div className="catalogue-series-index">
      <AlphabetIndex
        available={new Set(view.seriesLetters)}
        current={view.state.index}
        label={t('catalogue.seriesIndex')}
        hrefFor={(letter) => `${view.path}${listingSearch(view.state, { index: letter, page: 1, values: { ...view.state.values, series: [] } })}`}
      />
    </div>
  );
}

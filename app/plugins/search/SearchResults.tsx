import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useContext, useEffect, useMemo, useRef, useState, type FocusEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { PagePhrases, useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { MAX_REACHABLE_RESULTS, SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import { formatDate, formatFileSize, formatNumber } from '~/lib/format.ts';
import { useEarlyTicks } from '~/lib/use-early-ticks.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { CompareToggle } from '../catalogue/CompareToggle.tsx';
import { clickBeaconUrl } from './click.ts';
import { MAIN_BOX_SUGGESTIONS, ScopeSelect, SearchBox } from './SearchBox.tsx';
import { SnippetFeedback } from './SnippetFeedback.tsx';
import type { SnippetFeedbackErrors } from './snippet-feedback.ts';
import type { SearchResultsData } from './search-view.ts';
import { SearchHistory } from './SearchHistory.tsx';
import { RecommendationList } from './RecommendationList.tsx';
import type { FacetView, FoldedResultView, ResultView } from './search-view.ts';
import { isValidRange, parseSearchUrl, recentQueryHref, SORTS, searchUrlParams, withChange, type SearchUrlProblem, type SearchUrlState } from './url-state.ts';
import { isTriggerAction, TRIGGER_ACTIONS } from './trigger-actions.ts';
import { localizedPath } from '~/cms/language.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';
import { categoryPathLabels, facetValueLabel, foreignLang, nameOf } from './facet-values.ts';

function useHref() {
  const { pathname } = useLocation();
  return (state: SearchUrlState) => `${pathname}?${searchUrlParams(state).toString()}`;
}

/** Hidden inputs that carry the rest of the state through a GET form. */
function Carry({ state, omit }: { state: SearchUrlState; omit: string[] }) {
  const entries = [...searchUrlParams({ ...state, page: 1 }).entries()].filter(([key]) => !omit.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)));
  return (
    <>
      {entries.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/** The browser's own do-not-track or privacy-control signal, once scripts run (REQ-ANALYTICS-3). */
function useBrowserAllowsTracking(): boolean {
  const [allows, setAllows] = useState(true);
  useEffect(() => {
    const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
    setAllows(browser.doNotTrack !== '1' && browser.globalPrivacyControl !== true);
  }, []);
  return allows;
}

/** False on the server and in the first render in the browser; true once scripts run. */
function useScriptsRunning(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}

/**
 * A result's link with its click beacon. Without JavaScript the link's `ping` sends it; once scripts
 * run, `navigator.sendBeacon` does, because Firefox (and Safari's privacy modes) send no pings. The
 * ping is removed then, so browsers that do send it do not count the click twice.
 */
function ResultLink({ href, beacon, children }: { href: string; beacon: string | undefined; children: ReactNode }) {
  const scripted = useScriptsRunning();
  const send = scripted && beacon ? () => void navigator.sendBeacon(beacon, 'PING') : undefined;
  // The middle button opens the link too; the right one only opens a menu.
  const sendOnMiddle = send ? (event: MouseEvent) => void (event.button === 1 && send()) : undefined;
  return (
    <a href={href} ping={scripted ? undefined : beacon} data-beacon={scripted ? beacon : undefined} onClick={send} onAuxClick={sendOnMiddle}>
      {children}
    </a>
  );
}

function ResultItem({ result, position, searchUid, tab, tracking, folded = false, children }: { result: ResultView; position: number; searchUid: string; tab: string; tracking: boolean; folded?: boolean; children?: ReactNode }) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const f = result.fields;
  const foreign = foreignLang(result.lang, tag);
  const signedIn = useSiteShell()?.account.state === 'signed-in';
  // A series' folded parts are under its result, one heading level down.
  const Heading = folded ? 'h4' : 'h3';
  const date = typeof f.date === 'number' ? new Date(f.date) : undefined;
  const dateText = date ? <time dateTime={date.toISOString()}>{formatDate(date, tag, 'long')}</time> : null;
  const browserAllows = useBrowserAllowsTracking();
  const ping =
    tracking && browserAllows
      ? clickBeaconUrl({ uid: searchUid, pos: position, id: result.uniqueId, hash: result.uriHash, pid: result.permanentId, uri: result.clickUri, title: result.title.slice(0, 500), src: result.source, tab, lang: tag.slice(0, 2) })
      : undefined;
  if (result.type === 'Product') {
    return (
      <li className="result result--product" id={`result-${result.uniqueId}`}>
        {f.productimageurl ? <img src={String(f.productimageurl)} alt="" width={64} height={64} loading="lazy" /> : null}
        <div>
          <Heading>
            <ResultLink href={result.clickUri} beacon={ping}>{String(f.partnumber ?? result.title)}</ResultLink>
          </Heading>
          <p className="result__meta">
            {t('search.series')} {String(f.series ?? '')} · {String(f.currentpagecategoryname ?? f.levelthreecategory ?? '')}
            {dateText ? <> · {dateText}</> : null}
          </p>
          <p>{String(f.shortdescription ?? result.excerpt)}</p>
          <p className="result__badges">
            {f.checkstock ? <span className="badge badge--ok">{t('search.inStock')}</span> : null}
            {f.isparteligibleforsample ? <span className="badge">{t('search.samples')}</span> : null}
            {f.datasheeturl ? <a href={String(f.datasheeturl)}>{t('search.datasheet')}</a> : null}
            <CompareToggle partNumber={String(f.partnumber ?? result.title)} />
          </p>
        </div>
          {children}
      </li>
    );
  }
  if (result.type === 'Document') {
    return (
      <li className="result result--document" id={`result-${result.uniqueId}`}>
        <Heading lang={foreign}>
          <ResultLink href={result.clickUri} beacon={ping}>{result.title}</ResultLink>
        </Heading>
        <p className="result__meta">
          {String(f.documenttypedisplayname ?? f.resourcetype ?? '')} · {String(f.filetype ?? '').toUpperCase()}
          {typeof f.size === 'number' ? ` · ${formatFileSize(f.size, tag)}` : ''}
          {dateText ? <> · {dateText}</> : null}
          {f.issecured ? ` · ${t('search.signInRequired')}` : ''}
        </p>
        {/* A secured document previews only for a signed-in visitor (with their own search token). */}
        {f.issecured && !signedIn ? null : (
          <p className="result__badges">
            <a href={`/api/search/preview?${new URLSearchParams({ uniqueId: result.uniqueId, locale: tag })}`} target="_blank" rel="noopener">
              {t('search.preview')}
            </a>
          </p>
        )}
        {children}
      </li>
    );
  }
  if (result.type === 'FAQ') {
    return (
      <li className="result result--faq" id={`result-${result.uniqueId}`}>
        <Heading lang={foreign}>
          <ResultLink href={result.clickUri} beacon={ping}>{String(f.question_custom ?? result.title)}</ResultLink>
        </Heading>
        {dateText ? <p className="result__meta">{dateText}</p> : null}
        <p lang={foreign}>{String(f.answer_custom ?? result.excerpt)}</p>
        {children}
      </li>
    );
  }
  return (
    <li className={`result result--${result.type.toLowerCase()}`} id={`result-${result.uniqueId}`}>
      <Heading lang={foreign}>
        <ResultLink href={result.clickUri} beacon={ping}>{result.title}</ResultLink>
      </Heading>
      <p className="result__meta">
        {t(`search.type.${result.type}`)}
        {dateText ? <> · {dateText}</> : null}
      </p>
      <p lang={foreign}>{result.excerpt}</p>
      {children}
    </li>
  );
}

/** Results folded under a result (REQ-SEARCH-9: 2 shown; the whole collection, up to 100, on demand). */
function FoldedChildren({ result, state, position, searchUid, tracking }: { result: FoldedResultView; state: SearchUrlState; position: number; searchUid: string; tracking: boolean }) {
  const t = useTranslate();
  const href = useHref();
  if (result.children.length === 0) return null;
  const expanded = state.collection === result.collectionId;
  return (
    <div className="result__folded">
      <ul aria-label={t('search.foldedLabel', { series: String(result.fields.series ?? result.title) })}>
        {result.children.map((child) => (
          <ResultItem key={child.uniqueId} result={child} position={position} searchUid={searchUid} tab={state.tab} tracking={tracking} folded />
        ))}
      </ul>
      {result.moreInCollection && !expanded ? (
        <Link to={`${href({ ...state, collection: result.collectionId })}#result-${result.uniqueId}`} preventScrollReset>
          {t('search.foldedMore')}
        </Link>
      ) : null}
      {expanded ? (
        <Link to={`${href({ ...state, collection: undefined })}#result-${result.uniqueId}`} preventScrollReset>
          {t('search.foldedLess')}
        </Link>
      ) : null}
    </div>
  );
}

function FacetBox({ facet, state, names }: { facet: FacetView; state: SearchUrlState; names: Record<string, string> | undefined }) {
  const t = useTranslate();
  const href = useHref();
  if (facet.values.length === 0 && !facet.path?.length && !state.ranges[facet.id]) return null;
  if (facet.type === 'hierarchical') {
    const path = facet.path ?? [];
    return (
      <fieldset className="facet">
        <legend>{t(facet.label)}</legend>
        <ul>
          {path.length ? (
            <li>
              <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: path.length > 1 ? [path.slice(0, -1).join('|')] : [] } }))}>← {categoryPathLabels(path.at(-1) ?? '', names)}</Link>
            </li>
          ) : null}
          {facet.values.map((value) => (
            <li key={value.value}>
              <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: [value.value] } }))}>
                {categoryPathLabels(value.value, names).at(-1)} <span className="facet__count">({value.count})</span>
              </Link>
            </li>
          ))}
        </ul>
        <input type="hidden" name={`f.${facet.id}`} value={path.join('|')} disabled={path.length === 0} />
      </fieldset>
    );
  }
  if (facet.type === 'numericalRange') return <RangeFacet facet={facet} state={state} />;
  const searchable = facet.type === 'specific' && (facet.moreValues || facet.search !== undefined);
  const shown = facet.search ? facet.search.values : facet.values;
  // Selected values the facet search does not show must still be sent, or Apply would drop them.
  const hiddenSelected = facet.search ? (state.facets[facet.id] ?? []).filter((value) => !shown.some((v) => v.value === value)) : [];
  const label = t(facet.label);
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      {searchable ? (
        <div className="facet__search">
          <label htmlFor={`facet-search-${facet.id}`} className="visually-hidden">
            {t('search.facetSearch', { facet: label })}
          </label>
          <input
            id={`facet-search-${facet.id}`}
            type="search"
            name={`fs.${facet.id}`}
            defaultValue={state.facetSearch[facet.id] ?? ''}
            key={state.facetSearch[facet.id] ?? ''}
            placeholder={t('search.facetSearchPlaceholder')}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      ) : null}
      {facet.search && shown.length === 0 ? <p className="facet__empty">{t('search.facetSearchNone', { q: facet.search.query })}</p> : null}
      {hiddenSelected.map((value) => (
        <input key={value} type="hidden" name={`f.${facet.id}`} value={value} />
      ))}
      <ul>
        {shown.map((value) => (
          <li key={value.value}>
            <label>
              {/* Keyed by its state: after Back the box shows the URL's choice, not the one the visitor last clicked. */}
              <input type="checkbox" name={`f.${facet.id}`} value={value.value} defaultChecked={value.selected} key={String(value.selected)} />
              {facet.type === 'dateRange' ? value.value.split('..').map((d) => d.slice(0, 10)).join(' – ') : facetValueLabel(t, facet.field, value.value, names)} <span className="facet__count">({value.count})</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="facet__links">
        {facet.search ? (
          <Link to={href({ ...state, facetSearch: Object.fromEntries(Object.entries(state.facetSearch).filter(([id]) => id !== facet.id)) })} preventScrollReset>
            {t('search.facetSearchClear')}
          </Link>
        ) : null}
        {facet.moreValues && !facet.search && !state.expanded.includes(facet.id) ? (
          <Link to={href({ ...state, expanded: [...state.expanded, facet.id] })} preventScrollReset>
            {t('search.showMore')}
          </Link>
        ) : null}
        {state.expanded.includes(facet.id) ? (
          <Link to={href({ ...state, expanded: state.expanded.filter((id) => id !== facet.id) })} preventScrollReset>
            {t('search.showLess')}
          </Link>
        ) : null}
        {state.facets[facet.id]?.length ? <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: [] } }))}>{t('search.clear')}</Link> : null}
      </p>
    </fieldset>
  );
}

/** The active filters, each removable, and all of them at once (REQ-FACET-2: deselect-all resets). */
function formatQuantity(value: number | undefined, unit: string | undefined, locale: string): string {
  if (value === undefined) return '…';
  return `${formatNumber(value, locale, { maximumSignificantDigits: 4 })}${unit ? ` ${unit}` : ''}`;
}

/**
 * A numeric facet: the service's automatic ranges as links, and min/max inputs sent with the
 * facets form (Apply without JavaScript; on change with it). Values are in the field's SI unit.
 */
function RangeFacet({ facet, state }: { facet: FacetView; state: SearchUrlState }) {
  const t = useTranslate();
  const href = useHref();
  const tag = useSiteShell()?.tag ?? 'en';
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
          const text = `${formatQuantity(start, facet.unit, tag)} – ${formatQuantity(end, facet.unit, tag)}`;
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

function Breadcrumbs({ state, facets, names }: { state: SearchUrlState; facets: FacetView[]; names: Record<string, string> | undefined }) {
  const t = useTranslate();
  const fieldOf = (id: string) => facets.find((facet) => facet.id === id)?.field ?? id;
  const valueText = (id: string, value: string) => (value.includes('|') || nameOf(names, value) ? categoryPathLabels(value, names).join(' › ') : facetValueLabel(t, fieldOf(id), value, names));
  const href = useHref();
  // A facet the answer left out (its value refused: `f.date=past-3-day`) is still named by its
  // section's label, in the page's language, not by its English id (issue 31).
  const labelOf = (id: string) => {
    const label = facets.find((facet) => facet.id === id)?.label ?? [...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => section.facets).find((facet) => facet.id === id)?.label;
    return label ? t(label) : id;
  };
  const tag = useSiteShell()?.tag ?? 'en';
  const crumbs = Object.entries(state.facets).flatMap(([id, values]) => values.map((value) => ({ id, value })));
  const ranges = Object.entries(state.ranges).filter(([, range]) => range.min !== undefined || range.max !== undefined);
  if (crumbs.length === 0 && ranges.length === 0) return null;
  const unitOf = (id: string) => facets.find((facet) => facet.id === id)?.unit;
  return (
    <nav className="search-breadcrumbs" aria-label={t('search.activeFilters')}>
      <ul>
        {crumbs.map(({ id, value }) => (
          <li key={`${id}=${value}`}>
            <Link
              to={href(withChange(state, { facets: { ...state.facets, [id]: (state.facets[id] ?? []).filter((v) => v !== value) } }))}
              aria-label={t('search.removeFilter', { filter: `${labelOf(id)}: ${categoryPathLabels(value, names).at(-1)}` })}
            >
              {labelOf(id)}: {value.includes('..') ? value.split('..').map((d) => d.slice(0, 10)).join(' – ') : valueText(id, value)} ×
            </Link>
          </li>
        ))}
        {ranges.map(([id, range]) => {
          const text = `${labelOf(id)}: ${formatQuantity(range.min, unitOf(id), tag)} – ${formatQuantity(range.max, unitOf(id), tag)}`;
          const rest = { ...state.ranges };
          delete rest[id];
          return (
            <li key={`range-${id}`}>
              <Link to={href(withChange(state, { ranges: rest }))} aria-label={t('search.removeFilter', { filter: text })}>
                {text} ×
              </Link>
            </li>
          );
        })}
        <li>
          <Link to={href(withChange(state, { facets: {}, ranges: {} }))}>{t('search.clearAll')}</Link>
        </li>
      </ul>
    </nav>
  );
}

function pagesAround(current: number, last: number): number[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  return [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
}

/** Two search URLs that ask for the same search, whatever the order or spelling of their parameters. */
function sameSearch(a: URLSearchParams, b: URLSearchParams): boolean {
  const canonical = (params: URLSearchParams) => {
    const entries = [...searchUrlParams(parseSearchUrl(params, SEARCH_TABS, SEARCH_SCOPES)).entries()];
    return JSON.stringify(entries.sort(([x, v], [y, w]) => (x === y ? v.localeCompare(w) : x.localeCompare(y))));
  };
  return canonical(a) === canonical(b);
}

/** A sentence naming what cannot be searched, in the page's language. */
function problemText(problem: SearchUrlProblem, t: ReturnType<typeof useTranslate>, state: SearchUrlState): string {
  switch (problem.kind) {
    case 'badFacetValue': {
      const facet = [...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => section.facets).find((candidate) => candidate.id === problem.facetId);
      return t('search.problem.badFacetValue', { value: problem.value, facet: facet ? t(facet.label) : problem.facetId });
    }
    case 'unknownTab':
      return t('search.problem.unknownTab', { value: problem.value, tabs: SEARCH_TABS.map((tab) => t(tab.label)).join(', ') });
    case 'unknownScope':
      return t('search.problem.unknownScope', { value: problem.value, scopes: SEARCH_SCOPES.map((scope) => t(scope.label)).join(', ') });
    case 'badPage':
      return t('search.problem.badPage', { value: problem.value, q: state.q });
  }
}

/** The same search without the parts that could not be searched. */
function cleanState(state: SearchUrlState, problems: SearchUrlProblem[]): SearchUrlState {
  const facets = Object.fromEntries(
    Object.entries(state.facets)
      .map(([facetId, values]) => [facetId, values.filter((value) => !problems.some((problem) => problem.kind === 'badFacetValue' && problem.facetId === facetId && problem.value === value))] as const)
      .filter(([, values]) => values.length > 0),
  );
  return { ...state, facets, page: 1 };
}

/** The search page with the names of the facet values its search shows (sent with the search) beside the page's phrases. */
function SearchResults(props: RenderingProps<Record<string, never>>) {
  const page = useContext(PagePhrases);
  const values = (props.data as SearchResultsData).valuePhrases;
  const phrases = useMemo(() => (values ? { ...page, ...values } : page), [page, values]);
  return (
    <PagePhrases.Provider value={phrases}>
      <SearchPage {...props} />
    </PagePhrases.Provider>
  );
}

function SearchPage({ data, lead }: RenderingProps<Record<string, never>>) {
  const t = useTranslate();
  const Heading = lead ? 'h1' : 'h2';
  const shell = useSiteShell();
  const href = useHref();
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const language = shell?.language ?? 'en';
  const tag = shell?.tag ?? 'en';
  const { state, view, history, tracking, snippet, problems, recommendations, errorId } = data as SearchResultsData;
  const refused = useActionData<SnippetFeedbackErrors>();
  const last = Math.max(1, Math.min(Math.ceil(view.total / state.size), Math.floor(MAX_REACHABLE_RESULTS / state.size)));
  // The summary counts what the answer holds, never what the URL asked for.
  const first = view.firstResult + 1;
  const shownLast = view.firstResult + view.results.length;
  // Asked for a page past the last: the loader answered 404 with no results; say which is the last.
  const lastPage = !view.error && view.total > 0 && state.page > last ? last : undefined;
  const tabs = [{ id: 'mainsearch' }, { id: 'parametric' }, { id: 'designcenter' }, { id: 'whereToBuy' }];
  // With JavaScript, ticking a checkbox applies it at once (a typed number when it is left or on
  // Enter); without, the Apply button does. Empty fields stay out of the URL.
  const submitClean = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    for (const [key, value] of [...fields.entries()]) if (value === '') fields.delete(key);
    // REQ-SEARCH-11 snapshots: a search that differs in nothing from the one shown adds no history entry.
    const next = new URLSearchParams([...fields.entries()].map(([key, value]) => [key, String(value)]));
    const replace = sameSearch(next, new URLSearchParams(search));
    submit(fields, { method: 'get', action: form.getAttribute('action') ?? undefined, preventScrollReset: true, replace });
  };
  const applyOnChange = (event: FormEvent<HTMLFormElement>) => {
    // Typed values (a number, a facet search) apply on Enter or when left, not at every key.
    const type = (event.target as HTMLInputElement).type;
    if (type === 'number' || type === 'search') return;
    submitClean(event.currentTarget);
  };
  const applyOnSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitClean(event.currentTarget);
  };
  const facetForm = useRef<HTMLFormElement>(null);
  useEarlyTicks(facetForm, submitClean);
  const sortForm = useRef<HTMLFormElement>(null);
  useEarlyTicks(sortForm, submitClean);

  return (
    <section className="search-page" aria-busy={navigation.state === 'loading'}>
      <Heading className="search-page__title">{t('search.heading')}</Heading>
      <SearchBox
        key={state.q}
        className="search-form"
        suggestionCount={MAIN_BOX_SUGGESTIONS}
        defaultValue={state.q}
        hidden={{ tab: state.tab }}
        beside={<ScopeSelect value={state.scope ?? ''} />}
        buttonClassName="button button--primary"
      />

      <nav className="search-tabs" aria-label={t('search.tabs')}>
        {tabs.map((tab) => (
          <Link key={tab.id} to={href(withChange(state, { tab: tab.id, facets: {}, ranges: {} }))} aria-current={tab.id === state.tab ? 'page' : undefined}>
            {t(`search.tab.${tab.id}`)}
          </Link>
        ))}
      </nav>

      {view.correction ? (
        <p className="search-notice" role="status">
          {t('search.correctedTo', { corrected: view.correction.corrected })}{' '}
          <Link to={href({ ...withChange(state, { q: view.correction.original }), exact: true })}>{t('search.searchInstead', { original: view.correction.original })}</Link>
        </p>
      ) : null}
      {view.answer ? (
        <section className="smart-snippet" aria-label={t('search.answer')}>
          <h2>{view.answer.question}</h2>
          <details open>
            <summary>{t('search.answer')}</summary>
            <div className="prose" dangerouslySetInnerHTML={{ __html: view.answer.answerHtml }} />
          </details>
          {view.answer.related.length ? (
            <div className="smart-snippet__related">
              <h3>{t('search.relatedQuestions')}</h3>
              {view.answer.related.map((item) => (
                <details key={item.question}>
                  <summary>{item.question}</summary>
                  <div className="prose" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
                </details>
              ))}
            </div>
          ) : null}
          <SnippetFeedback
            question={view.answer.question}
            searchUid={view.searchUid}
            state={snippet}
            hrefWith={(next) => `${href(state)}${next ? `&snippet=${next}` : ''}`}
            refused={refused?.component === 'SearchResults' ? refused : undefined}
          />
        </section>
      ) : null}
      {view.rewrite ? (
        <p className="search-notice" role="status">
          {t('search.queryRewritten', { rewritten: view.rewrite.rewritten, original: view.rewrite.original })}{' '}
          <Link to={href({ ...withChange(state, { q: view.rewrite.original }), exact: true })}>{t('search.searchInstead', { original: view.rewrite.original })}</Link>
        </p>
      ) : null}
      {(view.executions ?? []).filter(isTriggerAction).map((name) => (
        <p key={name} className="search-notice search-notice--action">
          <Link to={localizedPath(language, TRIGGER_ACTIONS[name].path)}>{t(TRIGGER_ACTIONS[name].labelKey)}</Link>
        </p>
      ))}
      {view.notifications.map((message) => (
        <p key={message} className="search-notice" role="status">
          {message}
        </p>
      ))}
      {view.redirectTo ? (
        <p className="search-notice">
          <a href={view.redirectTo} target="_blank" rel="noopener">
            {t('search.redirectElsewhere')}
          </a>
        </p>
      ) : null}

      <Breadcrumbs state={state} facets={view.facets} names={view.categoryNames} />

      {problems?.length ? (
        <div className="search-error" role="alert" data-status={400}>
          {problems.map((problem, index) => (
            <p key={index}>{problemText(problem, t, state)}</p>
          ))}
          <Link to={href(cleanState(state, problems))}>{t('search.problem.searchWithout')}</Link>
        </div>
      ) : view.error ? (
        <div className="search-error" role="alert" data-status={view.error.status}>
          <p>{t(view.error.status === 419 ? 'search.errorExpired' : view.error.status === 429 ? 'search.errorThrottled' : view.error.status === 400 && view.error.type !== 'ClientError' ? 'search.errorQuery' : 'search.error')}</p>
          <p className="search-error__detail">{view.error.message}</p>
          {errorId ? (
            <p className="error-page__id">
              {t('error.id')} <code>{errorId}</code>
            </p>
          ) : null}
          <Link to={href(state)} reloadDocument>
            {t('search.retry')}
          </Link>
        </div>
      ) : (
        <div className="search-layout">
          {/* autoComplete off: without JavaScript, Back must not restore the boxes ticked before leaving. */}
          <Form method="get" className="search-facets" ref={facetForm} autoComplete="off" onChange={applyOnChange} onSubmit={applyOnSubmit} aria-label={t('search.filters')}>
            <Carry state={state} omit={['f', 'fs', 'min', 'max', 'page']} />
            {view.facets.map((facet) => (
              <FacetBox key={facet.id} facet={facet} state={state} names={view.categoryNames} />
            ))}
            <button type="submit" className="button">
              {t('search.apply')}
            </button>
            <SearchHistory history={history} queryHref={(query) => recentQueryHref(pathname, state, query)} t={t} />
          </Form>

          <div className="search-main">
            <div className="search-toolbar">
              <p className="result-count" role="status" data-total={view.total}>
                {view.total === 0
                  ? t('search.noResults', { q: state.q })
                  : lastPage !== undefined
                    ? t('search.beyondLastPage', { page: formatNumber(state.page, tag), last: formatNumber(lastPage, tag), total: formatNumber(view.total, tag) })
                    : t(view.totalUnfolded ? 'search.summaryFolded' : 'search.summary', {
                        first: formatNumber(first, tag),
                        last: formatNumber(shownLast, tag),
                        total: formatNumber(view.total, tag),
                        unfolded: formatNumber(view.totalUnfolded ?? view.total, tag),
                      })}
              </p>
              {lastPage !== undefined ? (
                <p className="search-notice">
                  <Link to={href({ ...state, page: lastPage })}>{t('search.goToPage', { page: formatNumber(lastPage, tag) })}</Link>
                </p>
              ) : null}
              <Form method="get" className="search-sort" ref={sortForm} autoComplete="off" onChange={applyOnChange}>
                <Carry state={state} omit={['sort', 'size', 'page']} />
                <label>
                  {t('search.sortBy')}{' '}
                  <select name="sort" defaultValue={state.sort} key={state.sort}>
                    {Object.keys(SORTS).map((key) => (
                      <option key={key} value={key}>
                        {t(`search.sort.${key}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t('search.perPage')}{' '}
                  <select name="size" defaultValue={String(state.size)} key={state.size}>
                    {SITE_PAGE_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="button">
                  {t('search.apply')}
                </button>
              </Form>
            </div>
            {recommendations ? <RecommendationList view={recommendations} /> : null}
            {/* The results' titles are h3: a heading of their own above them keeps the order on every tab (axe heading-order, issue 31). */}
            <h2 className="visually-hidden">{t('search.resultsHeading')}</h2>
            <ol className="result-list" start={first} data-first-result={view.firstResult}>
              {view.results.map((result, index) => (
                <ResultItem key={result.uniqueId} result={result} position={first + index} searchUid={view.searchUid} tab={state.tab} tracking={tracking}>
                  <FoldedChildren result={result} state={state} position={first + index} searchUid={view.searchUid} tracking={tracking} />
                </ResultItem>
              ))}
            </ol>
            {last > 1 ? (
              <nav className="pager" aria-label={t('search.pages')}>
                {state.page > 1 ? (
                  <Link to={href({ ...state, page: state.page - 1 })} rel="prev">
                    {t('search.previous')}
                  </Link>
                ) : null}
                {pagesAround(state.page, last).map((page) => (
                  <Link key={page} to={href({ ...state, page })} aria-current={page === state.page ? 'page' : undefined}>
                    {page}
                  </Link>
                ))}
                {state.page < last ? (
                  <Link to={href({ ...state, page: state.page + 1 })} rel="next">
                    {t('search.next')}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

/** The search page's results (REQ-SEARCH-1); its data comes from data-loaders.server.ts. */
// Facet values' names (facetValue.<field>.<value>) come with the search, for the values it shows (SearchResultsData.valuePhrases).
export const searchResults: ComponentDefinition = { name: 'SearchResults', Component: SearchResults };


import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useContext, useEffect, useMemo, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { PagePhrases, useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { MAX_REACHABLE_RESULTS, SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import { formatNumber } from '~/lib/format.ts';
import { useEarlyTicks } from '~/lib/use-early-ticks.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { SearchRenderingData } from './rendering-data.ts';
import { MAIN_BOX_SUGGESTIONS, ScopeSelect, SearchBox } from './SearchBox.tsx';
import { SmartSnippet } from './results/SnippetFeedback.tsx';
import type { SnippetFeedbackErrors } from './snippet-feedback.ts';
import { SearchHistory } from './SearchHistory.tsx';
import { CrossReferenceAnswer } from './results/CrossReferenceAnswer.tsx';
import { RecommendationList } from './RecommendationList.tsx';
import { recentQueryHref, SORTS, withChange } from './url-state.ts';
import { isTriggerAction, TRIGGER_ACTIONS } from './trigger-actions.ts';
import { localizedPath } from '~/cms/language.ts';
import { Carry, controlSelector, useHref, useOpenElsewhereOnce, useResultsShownFirst } from './results/search-page-parts.tsx';
import { FoldedChildren, ResultItem } from './results/ResultItem.tsx';
import { FacetBox } from './results/FacetBox.tsx';
import { Breadcrumbs } from './results/Breadcrumbs.tsx';
import { Pager } from './results/Pager.tsx';
import { activeFilterCount, cleanState, problemText, rangeFacetsToFix, sameSearch } from './search-problems.ts';
import { RangeFix } from './results/RangeFacet.tsx';
import { FilterDrawer } from '~/lib/Disclosure.tsx';
const RESULTS_HEADING = 'search-results-heading';

/** The search page with the names of the facet values its search shows (sent with the search) beside the page's phrases. */
function SearchResults(props: RenderingProps<Record<string, never>, SearchRenderingData['SearchResults']>) {
  const page = useContext(PagePhrases);
  const values = props.data.valuePhrases;
  const phrases = useMemo(() => (values ? { ...page, ...values } : page), [page, values]);
  return (
    <PagePhrases.Provider value={phrases}>
      <SearchPage {...props} />
    </PagePhrases.Provider>
  );
}

function SearchPage({ data, lead }: RenderingProps<Record<string, never>, SearchRenderingData['SearchResults']>) {
  const t = useTranslate();
  const Heading = lead ? 'h1' : 'h2';
  const shell = useSiteShell();
  const href = useHref();
  const { pathname, search, key: locationKey } = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const language = shell?.language ?? 'en';
  const tag = shell?.tag ?? 'en';
  const { state, view, history, tracking, snippet, problems, recommendations, errorId } = data;
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
  // The control a visitor used to change the search is rendered anew with the new search (a box
  // keyed by its state, a select by its value): focus is put back on it once the page shows the new
  // search, or on the results' heading after a page link, not dropped to <body>.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const selector = refocus.current;
    refocus.current = null;
    if (selector) document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [locationKey]);
  // A sort or page size chosen from the keyboard (arrows on a closed select change it at once) waits
  // for Enter or Apply, so the options can be read one by one; one chosen with the pointer applies.
  const keyedChoice = useRef(false);
  const onSortKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      keyedChoice.current = false;
      event.currentTarget.requestSubmit();
    } else if (event.key !== 'Tab' && event.key !== 'Shift') keyedChoice.current = true;
  };
  const submitClean = (form: HTMLFormElement) => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && form.contains(active)) refocus.current = controlSelector(active);
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
    if (event.target instanceof HTMLSelectElement && keyedChoice.current) return;
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
  // A new search paints its first screen of results first; the page stays busy until the rest are in.
  const { shown, pending } = useResultsShownFirst(view.results.length);
  useOpenElsewhereOnce(view.redirectTo, href(state));

  return (
    <section className="search-page" aria-busy={navigation.state === 'loading' || pending}>
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
        <SmartSnippet
          answer={view.answer}
          searchUid={view.searchUid}
          state={snippet}
          hrefWith={(next) => `${href(state)}${next ? `&snippet=${next}` : ''}`}
          refused={refused?.component === 'SearchResults' ? refused : undefined}
        />
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

      {/* A refused search filters nothing: no chips for what the message names. */}
      {problems?.length ? null : <Breadcrumbs state={state} facets={view.facets} names={view.categoryNames} {...(view.values ? { values: view.values } : {})} />}

      {problems?.length ? (
        <div className="search-error" role="alert" data-status={400}>
          {problems.map((problem, index) => (
            <p key={index}>{problemText(problem, t, state, tag)}</p>
          ))}
          {rangeFacetsToFix(problems).map((facet) => (
            <RangeFix key={facet.id} facet={facet} state={state} />
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
          <FilterDrawer className="search-filters" label={t('search.filtersCount', { count: formatNumber(activeFilterCount(state), tag) })} closeLabel={t('search.filtersClose')}>
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
          </FilterDrawer>

          <div className="search-main">
            <div className="search-toolbar">
              <p className="result-count" role="status" data-total={view.total}>
                {view.total === 0
                  ? t('search.noResults', { q: state.q })
                  : lastPage !== undefined
                    ? t('search.beyondLastPage', { page: String(state.page), last: String(lastPage), total: formatNumber(view.total, tag) })
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
              <Form
                method="get"
                className="search-sort"
                ref={sortForm}
                autoComplete="off"
                onChange={applyOnChange}
                onSubmit={applyOnSubmit}
                onKeyDown={onSortKeyDown}
                onPointerDown={() => (keyedChoice.current = false)}
              >
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
            {data.crossReference ? <CrossReferenceAnswer answer={data.crossReference} /> : null}
            {recommendations ? <RecommendationList view={recommendations} /> : null}
            {/* The results' titles are h3: a heading of their own above them keeps the order on every tab (axe heading-order, issue 31). */}
            {/* Focus lands here after a page link (tabIndex -1): the new page's results are read from their start. */}
            <h2 className="visually-hidden" id={RESULTS_HEADING} tabIndex={-1}>
              {t('search.resultsHeading')}
            </h2>
            <ol className="result-list" start={first} data-first-result={view.firstResult} data-sort={state.sort}>
              {view.results.slice(0, shown).map((result, index) => (
                <ResultItem key={result.uniqueId} result={result} position={first + index} searchUid={view.searchUid} tab={state.tab} tracking={tracking}>
                  <FoldedChildren result={result} state={state} position={first + index} searchUid={view.searchUid} tracking={tracking} />
                </ResultItem>
              ))}
            </ol>
            {pending ? null : <Pager state={state} last={last} onPage={() => (refocus.current = `#${RESULTS_HEADING}`)} />}
          </div>
        </div>
      )}
    </section>
  );
}

/** The search page's results (REQ-SEARCH-1); its data comes from data-loaders.server.ts. */
// Facet values' names (facetValue.<field>.<value>) come with the search, for the values it shows (SearchResultsData.valuePhrases).
export const searchResults: ComponentDefinition<SearchRenderingData['SearchResults']> = { name: 'SearchResults', Component: SearchResults };

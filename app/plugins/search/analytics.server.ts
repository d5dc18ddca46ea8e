import type { AppLoadContext } from '@remix-run/node';
import { getSessionUser } from '~/auth/session.server.ts';
import { analyticsIdentity, sendPageEvent, trackingAllowed, type AnalyticsKind } from '~/lib/analytics.server.ts';
import { describeSearchAction } from './analytics.ts';
import type { SearchFacetDefinition } from './definitions.ts';
import type { SearchView } from './search.server.ts';
import type { SearchUrlState } from './url-state.ts';

export interface SearchPageVisit {
  request: Request;
  context: AppLoadContext;
  responseHeaders: Headers;
  /** The page language's tag (en, de, ja-JP, zh-CN). */
  language: string;
  state: SearchUrlState;
  /** The search state the visitor came from (the same-origin Referer), if any. */
  previous: SearchUrlState | null;
  view: SearchView;
  /** The tab's filter expression (cq), for the query-error event. */
  constantQuery: string;
  facet: (facetId: string) => SearchFacetDefinition | undefined;
}

/**
 * The events Headless would have logged for this page: a search event (its cause told by
 * describeSearchAction), or the custom event some actions are, or on failure the query-error
 * custom event of SPEC 8.
 */
export async function logSearchPage(visit: SearchPageVisit): Promise<void> {
  const { request, context, state, view } = visit;
  if (!trackingAllowed(request)) return;
  const send = (kind: AnalyticsKind, body: Record<string, unknown>) =>
    sendPageEvent({
      request,
      context,
      responseHeaders: visit.responseHeaders,
      kind,
      body,
      perVisitor: (header) => ({ userAgent: header('user-agent'), originLevel3: header('referer') }),
    });
  const common = {
    language: visit.language,
    originContext: 'Search',
    originLevel1: 'default',
    originLevel2: state.tab,
    ...analyticsIdentity(await getSessionUser(request, context)),
  };
  if (view.error) {
    await send('custom', {
      ...common,
      eventType: 'errors',
      eventValue: 'query',
      customData: { query: state.q, aq: '', cq: visit.constantQuery, dq: '', errorType: String(view.error.status), errorMessage: view.error.message },
    });
    return;
  }
  const action = describeSearchAction(visit.previous, state, visit.facet, Boolean(view.correction));
  if (action.kind === 'custom') {
    await send('custom', { ...common, eventType: action.eventType, eventValue: action.eventValue, lastSearchQueryUid: view.searchUid, customData: action.customData });
    return;
  }
  const facetState = Object.entries(state.facets).flatMap(([facetId, values]) =>
    values.map((value, position) => {
      const definition = visit.facet(facetId);
      return { id: facetId, facetId, field: definition?.field ?? facetId, title: definition?.label.en ?? facetId, facetType: definition?.type ?? 'specific', value, displayValue: value, valuePosition: position + 1, state: 'selected' };
    }),
  );
  await send('search', {
    ...common,
    actionCause: action.actionCause,
    actionType: action.actionType,
    customData: action.customData,
    searchQueryUid: view.searchUid,
    queryPipeline: view.pipeline,
    queryText: view.correction?.corrected ?? state.q,
    responseTime: Math.round(view.durationMs),
    numberOfResults: view.total,
    facetState,
  });
}

import { createHash } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { registry } from '../registry.ts';
import { facetToFreeze, type SearchUrlState } from './url-state.ts';

/** A facet's values as the visitor last saw them, kept in place for this search (REQ-FACET-2 freeze). */
export interface FrozenFacet {
  facetId: string;
  values: string[];
}

/**
 * The facet values each search page showed, by page (URL state, language and identity), so the
 * next page can freeze them without asking the Search API again (REQ-FACET-2 freeze), whichever of the
 * site's processes serves it: kept in the shared store. Small: value names only; kept half an
 * hour, which covers a visitor thinking over a filter. A store that fails means no freeze.
 */
const SHOWN_FACETS_MS = 30 * 60_000;

const shownKey = (pageKey: string) => `facets-shown:${createHash('sha256').update(pageKey).digest('base64url')}`;

export async function shownFacetValues(context: AppLoadContext, pageKey: string): Promise<Record<string, string[]> | undefined> {
  try {
    const value = await context.shared.get(shownKey(pageKey));
    return value === undefined ? undefined : (JSON.parse(value) as Record<string, string[]>);
  } catch {
    return undefined;
  }
}

export async function rememberShownFacetValues(context: AppLoadContext, pageKey: string, shown: Record<string, string[]>): Promise<void> {
  await context.shared.set(shownKey(pageKey), JSON.stringify(shown), SHOWN_FACETS_MS).catch(() => undefined);
}

/** The facet to freeze, with the values the previous page showed for it (none known: no freeze). */
export function frozenFacet(previous: SearchUrlState | null, state: SearchUrlState, shown: Record<string, string[]> | undefined): FrozenFacet | undefined {
  const facetId = facetToFreeze(previous, state);
  const definition = facetId ? registry.searchTabs().find((tab) => tab.id === state.tab)?.facets.find((facet) => facet.id === facetId) : undefined;
  if (!facetId || definition?.type !== 'specific') return undefined;
  const values = shown?.[facetId];
  return values?.length ? { facetId, values } : undefined;
}

/** Headless sends only the selected values after a restore: the frozen facet sends all it showed. */
export function freezeFacetInRequest(body: unknown, state: SearchUrlState, frozen: FrozenFacet): unknown {
  if (typeof body !== 'string') return body;
  const parsed = JSON.parse(body) as { facets?: Array<{ facetId: string; currentValues?: unknown; freezeCurrentValues?: boolean }> };
  const facet = parsed.facets?.find((entry) => entry.facetId === frozen.facetId);
  if (!facet) return body;
  const selected = new Set(state.facets[frozen.facetId] ?? []);
  const values = [...frozen.values, ...[...selected].filter((value) => !frozen.values.includes(value))];
  facet.currentValues = values.map((value) => ({ value, state: selected.has(value) ? 'selected' : 'idle' }));
  facet.freezeCurrentValues = true;
  return JSON.stringify(parsed);
}

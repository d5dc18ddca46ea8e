import { isRouteErrorResponse } from '@remix-run/react';
import type { ComponentRendering, PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { AuthRequired } from '~/auth/session.server.ts';
import { logFault } from '~/lib/faults.server.ts';
import { isDataAnswer } from '~/lib/route-answer.server.ts';
import { timed } from '../../server/server-timing.ts';
import type { SharedCacheKind } from '../../server/config.ts';
import type { RenderingLoaderArgs, ServerRegistry } from './server-registry.server.ts';

/** What a rendering whose loader failed carries instead of data: the id its error block shows and the log holds. */
export interface RenderingFailure {
  errorId: string;
}

export type PageLoaderArgs = Omit<RenderingLoaderArgs, 'markUnavailable' | 'markStatus' | 'rendering'>;

export interface RenderingDataOutcome {
  /** The page's main placeholder holds nothing but renderings whose service is down (503) or that failed. */
  allMainUnavailable: boolean;
  /** Some rendering failed; with allMainUnavailable the page is ours to fix (500), not the service's. */
  failed: boolean;
  clientError?: number;
}

/** An answer a loader throws on purpose (redirect, 404, a sign-in that expired) is the page's, not the rendering's. */
function answersThePage(error: unknown): boolean {
  return error instanceof Response || isDataAnswer(error) || isRouteErrorResponse(error) || error instanceof AuthRequired;
}

/**
 * Renderings whose plugin loads server data get it as `data`, in parallel. A loader that throws
 * spoils only its rendering: it is logged with an error id and the rendering gets
 * `renderingError` instead of data, which its placeholder shows as an error block.
 */
export async function loadRenderingData(route: RouteData, args: PageLoaderArgs, server: ServerRegistry): Promise<RenderingDataOutcome> {
  const pending: Array<Promise<void>> = [];
  const unavailable = new Set<ComponentRendering>();
  let failed = false;
  let clientError: number | undefined;
  const markStatus = (status: number) => void (clientError ??= status);
  const visit = (placeholders: PlaceholdersData | undefined) => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (const entry of entries) {
        if (!('componentName' in entry)) continue;
        const loader = server.loader(entry.componentName);
        const target = entry as ComponentRendering & { data?: unknown; renderingError?: RenderingFailure };
        const markUnavailable = () => void unavailable.add(entry);
        if (loader) {
          pending.push(
            // Called inside then() so a loader that throws before its first await is caught the same way.
            Promise.resolve()
              .then(() => timed(args.context.timing, `loader.${entry.componentName}`, () => loader({ ...args, rendering: entry, markUnavailable, markStatus })))
              .then(
                (data) => void (target.data = data),
                (error: unknown) => {
                  if (answersThePage(error)) throw error;
                  failed = true;
                  unavailable.add(entry);
                  target.renderingError = { errorId: logFault(args.request, args.context, error, `the ${entry.componentName} rendering failed to load its data`) };
                },
              ),
          );
        }
        visit(entry.placeholders);
      }
    }
  };
  visit(route.placeholders);
  await Promise.all(pending);
  if (failed) args.responseHeaders.set('Cache-Control', 'no-store');
  const main = (route.placeholders?.['jss-main'] ?? []).filter((entry): entry is ComponentRendering => 'componentName' in entry);
  return { allMainUnavailable: main.length > 0 && main.every((entry) => unavailable.has(entry)), failed, ...(clientError ? { clientError } : {}) };
}

const KIND_ORDER: readonly SharedCacheKind[] = ['search', 'catalogue', 'content'];

/**
 * The kind of shared page this is when every rendering is plain content or has data shared by
 * anonymous visitors (the shortest-lived kind among them), else undefined: the page is personal.
 */
export function sharedKindOf(placeholders: PlaceholdersData | undefined, server: ServerRegistry): SharedCacheKind | undefined {
  let kind: SharedCacheKind = 'content';
  const visit = (entries: PlaceholdersData | undefined): boolean =>
    Object.values(entries ?? {}).every((list) =>
      list.every((entry) => {
        if (!('componentName' in entry)) return true;
        const policy = server.cache(entry.componentName);
        if (policy) {
          if (policy === 'personal') return false;
          if (KIND_ORDER.indexOf(policy.shared) < KIND_ORDER.indexOf(kind)) kind = policy.shared;
        }
        return visit(entry.placeholders);
      }),
    );
  return visit(placeholders) ? kind : undefined;
}

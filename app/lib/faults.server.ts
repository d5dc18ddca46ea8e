import { data } from '@remix-run/node';
import { isDataAnswer } from './route-answer.server.ts';
import { isRouteErrorResponse } from '@remix-run/react';
import { logger, newErrorId, REQUEST_ID_HEADER } from '../../server/log.ts';
import type { AppLoadContext } from '@remix-run/node';
import { SharedStoreUnavailable } from '../../server/shared-store.ts';

/**
 * Our own faults on the way to a page (issue 19 item 4, decision 0037): one log line with the
 * error id the visitor is shown and the request's id (server/log.ts), then the error page (500).
 * The error id is noted in the request's load context (`faults`), which the site reads when the
 * response ends: a 5xx is logged once, here or there.
 */

/** The part of the load context a fault is noted in; undefined where a tool or test made none. */
export type FaultContext = Pick<AppLoadContext, 'faults'> | undefined;

export interface FaultPayload {
  errorId: string;
}

export function requestIdOf(request: Request): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** A fault of this request is in the log already (Remix reports a render error again for its boundary). */
export function faultLogged(context: FaultContext): boolean {
  return context?.faults?.errorId !== undefined;
}

/** Logs a fault of ours once, with the id the visitor will see, and returns that id. */
export function logFault(request: Request, context: FaultContext, cause: unknown, what: string): string {
  const errorId = newErrorId();
  const requestId = requestIdOf(request);
  logger.error({ errorId, requestId, method: request.method, path: new URL(request.url).pathname.slice(0, 300), err: cause }, what);
  if (context?.faults) context.faults.errorId = errorId;
  return errorId;
}

/** Fails closed: the visitor gets an error page with an id; the log gets the cause under that id. */
export function serverFault(request: Request, context: FaultContext, cause: unknown, what: string): never {
  if (cause instanceof SharedStoreUnavailable) storeUnavailable(request, context, cause);
  throw data<FaultPayload>({ errorId: logFault(request, context, cause, what) }, { status: 500, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * The shared store (Redis) is down: what needs it (a session, signing in) cannot work for now.
 * 503 with Retry-After and the error id, logged like any fault; it works again once Redis is back.
 */
export function storeUnavailable(request: Request, context: FaultContext, cause: SharedStoreUnavailable): never {
  return serviceUnavailable(request, context, cause, 'the shared store (Redis) is unavailable');
}

/**
 * A service the page needs is not answering (the shared store, the content service down, timing
 * out or failing with a 5xx): an outage elsewhere, not a fault of this page, so 503 with
 * Retry-After, logged like any fault with the id the visitor is shown. A proxy or a crawler then
 * knows to come back.
 */
export function serviceUnavailable(request: Request, context: FaultContext, cause: unknown, what: string): never {
  const errorId = logFault(request, context, cause, what);
  throw data<FaultPayload>({ errorId }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '10' } });
}

/**
 * Runs a loader's or action's work; an answer it throws on purpose (a Response: redirect, 404, 405)
 * goes on as it is, anything else is a fault of ours, logged with the id shown on the error page.
 * (Remix would otherwise show "Unexpected Server Error" with no id at all.)
 */
export async function withFaultIds<T>(request: Request, context: FaultContext, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error) || isDataAnswer(error)) throw error;
    serverFault(request, context, error, what);
  }
}

import { data } from '@remix-run/node';
import type { DataAnswer } from './route-answer.server.ts';
import type { ShellData } from '~/cms/page-data.ts';

/**
 * A visitor's or client's mistake, answered as the page's error page in its language (issue 19
 * item 4): the status says what was wrong, ErrorPage says it in words. No error id: nothing of
 * ours failed, and an id that is in no log would send support looking for nothing.
 */
export interface RefusalPayload {
  /** Dictionary key prefix of the message, e.g. `error.badRequest` (ErrorPage reads `.title`, `.text`). */
  reason: string;
  /**
   * The page's shell, for refusals the root route answers itself: its loader has not run then, and
   * the error page still needs the language and the phrases (use-site-shell.ts).
   */
  shell?: ShellData;
  /** Values for the message's `{{placeholders}}` (the refused value, named). */
  values?: Record<string, string>;
}

/** What every page takes: the method list of a 405. OPTIONS is answered by the server (server/http-guard.ts). */
export const PAGE_METHODS = 'GET, HEAD, POST, OPTIONS';
export const READ_ONLY_PAGE_METHODS = 'GET, HEAD, OPTIONS';

export function refusal(status: number, reason: string, init: { headers?: Record<string, string>; shell?: ShellData; values?: Record<string, string> } = {}): DataAnswer<RefusalPayload> {
  return data<RefusalPayload>(
    { reason, ...(init.shell ? { shell: init.shell } : {}), ...(init.values ? { values: init.values } : {}) },
    { status, headers: { 'Cache-Control': 'no-store', ...init.headers } },
  );
}

export function methodNotAllowed(allow: string, shell?: ShellData): DataAnswer<RefusalPayload> {
  return refusal(405, 'error.methodNotAllowed', { headers: { Allow: allow }, ...(shell ? { shell } : {}) });
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The one way actions read a form post: a body that is not a form (another content type, a
 * multipart body without its boundary or with garbage, a cut-off upload) is the client's mistake,
 * 400 with a message, never an uncaught TypeError and a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw refusal(400, 'error.notAForm');
  try {
    return await request.formData();
  } catch {
    throw refusal(400, 'error.notAForm');
  }
}

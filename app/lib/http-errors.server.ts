import { data, type ActionFunctionArgs, type HeadersFunction } from '@remix-run/node';
import { READ_ONLY_PAGE_METHODS, refusalText } from '../../server/refusal-messages.ts';
import { resolveLanguage } from '~/cms/language.ts';
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

/** What every page takes: the method list of a 405 (the site's own answers use it too). */
export { PAGE_METHODS, READ_ONLY_PAGE_METHODS } from '../../server/refusal-messages.ts';

export function refusal(status: number, reason: string, init: { headers?: Record<string, string>; shell?: ShellData; values?: Record<string, string> } = {}): DataAnswer<RefusalPayload> {
  return data<RefusalPayload>(
    { reason, ...(init.shell ? { shell: init.shell } : {}), ...(init.values ? { values: init.values } : {}) },
    { status, headers: { 'Cache-Control': 'no-store', ...init.headers } },
  );
}

export function methodNotAllowed(allow: string, shell?: ShellData): DataAnswer<RefusalPayload> {
  return refusal(405, 'error.methodNotAllowed', { headers: { Allow: allow }, ...(shell ? { shell } : {}) });
}

/**
 * The action of a route that only answers GET and HEAD (a file, a feed, suggestions): a method with
 * a body is 405 with Allow and a sentence in the address's language. Without an action Remix
 * answers 405 itself, saying "Unexpected Server Error" (issue 31). Pages use methodNotAllowed.
 */
export function refuseBodyMethods({ request, context }: ActionFunctionArgs): Response {
  const url = new URL(request.url);
  const where = resolveLanguage(url.pathname, url.host, context.config.zhHostSuffixes);
  const language = where.kind === 'page' ? where.language : 'en';
  return new Response(`${refusalText(language, 'methodNotAllowed', { method: request.method })}\n`, {
    status: 405,
    headers: { Allow: READ_ONLY_PAGE_METHODS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The headers of a route whose own refusal is its error page (a 405 of its action): Remix keeps
 * only the cookies of an error's headers unless the route passes them on, so Allow and the
 * refusal's Cache-Control and Retry-After go on here.
 */
export const refusalHeaders: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  for (const name of ['Allow', 'Cache-Control', 'Retry-After']) {
    const value = errorHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/**
 * The headers of a page route that takes no form: its loader's, as Remix passes them without a
 * headers function, and a refusal's own (its action's 405 keeps Allow).
 */
export const loaderOrRefusalHeaders: HeadersFunction = (args) => {
  if (args.errorHeaders) return refusalHeaders(args);
  const headers = new Headers(args.parentHeaders);
  args.loaderHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

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

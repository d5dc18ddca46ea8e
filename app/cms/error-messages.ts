/**
 * Which dictionary message an error page shows (its `.title` and `.text`): the one a refusal names
 * (app/lib/http-errors.server.ts), else the one of its status. Shared by the error page and the
 * server, which sends an error answer with its message's phrases (the shell has only the generic
 * ones).
 */
const MESSAGES: Record<number, string> = {
  400: 'error.badRequest',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  413: 'error.tooLarge',
  429: 'error.tooMany',
  503: 'error.unavailable',
};

export function errorMessageKey(status: number | undefined, payload: unknown): string {
  if (status === undefined) return 'error.server';
  if (payload && typeof payload === 'object' && 'reason' in payload && typeof payload.reason === 'string' && /^error\.\w+$/.test(payload.reason)) return payload.reason;
  if (Object.hasOwn(MESSAGES, status)) return MESSAGES[status]!;
  return status >= 500 ? 'error.server' : 'error.badRequest';
}

/** The generic message of a status, in the shell's phrases whatever the page (a message of its own may be missing). */
export function genericErrorKey(status: number | undefined): string {
  return status !== undefined && status < 500 ? 'error.badRequest' : 'error.server';
}

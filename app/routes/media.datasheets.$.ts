import type { LoaderFunctionArgs } from '@remix-run/node';
import { fromMediaLibrary } from '~/lib/media-files.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET /media/datasheets/{series}.pdf: a series datasheet (the part pages and search results link
 * here), public, from the media library.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const name = /^\/media\/datasheets\/([\w-]{1,40})\.pdf$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fromMediaLibrary(context, `/datasheets/${name}.pdf`, 'public, max-age=3600');
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;

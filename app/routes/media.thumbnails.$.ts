import type { LoaderFunctionArgs } from '@remix-run/node';
import { fromMediaLibrary } from '~/lib/media-files.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** GET /media/thumbnails/<type>.svg: the document-type thumbnails the index's resourcethumbnailurl names. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const type = /^\/media\/thumbnails\/([a-z-]{1,40})\.svg$/.exec(new URL(request.url).pathname)?.[1];
  if (!type) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  // The same picture for as long as the type exists: a day, then revalidated.
  return fromMediaLibrary(context, `/thumbnails/${type}.svg`, 'public, max-age=86400');
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;

import type { LoaderFunctionArgs } from '@remix-run/node';
import { fromMediaLibrary } from '~/lib/media-files.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** GET /media/products/packages/<package>.svg: a part's product picture (the index's productimageurl), drawn for its package. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const name = /^\/media\/products\/packages\/([a-z0-9-]{1,60})\.svg$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fromMediaLibrary(context, `/products/packages/${name}.svg`, 'public, max-age=86400');
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;

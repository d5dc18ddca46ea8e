import type { LoaderFunctionArgs } from '@remix-run/node';
import { thumbnailSvg } from '../../services/media/thumbnails.ts';

/** GET /media/thumbnails/<type>.svg: the document-type thumbnails the index's resourcethumbnailurl names. */
export function loader({ request }: LoaderFunctionArgs) {
  const type = /^\/media\/thumbnails\/([a-z-]{1,40})\.svg$/.exec(new URL(request.url).pathname)?.[1];
  const svg = type ? thumbnailSvg(type) : undefined;
  if (!svg) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The same picture for as long as the type exists: a day, then revalidated.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

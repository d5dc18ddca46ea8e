import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * GET /media/datasheets/{series}.pdf: the address part pages once linked. A series has one
 * datasheet, the library document search finds (/media/resources/datasheet/{series}-datasheet.pdf,
 * every part of the series): this address now sends there for good, so old links and bookmarks
 * open the same file.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const name = /^\/media\/datasheets\/([\w-]{1,40})\.pdf$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return redirect(`/media/resources/datasheet/${name.toLowerCase()}-datasheet.pdf`, 301);
}

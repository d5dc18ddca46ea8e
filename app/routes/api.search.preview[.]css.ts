import { DOCUMENT_PREVIEW_STYLE } from '~/plugins/search/DocumentPreview.tsx';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET /api/search/preview.css: the preview page's style. A stylesheet of the site's own origin,
 * because the site's CSP allows no inline style and the sandboxed preview runs nothing.
 */
export function loader() {
  return new Response(DOCUMENT_PREVIEW_STYLE, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;

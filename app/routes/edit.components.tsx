import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { ComponentGallery, galleryMeta } from '~/editor/ComponentGallery.tsx';
import { editorHeaders } from '~/editor/EditorPage.tsx';
import { withErrorTitle } from '~/editor/editor-meta.ts';
import { loadGallery } from '~/editor/gallery.server.ts';
import { readOnlyPageAction } from '~/cms/form-action.server.ts';
import { refusalHeaders } from '~/lib/http-errors.server.ts';

/** GET /edit/components: the component gallery (issue 28), for Internal-Admin and editors. */
export const loader = (args: LoaderFunctionArgs) => loadGallery(args);
/** Takes no form: PUT, POST, DELETE and the like are 405 on the error page (issue 31), with its Allow. */
export const action = readOnlyPageAction;
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(editorHeaders(args));
  new Headers(refusalHeaders(args)).forEach((value, name) => headers.set(name, value));
  return headers;
};
export const meta = withErrorTitle(galleryMeta);
export const ErrorBoundary = ErrorPage;
export default ComponentGallery;

import type { LoaderFunctionArgs } from '@remix-run/node';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { ComponentGallery, galleryMeta } from '~/editor/ComponentGallery.tsx';
import { editorHeaders } from '~/editor/EditorPage.tsx';
import { loadGallery } from '~/editor/gallery.server.ts';

/** GET /edit/components: the component gallery (issue 28), for Internal-Admin and editors. */
export const loader = (args: LoaderFunctionArgs) => loadGallery(args);
export const headers = editorHeaders;
export const meta = galleryMeta;
export const ErrorBoundary = ErrorPage;
export default ComponentGallery;

import type { LoaderFunctionArgs } from '@remix-run/node';
import { StandaloneSearchError, standaloneSearchMeta } from '~/plugins/search/StandaloneSearchError.tsx';
import { standaloneSearch } from '~/plugins/search/standalone.server.ts';
import { readOnlyPageAction } from '~/cms/form-action.server.ts';
import { loaderOrRefusalHeaders } from '~/lib/http-errors.server.ts';

/** GET {language prefix}/search?q=: the header search box's submit (REQ-BOX-2 standalone search box). */
export const loader = ({ request, context }: LoaderFunctionArgs) => standaloneSearch(request, context);
export const ErrorBoundary = StandaloneSearchError;
export const meta = standaloneSearchMeta;
/** Never shown: the loader always redirects or fails. */
export default function StandaloneSearch() {
  return null;
}

/** Takes no form: PUT, POST, DELETE and the like are 405 on the error page (issue 31). */
export const action = readOnlyPageAction;
export const headers = loaderOrRefusalHeaders;

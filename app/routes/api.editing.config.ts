import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadEditingConfig } from '~/cms/editing-page.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** Sitecore Pages' config endpoint (issue 32): checked by server/editing.ts. */
export const loader = (args: LoaderFunctionArgs) => loadEditingConfig(args);

/** Read only: server/editing.ts refuses other methods first; here too, a 405 in words (issue 31). */
export const action = refuseBodyMethods;

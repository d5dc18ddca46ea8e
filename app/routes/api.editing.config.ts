import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadEditingConfig } from '~/cms/editing-page.server.ts';

/** Sitecore Pages' config endpoint (issue 32): checked by server/editing.ts. */
export const loader = (args: LoaderFunctionArgs) => loadEditingConfig(args);

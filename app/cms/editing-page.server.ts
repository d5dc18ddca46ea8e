import { createRequire } from 'node:module';
import { data as routeData, type LoaderFunctionArgs } from '@remix-run/node';
import { newErrorId } from '../../server/error-id.ts';
import { withFaultIds } from '~/lib/faults.server.ts';
import { listComponentManifests } from '~/plugins/manifest.ts';
import { editingInfo } from './editing.server.ts';
import { withErrorPhrases } from './error-phrases.server.ts';
import type { EditingPageInfo } from './editing.ts';
import type { PageData } from './page-data.ts';
import { loadPagePhrases, loadRoute } from './page.server.ts';

const require = createRequire(import.meta.url);

/** The JSS packages the host is built with, as JSS's `getMetadata()` reports them to Pages. */
function jssPackages(): Record<string, string> {
  return { '@sitecore-jss/sitecore-jss': (require('@sitecore-jss/sitecore-jss/package.json') as { version: string }).version };
}

/** GET /api/editing/config (JSS's editingConfigMiddleware): what Pages may place (the component manifest's renderings, decision 0078), and that this host speaks metadata mode. */
export function loadEditingConfig({ context }: LoaderFunctionArgs) {
  // Only through the editing door (server/editing.ts), which checked origin and secret.
  if (context.editing?.endpoint !== 'config') throw routeData({ errorId: newErrorId() }, { status: 404 });
  return Response.json({ components: listComponentManifests().map((component) => component.name), packages: jssPackages(), editMode: 'metadata' });
}

export type EditingPageData = PageData & { editing: EditingPageInfo };

/**
 * GET /api/editing/render: the page Pages edits, made as every page is (loadRoute: the renderings'
 * loaders run, on the preview's layout), with its renderings' phrases and Pages' scripts and data.
 */
export function loadEditingRender({ request, context }: LoaderFunctionArgs) {
  if (context.editing?.endpoint !== 'render') throw routeData({ errorId: newErrorId() }, { status: 404 });
  // A refusal (the page the preview does not have: 404) carries its message's phrases, as a page's does.
  return withErrorPhrases(request, context, () => withFaultIds(request, context, 'the editing page failed', async () => {
    const headers = new Headers();
    const [page, phrases, editing] = await Promise.all([loadRoute(request, context, headers), loadPagePhrases(request, context), editingInfo(context)]);
    // An editor's look is no visitor's page view: no beacon (server/site.ts keeps its searches out of analytics too).
    const { beacon: _visitorsOnly, ...visible } = page;
    const body: EditingPageData = { ...visible, phrases: { ...phrases, ...page.phrases }, editing };
    return routeData(body, { headers, status: page.status ?? 200 });
  }));
}

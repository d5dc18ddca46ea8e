import { createRequire } from 'node:module';
import { data as routeData, type AppLoadContext } from '@remix-run/node';
import type { GraphQLRequestClient as GraphQLRequestClientClass, GraphQLRequestClientFactory } from '@sitecore-jss/sitecore-jss/graphql';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { LayoutServiceData } from '@sitecore-jss/sitecore-jss/layout';
import type { GraphQLEditingService as GraphQLEditingServiceClass, RestComponentLayoutService as RestComponentLayoutServiceClass } from '@sitecore-jss/sitecore-jss/editing';
import type { getGroomedVariantIds as groomVariants, personalizeLayout as personalize } from '@sitecore-jss/sitecore-jss/personalize';
import type { RenderQuery } from '../../server/editing.ts';
import { newErrorId } from '../../server/error-id.ts';
import { LANGUAGES, type SiteLanguage } from './language.ts';
import { editingLanguage } from '../../server/editing-language.ts';
import type { EditingPageInfo } from './editing.ts';

// JSS's subpaths are CommonJS without an exports map: loaded as the layout port loads them.
const require = createRequire(import.meta.url);
const { GraphQLEditingService, RestComponentLayoutService } = require('@sitecore-jss/sitecore-jss/editing') as {
  GraphQLEditingService: typeof GraphQLEditingServiceClass;
  RestComponentLayoutService: typeof RestComponentLayoutServiceClass;
};
const { GraphQLRequestClient } = require('@sitecore-jss/sitecore-jss/graphql') as { GraphQLRequestClient: typeof GraphQLRequestClientClass };
const { personalizeLayout, getGroomedVariantIds } = require('@sitecore-jss/sitecore-jss/personalize') as {
  personalizeLayout: typeof personalize;
  getGroomedVariantIds: typeof groomVariants;
};

/**
 * The page Sitecore Pages edits (issue 32, decision 0077): layout and dictionary from the preview
 * (JSS's GraphQLEditingService against the preview GraphQL endpoint, with the preview key; the
 * Design Library's one rendering from the component endpoint), never from the layout port's cache.
 * The request was checked at the door (server/editing.ts).
 */

export interface EditingPage {
  layout: LayoutServiceData;
  dictionary: DictionaryPhrases;
}

/** The render request of this page load, if it is one. */
export function editingQuery(context: AppLoadContext): RenderQuery | undefined {
  return context.editing?.endpoint === 'render' ? context.editing.query : undefined;
}

/** Where the edited page is: its language (sc_lang, as the CMS names it) and its item path (route, without a language prefix). */
export function editingLocation(context: AppLoadContext): { language: SiteLanguage; itemPath: string } | undefined {
  const query = editingQuery(context);
  if (!query) return undefined;
  const language = editingLanguage(query.sc_lang) ?? 'en';
  const segments = (query.route ?? '/').split(/[?#]/)[0]!.split('/').filter(Boolean);
  if (segments[0] && editingLanguage(segments[0])) segments.shift();
  return { language, itemPath: `/${segments.join('/')}` };
}

function previewClientFactory(context: AppLoadContext): GraphQLRequestClientFactory {
  const { layout } = context.config;
  const endpoint = layout.previewGraphQLUrl ?? `${layout.apiHost.replace(/\/+$/, '')}/sitecore/api/graph/edge`;
  return (config = {}) => new GraphQLRequestClient(endpoint, { ...config, apiKey: layout.previewApiKey, timeout: layout.timeoutMs, ...(context.layoutFetch ? { fetch: context.layoutFetch } : {}) });
}

async function fetchEditingPage(context: AppLoadContext, query: RenderQuery): Promise<EditingPage> {
  const { layout: config } = context.config;
  const location = editingLocation(context)!;
  const language = LANGUAGES[location.language].sitecoreLanguage;
  const service = new GraphQLEditingService({ clientFactory: previewClientFactory(context) });
  let page: EditingPage;
  if (query.mode === 'library') {
    // JSS 22 asks Edge's component endpoint ({edge}/layout/component) by the context id: here the
    // content host (the embedded one in the demo) with the preview key.
    const components = new RestComponentLayoutService({ sitecoreEdgeUrl: config.apiHost.replace(/\/+$/, ''), sitecoreEdgeContextId: config.previewApiKey });
    const [layout, dictionary] = await Promise.all([
      components.fetchComponentData({
        itemId: query.sc_itemid!,
        componentUid: query.sc_uid!,
        language,
        siteName: config.siteName,
        mode: 'metadata' as never,
        ...(query.sc_renderingId ? { renderingId: query.sc_renderingId } : {}),
        ...(query.sc_version ? { version: query.sc_version } : {}),
      }),
      service.fetchDictionaryData({ siteName: config.siteName, language }),
    ]);
    page = { layout, dictionary };
  } else {
    const { layoutData, dictionary } = await service.fetchEditingData({
      siteName: config.siteName,
      itemId: query.sc_itemid || location.itemPath,
      language,
      ...(query.sc_version ? { version: query.sc_version } : {}),
      ...(query.sc_layoutKind ? { layoutKind: query.sc_layoutKind as never } : {}),
    });
    page = { layout: layoutData, dictionary };
  }
  if (!page.layout?.sitecore?.route) throw routeData({ errorId: newErrorId() }, { status: 404 });
  Object.assign(page.layout.sitecore.context, { pageEditing: query.mode !== 'preview', pageState: query.mode === 'preview' ? 'preview' : 'edit', editMode: 'metadata' });
  // Personalization: the variant Pages shows (sc_variant, comma-separated: a page variant and component
  // variants). Set after the mode: editing shows a rendering the variant hides as JSS's Hidden Rendering
  // block, preview (the page as its visitors would see it) leaves it out.
  const { variantId, componentVariantIds } = getGroomedVariantIds(query.sc_variant ? query.sc_variant.split(',').map((id) => id.trim()).filter(Boolean) : ['_default']);
  personalizeLayout(page.layout, variantId, componentVariantIds);
  return page;
}

const pages = new WeakMap<AppLoadContext, Promise<EditingPage>>();

/** The edited page, fetched once per request (the root's and the page's loaders both read it). */
export function editingPage(context: AppLoadContext): Promise<EditingPage> | undefined {
  const query = editingQuery(context);
  if (!query) return undefined;
  let page = pages.get(context);
  if (!page) {
    page = fetchEditingPage(context, query);
    page.catch(() => undefined);
    pages.set(context, page);
  }
  return page;
}

/** What the editing route adds to the page: the mode and Pages' client scripts and data. */
export async function editingInfo(context: AppLoadContext): Promise<EditingPageInfo> {
  const query = editingQuery(context)!;
  const { layout } = await editingPage(context)!;
  const { clientScripts = [], clientData = {} } = layout.sitecore.context as { clientScripts?: string[]; clientData?: Record<string, Record<string, unknown>> };
  return { mode: query.mode, clientScripts, clientData, ...(query.mode === 'library' && query.sc_uid ? { libraryUid: query.sc_uid } : {}) };
}

import { timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { LayoutServiceData } from '@sitecore-jss/sitecore-jss/layout';
import { z } from 'zod';
import type { ContentProblem, ContentStore } from '@voltaris/content-files/content-store';
import { codedError, DEFAULT_CONTROL_TOKEN, failureSwitch } from '../stand-in-failure.ts';
import { cmsSitemapXml } from './sitemap.ts';
import { componentLayout, dictionaryPage, DraftReader, editingLayout, type EditorDraftOf, type FieldTypeOf } from './preview.ts';

/**
 * The embedded Sitecore Layout Service and Dictionary Service (REQ-JSS-1, REQ-JSS-4): the REST
 * endpoints the JSS RestLayoutService and RestDictionaryService call, answering from the content
 * files. Switching to a real Sitecore is setting SITECORE_API_HOST; nothing here changes.
 */

export interface LayoutServiceOptions {
  store: ContentStore;
  apiKey: string;
  siteName: string;
  /** The stand-ins' control token, for the logger settings' failure switch; the demo one when unset. */
  controlToken?: string;
  /** What GetMediaLibUrl answers as the media library's base: the site's own media library by default. */
  mediaLibUrl?: string;
  /**
   * The preview key (issue 32): the preview GraphQL endpoint and the component endpoint answer drafts
   * to it, and to nothing else; the live key is refused there. Unset: no preview is served.
   */
  previewApiKey?: string;
  /** Where drafts live beside the published content (same layout of files); unset: no drafts. */
  draftsDir?: string;
  /** The page editor's drafts (issue 28), a second draft source of the preview; unset: draft files only. */
  editorDraft?: EditorDraftOf;
  /** Told of a draft file the content schema refuses (it is left out). */
  onDraftProblem?: (problem: ContentProblem) => void;
  /** The preview's field metadata types: the site's component manifest (unset: single-line text). */
  fieldType?: FieldTypeOf;
}

const layoutQuery = z.object({
  item: z.string({ error: 'the item parameter is required' }).min(1, 'the item parameter is required'),
  sc_lang: z.string().optional(),
  sc_site: z.string().optional(),
  tracking: z.enum(['true', 'false']).optional(),
});

const placeholderQuery = layoutQuery.extend({
  placeholderName: z.string({ error: 'the placeholderName parameter is required' }).min(1),
});

function sendJson(res: Response, status: number, body: unknown) {
  // JSS 23's native fetcher only parses JSON when the content type says so (REQ-JSS-7).
  res.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createLayoutServiceRouter({ store, apiKey, siteName, controlToken = DEFAULT_CONTROL_TOKEN, mediaLibUrl = '/media', previewApiKey, draftsDir, editorDraft, onDraftProblem, fieldType }: LayoutServiceOptions) {
  const router = express.Router();
  const drafts = new DraftReader(draftsDir, onDraftProblem, editorDraft);
  const isPreviewKey = (given: string) => previewApiKey !== undefined && given !== '' && sameSecret(given, previewApiKey);

  const checkKey = (req: Request, res: Response): boolean => {
    const given = (typeof req.query.sc_apikey === 'string' ? req.query.sc_apikey : undefined) ?? req.get('sc_apikey');
    if (given && sameSecret(given, apiKey)) return true;
    sendJson(res, 401, {
      error: 'invalid_api_key',
      message: given ? 'The sc_apikey is not valid for this site.' : 'The sc_apikey parameter is required.',
    });
    return false;
  };

  const checkSite = (site: string | undefined, res: Response): boolean => {
    if (!site || site.toLowerCase() === siteName.toLowerCase()) return true;
    sendJson(res, 400, { error: 'unknown_site', message: `No site named "${site}" is configured.` });
    return false;
  };

  const contextFor = (language: string, itemPath?: string) => ({
    pageEditing: false,
    site: { name: siteName },
    pageState: 'normal',
    language,
    ...(itemPath !== undefined ? { itemPath } : {}),
  });

  router.get('/sitecore/api/layout/render/:configuration', (req, res) => {
    if (!checkKey(req, res)) return;
    const query = layoutQuery.safeParse(req.query);
    if (!query.success) return sendJson(res, 400, { error: 'bad_request', message: query.error.issues[0]!.message });
    const { item, sc_site } = query.data;
    if (!checkSite(sc_site, res)) return;
    const requested = query.data.sc_lang || 'en';
    const language = store.languageName(requested) ?? requested;
    const route = store.getRoute(item, requested);
    const body: LayoutServiceData = {
      sitecore: { context: contextFor(route ? language : 'en', route ? item : undefined), route: route ?? null },
    } as LayoutServiceData;
    sendJson(res, route ? 200 : 404, body);
  });

  router.get('/sitecore/api/layout/placeholder/:configuration', (req, res) => {
    if (!checkKey(req, res)) return;
    const query = placeholderQuery.safeParse(req.query);
    if (!query.success) return sendJson(res, 400, { error: 'bad_request', message: query.error.issues[0]!.message });
    if (!checkSite(query.data.sc_site, res)) return;
    const route = store.getRoute(query.data.item, query.data.sc_lang || 'en');
    const elements = route?.placeholders[query.data.placeholderName];
    if (!elements) return sendJson(res, 404, { error: 'not_found', message: 'No such item or placeholder.' });
    sendJson(res, 200, { name: query.data.placeholderName, path: query.data.placeholderName, elements });
  });

  router.get('/sitecore/api/jss/dictionary/:site/:language', (req, res) => {
    // Sitecore answers the dictionary with a wildcard origin, so clients fetch it without credentials (REQ-JSS-4).
    res.set('Access-Control-Allow-Origin', '*');
    if (!checkKey(req, res)) return;
    if (!checkSite(req.params.site, res)) return;
    const phrases = store.getPhrases(req.params.language);
    if (!phrases) {
      return sendJson(res, 404, { error: 'not_found', message: `No dictionary for language "${req.params.language}".` });
    }
    sendJson(res, 200, { lang: store.languageName(req.params.language), app: siteName, phrases });
  });

  // The GraphQL endpoint JSS's site services call (GraphQLSitemapXmlService, GraphQLRobotsService):
  // with the live key only their two queries, `site { siteInfo(site:) { sitemap | robots } }`. With the
  // preview key it is the preview endpoint JSS's GraphQLEditingService calls (issue 32): EditingQuery
  // and EditingDictionaryQuery, answering drafts. The live key never reads a draft.
  const graphQuery = z.object({
    query: z.string().min(1),
    variables: z
      .object({ siteName: z.string().optional(), itemId: z.string().optional(), language: z.string().optional(), version: z.string().nullish(), after: z.string().nullish(), pageSize: z.number().int().min(1).max(1000).optional() })
      .passthrough()
      .optional(),
  });
  const EDITING_OPERATION = /\bquery\s+(EditingQuery|EditingDictionaryQuery)\b/;
  router.post('/sitecore/api/graph/edge', express.json({ limit: '64kb' }), (req, res) => {
    const token = req.get('sc_apikey') ?? '';
    const preview = isPreviewKey(token);
    if (!preview && !sameSecret(token, apiKey)) return sendJson(res, 401, { errors: [{ message: 'The sc_apikey header is missing or wrong.' }] });
    const body = graphQuery.safeParse(req.body);
    if (!body.success) return sendJson(res, 400, { errors: [{ message: 'A GraphQL request needs a query.' }] });
    const editing = EDITING_OPERATION.exec(body.data.query)?.[1];
    if (editing && !preview) return sendJson(res, 403, { errors: [{ message: 'Editing queries need the preview API key; the live key reads published content only.' }] });
    if (preview) return sendJson(res, ...answerPreview(editing, body.data.variables ?? {}));
    const wants = /siteInfo\s*\([^)]*\)\s*\{\s*(sitemap|robots)\s*\}/.exec(body.data.query)?.[1];
    if (!wants) return sendJson(res, 200, { errors: [{ message: 'This content host answers only the siteInfo sitemap and robots queries.' }] });
    const site = body.data.variables?.siteName;
    if (site && site.toLowerCase() !== siteName.toLowerCase()) return sendJson(res, 200, { data: { site: { siteInfo: null } } });
    const origin = `${req.protocol}://${req.get('host')}`;
    const siteInfo = wants === 'sitemap' ? { sitemap: [`${origin}/sitecore/api/sitemap/${encodeURIComponent(siteName)}/sitemap.xml`] } : { robots: store.getRobots() };
    sendJson(res, 200, { data: { site: { siteInfo } } });
  });

  type GraphVariables = NonNullable<z.infer<typeof graphQuery>['variables']>;
  function answerPreview(operation: string | undefined, variables: GraphVariables): [number, unknown] {
    if (!operation) return [200, { errors: [{ message: 'The preview endpoint answers EditingQuery and EditingDictionaryQuery.' }] }];
    const { siteName: site, language, itemId } = variables;
    if (!site || !language) return [200, { errors: [{ message: 'Variables siteName and language are required.' }] }];
    const known = site.toLowerCase() === siteName.toLowerCase();
    const dictionary = known ? dictionaryPage(store, language, variables.pageSize ?? 1000, variables.after ?? undefined) : null;
    const siteInfo = known ? { dictionary } : null;
    if (operation === 'EditingDictionaryQuery') return [200, { data: { site: { siteInfo } } }];
    if (!itemId) return [200, { errors: [{ message: 'Variable itemId is required.' }] }];
    const rendered = known ? editingLayout({ store, drafts, siteName, itemId, language, ...(fieldType ? { fieldType } : {}), ...(variables.version ? { version: variables.version } : {}) }) : null;
    return [200, { data: { item: rendered ? { rendered } : null, site: { siteInfo } } }];
  }

  // The component endpoint JSS 22's RestComponentLayoutService calls on Edge for the Design Library
  // (`{edge}/layout/component?sitecoreContextId=`): one rendering of an item, from the preview
  // (drafts), to the preview key as context id.
  const componentQuery = z.object({
    sitecoreContextId: z.string().optional(),
    item: z.string({ error: 'the item parameter is required' }).min(1, 'the item parameter is required'),
    uid: z.string({ error: 'the uid parameter is required' }).min(1, 'the uid parameter is required'),
    sc_lang: z.string().optional(),
    sc_site: z.string().optional(),
  });
  router.get('/layout/component', (req, res) => {
    const given = typeof req.query.sitecoreContextId === 'string' ? req.query.sitecoreContextId : '';
    if (!isPreviewKey(given)) return sendJson(res, given && sameSecret(given, apiKey) ? 403 : 401, { error: 'invalid_context_id', message: 'The component endpoint needs the preview key as sitecoreContextId.' });
    const query = componentQuery.safeParse(req.query);
    if (!query.success) return sendJson(res, 400, { error: 'bad_request', message: query.error.issues[0]!.message });
    if (!checkSite(query.data.sc_site, res)) return;
    const layout = componentLayout({ store, drafts, siteName, ...(fieldType ? { fieldType } : {}), itemId: query.data.item, language: query.data.sc_lang || 'en', uid: query.data.uid });
    sendJson(res, layout ? 200 : 404, layout ?? { sitecore: { context: { pageEditing: true, language: query.data.sc_lang || 'en' }, route: null } });
  });
  router.get('/sitecore/api/sitemap/:site/sitemap.xml', (req, res) => {
    if (req.params.site.toLowerCase() !== siteName.toLowerCase()) return sendJson(res, 404, { error: 'not_found', message: 'No such site.' });
    res.type('application/xml; charset=utf-8').send(cmsSitemapXml(store, `${req.protocol}://${req.get('host')}`));
  });

  // REQ-PORT-6: GET {content host}/clientapi/LoggerSettings/GetLoggerSettings with the API token header.
  // Tests tell it to fail (`POST /clientapi/LoggerSettings/_control`): the site must keep its last settings.
  const loggerFailure = failureSwitch({ service: 'logger settings service', controlToken, errorBody: codedError });
  router.post('/clientapi/LoggerSettings/_control', ...loggerFailure.control);
  router.get('/clientapi/LoggerSettings/GetLoggerSettings', (req, res) => {
    if (loggerFailure.failIfTold(req, res)) return;
    const token = req.get('x-api-token') ?? '';
    if (!sameSecret(token, apiKey)) return sendJson(res, 401, { error: 'unauthorized', message: 'The x-api-token header is missing or wrong.' });
    sendJson(res, 200, store.getLoggerSettings());
  });

  // REQ-PORT-7: GET clientapi/DesignCenter/GetMediaLibUrl, the design center's media link rule. The
  // embedded media library is the site's own /media; a link is the base, a slash and the item's
  // path. Tests tell it to fail (`POST /clientapi/DesignCenter/_control`) to see the site's fallback.
  const mediaFailure = failureSwitch({ service: 'media library URL service', controlToken, errorBody: codedError });
  router.post('/clientapi/DesignCenter/_control', ...mediaFailure.control);
  router.get('/clientapi/DesignCenter/GetMediaLibUrl', (req, res) => {
    if (mediaFailure.failIfTold(req, res)) return;
    const token = req.get('x-api-token') ?? '';
    if (!sameSecret(token, apiKey)) return sendJson(res, 401, { error: 'unauthorized', message: 'The x-api-token header is missing or wrong.' });
    sendJson(res, 200, { mediaLibUrl, linkTemplate: '{mediaLibUrl}/{itemPath}' });
  });

  return router;
}

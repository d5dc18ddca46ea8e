import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { z } from 'zod';
import type { SiteConfig } from './config.ts';
import { EDITING_LANGUAGE_NAMES, editingLanguage } from './editing-language.ts';

/**
 * The Sitecore Pages editing host's door (issue 32, decision 0077): what JSS's editingRouter
 * (@sitecore-jss/sitecore-jss-proxy) checks before a request reaches the page, done in front of the
 * Remix handler: the caller's origin, the editing secret (in constant time), the render parameters,
 * and the headers that let Pages frame the answer and keep every cache away from it. The routes
 * app/routes/api.editing.{config,render}.tsx answer what passes.
 */

/** Pages' own origin (JSS's EDITING_ALLOWED_ORIGINS); JSS_ALLOWED_ORIGINS adds more. */
export const PAGES_ORIGINS = ['https://pages.sitecorecloud.io'] as const;

export const EDITING_PATH = /^\/api\/editing(\/|$)/i;

/** REQ-JSS-9: the render parameters Pages sends (JSS's RenderMetadataQueryParams), checked once here. */
export const renderQuerySchema = z
  .object({
    sc_itemid: z.string().trim().optional(),
    sc_lang: z.string().trim().min(1),
    sc_site: z.string().trim().min(1),
    route: z.string().trim().optional(),
    mode: z.enum(['edit', 'preview', 'library']),
    // Variant ids (a page variant, component variants `<rendering>_<variant>`, `_default`), comma-separated.
    sc_variant: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9_-]+(\s*,\s*[A-Za-z0-9_-]+)*)?$/, 'must be variant ids (letters, digits, _ and -) separated by commas')
      .optional(),
    sc_version: z.string().trim().regex(/^\d+$/).optional(),
    sc_layoutKind: z.enum(['final', 'shared']).optional(),
    // The Design Library names the rendering (RenderComponentQueryParams).
    sc_uid: z.string().trim().optional(),
    sc_renderingId: z.string().trim().optional(),
  })
  .superRefine((query, context) => {
    if (query.mode === 'library' ? !query.sc_uid : !query.route) context.addIssue({ code: 'custom', path: [query.mode === 'library' ? 'sc_uid' : 'route'], message: 'is required' });
    if (query.mode === 'library' && !query.sc_itemid) context.addIssue({ code: 'custom', path: ['sc_itemid'], message: 'is required' });
    if (query.route !== undefined && query.route !== '' && !query.route.startsWith('/')) context.addIssue({ code: 'custom', path: ['route'], message: 'must be a path starting with /' });
  });
export type RenderQuery = z.infer<typeof renderQuerySchema>;

/** What the editing routes get in their load context: the checked request. */
export type EditingRequest = { endpoint: 'config' } | { endpoint: 'render'; query: RenderQuery };

/** JSS's origin rule: exact, or `*` standing for any run of characters within the pattern. */
function originMatches(origin: string, allowed: string): boolean {
  if (origin === allowed) return true;
  if (!allowed.includes('*')) return false;
  const pattern = allowed.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('[^/]*');
  return new RegExp(`^${pattern}$`).test(origin);
}

/** The same secret, compared in constant time whatever the lengths (digests of equal size). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

function editorOrigins(config: SiteConfig): string[] {
  return [...PAGES_ORIGINS, ...config.editing.allowedOrigins];
}

/**
 * An editing answer's policy: the page's own, framed by 'self' and the editors' origins instead of
 * nobody (JSS's getSCPHeader), and Pages' canvas scripts allowed to load and call home.
 */
export function editingPolicy(policy: string, origins: readonly string[]): string {
  const listed = origins.join(' ');
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .filter((directive) => !/^frame-ancestors\s/i.test(directive))
    .map((directive) => (/^(script-src|connect-src)\s/i.test(directive) ? `${directive} ${listed}` : directive));
  return [...directives, `frame-ancestors 'self' ${listed}`].join('; ');
}

/** A cookie an editing answer sets goes with Pages' cross-site frame: SameSite=None; Secure. */
export function crossSiteCookie(cookie: string): string {
  const kept = cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !/^(samesite|secure)(=|$)/i.test(part));
  return [...kept, 'SameSite=None', 'Secure'].join('; ');
}

/**
 * REQ-JSS-10: headers of an editing answer, set just before they leave (whatever Remix or helmet set before):
 * frame-ancestors naming the editors, no X-Frame-Options, never stored anywhere (nginx reads
 * X-Accel-Expires and Cache-Control), cookies fit for a cross-site frame.
 */
function editingHeaders(res: ServerResponse, origins: readonly string[]) {
  onHeaders(res, function setEditingHeaders(this: ServerResponse) {
    const policy = this.getHeader('Content-Security-Policy');
    this.setHeader('Content-Security-Policy', editingPolicy(typeof policy === 'string' ? policy : "default-src 'self'", origins));
    this.removeHeader('X-Frame-Options');
    this.setHeader('Cache-Control', 'private, no-store');
    this.setHeader('X-Accel-Expires', '0');
    const cookies = this.getHeader('Set-Cookie');
    if (cookies !== undefined) this.setHeader('Set-Cookie', (Array.isArray(cookies) ? cookies : [String(cookies)]).map(crossSiteCookie));
  });
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).type('text/plain; charset=utf-8').set('Cache-Control', 'private, no-store').send(message);
}

/** Names each bad or missing parameter, as JSS's render middleware does ("Missing required query parameters: ..."). */
function describeProblems(error: z.ZodError): string {
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'query');
    if (issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1) || issue.message === 'is required') missing.push(name);
    else invalid.push(`${name} ${name === 'mode' ? 'must be edit, preview or library' : issue.message}`);
  }
  return [missing.length ? `Missing required query parameters: ${[...new Set(missing)].join(', ')}` : '', ...invalid].filter(Boolean).join('; ');
}

/**
 * Mounted before the pages: answers refusals itself and hands a checked request on, in
 * `res.locals.editing`, to the editing routes.
 */
export function editingDoor(config: SiteConfig) {
  const origins = editorOrigins(config);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!EDITING_PATH.test(req.path)) return next();
    editingHeaders(res, origins);
    const origin = req.get('origin');
    // A framed page's navigation sends no Origin (frame-ancestors guards it); a script's call does.
    if (origin !== undefined && !origins.some((allowed) => originMatches(origin, allowed))) {
      return refuse(res, 403, `Requests from origin ${origin} are not allowed: add it to JSS_ALLOWED_ORIGINS.`);
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Methods', 'GET, OPTIONS');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization');
      return res.status(204).end();
    }
    const secret = typeof req.query.secret === 'string' ? req.query.secret : '';
    if (!sameSecret(secret, config.editing.secret)) return refuse(res, 401, 'Missing or invalid secret');
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).set('Allow', 'GET, HEAD, OPTIONS').type('text/plain').send(`Invalid request method ${req.method}`);
    const endpoint = /^\/api\/editing\/(config|render)\/?$/i.exec(req.path)?.[1]?.toLowerCase();
    if (endpoint === 'config') {
      res.locals.editing = { endpoint: 'config' } satisfies EditingRequest;
      return next();
    }
    if (endpoint !== 'render') return refuse(res, 404, `No editing endpoint ${req.path}: /api/editing/config and /api/editing/render are.`);
    // Every missing parameter is named at once, whatever else is wrong.
    const given = (name: string) => typeof req.query[name] === 'string' && (req.query[name] as string).trim() !== '';
    const required = ['sc_lang', 'sc_site', 'mode', ...(req.query.mode === 'library' ? ['sc_itemid', 'sc_uid'] : ['route'])];
    const missing = required.filter((name) => !given(name));
    if (missing.length) return refuse(res, 400, `Missing required query parameters: ${missing.join(', ')}`);
    const parsed = renderQuerySchema.safeParse(req.query);
    if (!parsed.success) return refuse(res, 400, describeProblems(parsed.error));
    if (parsed.data.sc_site.toLowerCase() !== config.layout.siteName.toLowerCase()) return refuse(res, 400, `sc_site "${parsed.data.sc_site}" is not this site (${config.layout.siteName})`);
    if (!editingLanguage(parsed.data.sc_lang)) return refuse(res, 400, `sc_lang "${parsed.data.sc_lang}" is not a language of this site (${EDITING_LANGUAGE_NAMES.join(', ')})`);
    res.locals.editing = { endpoint: 'render', query: parsed.data } satisfies EditingRequest;
    return next();
  };
}

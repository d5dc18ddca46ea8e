import type { AppLoadContext } from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { log } from './logger.server.ts';

/**
 * The design center's media link rule (REQ-PORT-7: `GET {content host}/clientapi/DesignCenter/GetMediaLibUrl`,
 * with the API token header, like the logger settings): the content host says where its media
 * library is and how a media item's path becomes a link. The design center builds every link to
 * a picture or a document through it. Asked at most every 5 minutes; while the content host
 * cannot answer, the last answer stays in use, and before any answer the site's own media
 * library (`/media/{itemPath}`) does, so a page never waits on or breaks for it.
 */
export const MEDIA_RULE_TTL_MS = 5 * 60_000;

export const mediaLibraryRuleSchema = z.object({
  /** The media library's base: an http(s) URL or a path on the site. */
  mediaLibUrl: z
    .string()
    .trim()
    .refine((value) => value.startsWith('/') ? !value.startsWith('//') : /^https?:\/\/[^/]/i.test(value), 'must be an http(s) URL or a path starting with one /')
    .transform((value) => value.replace(/\/+$/, '')),
  /** How a link is made: `{mediaLibUrl}` and `{itemPath}` are replaced. */
  linkTemplate: z.string().refine((value) => value.includes('{itemPath}'), 'must contain {itemPath}').default('{mediaLibUrl}/{itemPath}'),
});
export type MediaLibraryRule = z.infer<typeof mediaLibraryRuleSchema>;

export const FALLBACK_MEDIA_RULE: MediaLibraryRule = { mediaLibUrl: '/media', linkTemplate: '{mediaLibUrl}/{itemPath}' };

export interface MediaLibrary {
  rule: MediaLibraryRule;
  /** 'content-host' when the rule came from GetMediaLibUrl, 'fallback' when it could not be had. */
  source: 'content-host' | 'fallback';
  /** The link of a media item: its path in the library (`resources/datasheet/x.pdf`), each segment escaped. */
  link: (itemPath: string) => string;
}

export function mediaLink(rule: MediaLibraryRule, itemPath: string): string {
  const path = itemPath
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return rule.linkTemplate.replaceAll('{mediaLibUrl}', rule.mediaLibUrl).replaceAll('{itemPath}', path);
}

const rules = new LRUCache<string, MediaLibraryRule, { apiKey: string }>({
  max: 4,
  ttl: MEDIA_RULE_TTL_MS,
  allowStale: true,
  noDeleteOnFetchRejection: true,
  fetchMethod: async (host, _stale, { context }) => {
    const response = await fetch(`${host}/clientapi/DesignCenter/GetMediaLibUrl`, { headers: { 'x-api-token': context.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`GetMediaLibUrl answered ${response.status}`);
    const parsed = mediaLibraryRuleSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`GetMediaLibUrl answered no usable rule: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    return parsed.data;
  },
});

/** After a failed ask with nothing known, pages use the fallback this long before asking again. */
const RETRY_AFTER_FAILURE_MS = 30_000;
let failedUntil = 0;

/** The media rule for a page: the content host's, or the fallback (logged once per failure). */
export async function mediaLibrary(context: AppLoadContext): Promise<MediaLibrary> {
  const { apiHost, apiKey } = context.config.layout;
  let rule: MediaLibraryRule | undefined = rules.get(apiHost, { allowStale: true });
  // A content host that is down costs one timeout per 30 seconds, not one per page.
  if (!rule || rules.getRemainingTTL(apiHost) <= 0) {
    if (rule || Date.now() >= failedUntil) {
      try {
        rule = await rules.fetch(apiHost, { context: { apiKey } });
      } catch (error) {
        failedUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
        log('warn', 'design-center', 'media library rule unavailable, using /media:', error instanceof Error ? error.message : error);
      }
    }
  }
  const used = rule ?? FALLBACK_MEDIA_RULE;
  return { rule: used, source: rule ? 'content-host' : 'fallback', link: (itemPath) => mediaLink(used, itemPath) };
}

/** Drops what was fetched, so the next page asks the content host again (tests). */
export function forgetMediaLibraryRule(): void {
  rules.clear();
  failedUntil = 0;
}

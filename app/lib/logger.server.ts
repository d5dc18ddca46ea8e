import type { AppLoadContext } from '@remix-run/node';
import { format } from 'node:util';
import { LRUCache } from 'lru-cache';
import { logger } from '../../server/log.ts';

/**
 * The site's server log, at the level the content host's logger settings give (REQ-PORT-6:
 * `GET {content host}/clientapi/LoggerSettings/GetLoggerSettings` with the API token header;
 * REQ-CMS-10: refreshed at most every 5 minutes). Until the settings arrive, or when the call fails,
 * the last known settings (or 'info') apply: logging never waits on the content host.
 */
export const LOGGER_SETTINGS_TTL_MS = 5 * 60_000;
const LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LEVELS)[number];
interface LoggerSettings {
  level: LogLevel;
  sendClientErrors: boolean;
}

let current: LoggerSettings = { level: 'info', sendClientErrors: false };

const settings = new LRUCache<string, LoggerSettings, { apiKey: string }>({
  max: 4,
  ttl: LOGGER_SETTINGS_TTL_MS,
  allowStale: true,
  noDeleteOnFetchRejection: true,
  fetchMethod: async (host, _stale, { context }) => {
    const response = await fetch(`${host}/clientapi/LoggerSettings/GetLoggerSettings`, { headers: { 'x-api-token': context.apiKey }, signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`logger settings answered ${response.status}`);
    const body = (await response.json()) as Partial<LoggerSettings>;
    return { level: LEVELS.includes(body.level as LogLevel) ? (body.level as LogLevel) : 'info', sendClientErrors: body.sendClientErrors === true };
  },
});

/** Refreshes the settings in the background when they are older than 5 minutes. */
export function refreshLoggerSettings(context: AppLoadContext): void {
  const { apiHost, apiKey } = context.config.layout;
  settings
    .fetch(apiHost, { context: { apiKey } })
    .then((next) => {
      if (next) current = next;
    })
    .catch(() => {
      // Swallowed on purpose (REQ-ERR-9: logger-settings errors are logged and swallowed): keep the last ones.
    });
}

/** Drops what was fetched, so the next refresh asks the content host again (tests). */
export function forgetLoggerSettings(): void {
  settings.clear();
}

export function loggerSettings(): LoggerSettings {
  return current;
}

/** Filtered by the content host's level above, not by LOG_LEVEL again. */
const appLog = logger.child({}, { level: 'debug' });

export function log(level: LogLevel, area: string, ...message: unknown[]): void {
  if (LEVELS.indexOf(level) > LEVELS.indexOf(current.level)) return;
  // The structured log (server/log.ts): one JSON line, with the request's trace id.
  appLog[level]({ area }, format(...message));
}

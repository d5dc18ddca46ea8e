import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The embedded usage-analytics endpoints: legacy UA v15 (both prefixes, with `searches` its one
 * batch endpoint) and the Event Protocol. They take one post per page view, so under load they get
 * as many requests as the site serves pages; they answer from a plain `http` handler the site puts
 * in front of Express (decision 0032), and the search router mounts the same handler.
 */
export const ANALYTICS_PATHS = /^\/rest(?:\/ua)?\/v15\/analytics\/([A-Za-z]+)$|^\/rest\/organizations\/[^/]+\/events\/v1$/;

const MAX_BODY_BYTES = 256 * 1024;

interface AnalyticsEvent {
  kind: string;
  receivedAt: number;
  body: unknown;
}

/** Analytics events as received; counts by type and the latest events are readable by tests and the CLI. */
export class AnalyticsStore {
  /** A ring of the latest events: recording is O(1) however many arrive. */
  private readonly events: AnalyticsEvent[] = [];
  private next = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly keep = 1000) {}

  record(kind: string, body: unknown) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    this.events[this.next] = { kind, receivedAt: Date.now(), body };
    this.next = (this.next + 1) % this.keep;
  }

  /** The kept events, newest first. */
  private *newestFirst(): Generator<AnalyticsEvent> {
    for (let back = 1; back <= this.events.length; back += 1) yield this.events[(this.next - back + this.keep) % this.keep]!;
  }

  /** The latest events of a kind, newest first, optionally of one visitor (clientId). */
  recentOfKind(kind: string, limit: number, visitorId?: string): AnalyticsEvent[] {
    const out: AnalyticsEvent[] = [];
    for (const event of this.newestFirst()) {
      if (out.length >= limit) break;
      const clientId = (event.body as { clientId?: string } | undefined)?.clientId;
      if (event.kind === kind && (!visitorId || clientId === visitorId)) out.push(event);
    }
    return out;
  }

  summary(limit = 50) {
    const recent: AnalyticsEvent[] = [];
    for (const event of this.newestFirst()) {
      if (recent.length >= limit) break;
      recent.push(event);
    }
    return { counts: Object.fromEntries(this.counts), recent };
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const json = body === EMPTY ? '{}' : JSON.stringify(body);
  res.writeHead(status, ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(json))]);
  res.end(json);
}

/** The answer to a view, click or custom event, one per page view under load. */
const EMPTY = {};

function refuse(res: ServerResponse, statusCode: number, type: string, message: string): void {
  answer(res, statusCode, { statusCode, message, type });
}

/** The kind of event a path takes (`view`, `searches`, ...; `event` for the Event Protocol), or undefined. */
export function analyticsKindOf(req: IncomingMessage): string | undefined {
  if (req.method !== 'POST') return undefined;
  const match = ANALYTICS_PATHS.exec(req.url?.split('?', 1)[0] ?? '');
  return match ? (match[1] ?? 'event') : undefined;
}

/** Stores what one post carried and answers as Coveo does. */
export function recordAnalytics(store: AnalyticsStore, kind: string, body: unknown, res: ServerResponse): void {
  if (kind === 'searches') {
    if (!Array.isArray(body)) return refuse(res, 400, 'InvalidRequestException', 'A batch of search events is a JSON array.');
    for (const event of body as unknown[]) store.record('search', event);
    return answer(res, 200, { searchEventResponses: body.map(() => ({ visitId: '', visitorId: '' })) });
  }
  store.record(kind, body);
  answer(res, 200, kind === 'event' ? { events: [{ accepted: true }] } : EMPTY);
}

/**
 * Handles a post to one of ANALYTICS_PATHS, reading its body, and returns true; or returns false
 * for anything else. Events are stored, never lost silently: a body that is not JSON is a 400.
 */
export function acceptAnalytics(store: AnalyticsStore, req: IncomingMessage, res: ServerResponse): boolean {
  const kind = analyticsKindOf(req);
  if (!kind) return false;
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > MAX_BODY_BYTES) return refuse(res, 413, 'PayloadTooLargeException', `An analytics post is at most ${MAX_BODY_BYTES} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)).toString('utf8'));
    } catch {
      return refuse(res, 400, 'InvalidRequestException', 'The body is not JSON.');
    }
    recordAnalytics(store, kind, body, res);
  });
  req.on('error', () => res.destroy());
  return true;
}

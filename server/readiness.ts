import type { NextFunction, Request, Response } from 'express';
import type { Dispatcher } from 'undici';
import type { SiteLoadContext } from './load-context.ts';
import type { SharedStore } from './shared-store.ts';

/**
 * Liveness, readiness and draining (issue 30, decision 0090; REQ-RUN-7, REQ-RUN-8), the Kubernetes way:
 * - /healthz: the process is alive and its event loop turns (no outside call: a service that is
 *   down must not get the process restarted);
 * - /readyz: the process can serve pages now: the Search API answers a search, the layout service
 *   its dictionary, Redis a command when REDIS_URL is set; 503 with the failing checks otherwise, and
 *   from the moment the process is told to stop;
 * - draining: once stopping, a new request (other than the probes) gets 503 with Retry-After and
 *   Connection: close (nginx passes a GET on to the other process, proxy_next_upstream http_503),
 *   while requests in flight finish, for at most the drain bound.
 */

export interface ReadinessSources {
  config: () => SiteLoadContext['config'];
  shared: SharedStore;
  layoutFetch?: typeof fetch;
  searchDispatcher?: Dispatcher;
  /** How long one check may take (ms). */
  timeoutMs?: number;
}

type CheckResult = { ok: true; ms: number } | { ok: false; ms: number; error: string };

/** Answers within this many ms are reused, so probes every second cost one check per service. */
const REUSE_MS = 1000;

export class Readiness {
  #draining = false;
  readonly #inFlight = new Set<Response>();
  #idle: Array<() => void> = [];
  #last: { at: number; checks: Record<string, CheckResult> } | undefined;
  #pending: Promise<Record<string, CheckResult>> | undefined;

  constructor(readonly sources: ReadinessSources) {}

  get draining(): boolean {
    return this.#draining;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Counts requests in flight, and refuses new ones while draining. Mounted first. */
  readonly track = (req: Request, res: Response, next: NextFunction): void => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    if (this.#draining) {
      res.status(503).set({ 'Retry-After': '1', Connection: 'close', 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }).send('This server is stopping: try again in a moment.\n');
      return;
    }
    this.#inFlight.add(res);
    res.once('close', () => {
      this.#inFlight.delete(res);
      if (this.#inFlight.size === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
    next();
  };

  /** Stops taking requests and resolves once those in flight have finished or `timeoutMs` passed; answers whether all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    this.#draining = true;
    // Responses not yet begun end their connection: the client's next request opens one to a process that stays.
    for (const res of this.#inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (this.#inFlight.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.#idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    return finished;
  }

  readonly readyz = async (_req: Request, res: Response): Promise<void> => {
    res.set('Cache-Control', 'no-store');
    if (this.#draining) {
      res.status(503).json({ status: 'stopping', inFlight: this.#inFlight.size });
      return;
    }
    const checks = await this.checks();
    const ready = Object.values(checks).every((check) => check.ok);
    if (this.#draining) {
      res.status(503).json({ status: 'stopping', inFlight: this.#inFlight.size });
      return;
    }
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  };

  /** The checks, reused for a second; one run at a time. */
  private async checks(): Promise<Record<string, CheckResult>> {
    if (this.#last && performance.now() - this.#last.at < REUSE_MS) return this.#last.checks;
    this.#pending ??= this.run().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  private async run(): Promise<Record<string, CheckResult>> {
    const config = this.sources.config();
    const timeoutMs = this.sources.timeoutMs ?? 2000;
    const timed = async (work: (signal: AbortSignal) => Promise<void>): Promise<CheckResult> => {
      const started = performance.now();
      try {
        await work(AbortSignal.timeout(timeoutMs));
        return { ok: true, ms: Math.round(performance.now() - started) };
      } catch (error) {
        return { ok: false, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
      }
    };
    const entries: Array<[string, Promise<CheckResult>]> = [
      [
        'search',
        timed(async (signal) => {
          const url = new URL(config.search.apiUrl);
          url.searchParams.set('organizationId', config.search.organizationId);
          const response = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${config.search.accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ q: '', numberOfResults: 0, searchHub: 'readiness' }),
            signal,
            ...(this.sources.searchDispatcher ? { dispatcher: this.sources.searchDispatcher } : {}),
          } as RequestInit);
          await response.body?.cancel();
          if (!response.ok) throw new Error(`the Search API answered ${response.status}`);
        }),
      ],
      [
        'layout',
        timed(async (signal) => {
          const { apiHost, apiKey, siteName } = config.layout;
          const url = `${apiHost.replace(/\/+$/, '')}/sitecore/api/jss/dictionary/${encodeURIComponent(siteName)}/en?sc_apikey=${encodeURIComponent(apiKey)}`;
          const response = await (this.sources.layoutFetch ?? fetch)(url, { signal });
          await response.body?.cancel();
          if (!response.ok) throw new Error(`the layout service answered ${response.status}`);
        }),
      ],
    ];
    const { shared } = this.sources;
    if (shared.kind === 'redis') entries.push(['redis', timed(async () => void (await shared.get('readyz')))]);
    const results = await Promise.all(entries.map(async ([name, check]) => [name, await check] as const));
    const checks = Object.fromEntries(results);
    this.#last = { at: performance.now(), checks };
    return checks;
  }
}

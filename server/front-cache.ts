import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Removes every page nginx keeps (its cache files; nginx treats a missing file as a miss). Open
 * source nginx has no purge by key, and a page's keys are many (hosts, query strings, .data).
 */
export function emptyFrontCache(dir: string) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) emptyFrontCache(full);
    else rmSync(full, { force: true });
  }
}

/** How long after a reload a page rendered from the old content may still be on its way into nginx's cache. */
const IN_FLIGHT_MS = 250;

/**
 * A process has reread the content: its cache of pages in nginx goes. Until it reread, the process
 * answered from the old files, and nginx may have kept such an answer after the publishing process
 * emptied the cache (a publish through process A, a request through B before B saw the file), so
 * each process empties it when it rereads, and once more after the answers it was making then are out.
 */
export function frontCacheAfterReload(dir: string | undefined) {
  if (!dir) return;
  emptyFrontCache(dir);
  setTimeout(() => emptyFrontCache(dir), IN_FLIGHT_MS).unref();
}

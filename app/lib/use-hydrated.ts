import { startTransition, useEffect, useState } from 'react';

/**
 * Whether this document has hydrated: set by the first effect of the hydration's commit (no part
 * of the page hydrates later: entry.client waits for the renderings' modules, and the site has no
 * Suspense boundary). A part mounted after that, such as a client navigation's new results and
 * their compare buttons, renders enhanced at once: first rendering it as the server would and
 * switching after another render and commit cost every result of a new search twice (decision
 * 0114). On the server no effect runs, so it stays false there.
 */
let documentHydrated = false;

/** Marks the document hydrated (effects only). */
export function markHydrated(): void {
  documentHydrated = true;
}

/** Whether parts mounting now mount after hydration (true in the browser once the page has hydrated). */
export function mountsAfterHydration(): boolean {
  return documentHydrated;
}

/**
 * False on the server and during hydration; true once JavaScript runs, for progressive enhancement.
 * Every enhanced part of a page (each compare button of a 50-row table) switches at once: as a
 * transition React renders that wave in slices that let input through, not as one long task.
 * `urgent`: the part switches in the hydration's own commit instead, for a part whose markup
 * without scripts would do something twice once they run (a result link's `ping` beside its
 * sendBeacon).
 */
export function useHydrated({ urgent = false }: { urgent?: boolean } = {}): boolean {
  const [hydrated, setHydrated] = useState(mountsAfterHydration);
  useEffect(() => {
    markHydrated();
    if (hydrated) return;
    if (urgent) setHydrated(true);
    else startTransition(() => setHydrated(true));
  }, [hydrated, urgent]);
  return hydrated;
}

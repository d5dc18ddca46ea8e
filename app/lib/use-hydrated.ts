import { startTransition, useEffect, useState } from 'react';

/** False on the server and during hydration; true once JavaScript runs, for progressive enhancement. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Every enhanced part of a page (each compare button of a 50-row table) switches at once: as a
  // transition React renders that wave in slices that let input through, not as one long task.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

import { useEffect, useState } from 'react';

/** False on the server and during hydration; true once JavaScript runs, for progressive enhancement. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

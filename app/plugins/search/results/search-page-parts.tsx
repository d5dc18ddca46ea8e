import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { formatNumber } from '~/lib/format.ts';
import { searchUrlParams, type SearchUrlState } from '../url-state.ts';

/** Small pieces the search page's parts share: links to a changed search, the hidden state of GET forms, whether scripts run and tracking is allowed. */
export function useHref() {
  const { pathname } = useLocation();
  return (state: SearchUrlState) => `${pathname}?${searchUrlParams(state).toString()}`;
}

/** Hidden inputs that carry the rest of the state through a GET form. */
export function Carry({ state, omit }: { state: SearchUrlState; omit: string[] }) {
  const entries = [...searchUrlParams({ ...state, page: 1 }).entries()].filter(([key]) => !omit.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)));
  return (
    <>
      {entries.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/** The browser's own do-not-track or privacy-control signal, once scripts run (REQ-ANALYTICS-3). */
export function useBrowserAllowsTracking(): boolean {
  const [allows, setAllows] = useState(true);
  useEffect(() => {
    const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
    setAllows(browser.doNotTrack !== '1' && browser.globalPrivacyControl !== true);
  }, []);
  return allows;
}

/** False on the server and in the first render in the browser; true once scripts run. */
export function useScriptsRunning(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}

/** A range's bound in the page's notation (four significant digits and the unit), or an ellipsis when open. */
export function formatQuantity(value: number | undefined, unit: string | undefined, locale: string): string {
  if (value === undefined) return '…';
  return `${formatNumber(value, locale, { maximumSignificantDigits: 4 })}${unit ? ` ${unit}` : ''}`;
}

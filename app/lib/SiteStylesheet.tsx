import { createContext, useContext } from 'react';

/**
 * The site's whole stylesheet, given by entry.server (about 5 kB compressed): written into
 * each document so the first paint waits for no other request (REQ-UI-5, decision 0061). The browser
 * bundle never carries it.
 */
export const SiteStylesheetText = createContext<string | undefined>(undefined);

const ELEMENT_ID = 'site-css';

let fromDocument: string | undefined;

/** In the browser the text is the one the server wrote: hydration and later renders keep it as it is. */
function documentStylesheet(): string {
  fromDocument ??= typeof document === 'undefined' ? '' : (document.getElementById(ELEMENT_ID)?.textContent ?? '');
  return fromDocument;
}

export function SiteStylesheet() {
  const text = useContext(SiteStylesheetText) ?? documentStylesheet();
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}

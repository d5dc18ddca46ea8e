import { useSyncExternalStore } from 'react';
import { MAX_COMPARE } from './url-state.ts';

/**
 * REQ-CAT-4: the session store `globalStore` (sessionStorage) holds `multiPartdata`, the parts chosen
 * for the multi-part (compare) view. Other keys of the store belong to other features and are kept
 * as they are. Browser only; on the server the list is empty (the URL carries compare state there).
 */

const STORE = 'globalStore';
const CHANGE = 'globalstore:multipartdata';
const EMPTY: string[] = [];

let cache: { raw: string | null; parts: string[] } = { raw: null, parts: EMPTY };

function readStore(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function readCompareParts(): string[] {
  if (typeof sessionStorage === 'undefined') return EMPTY;
  const raw = sessionStorage.getItem(STORE);
  if (raw === cache.raw) return cache.parts;
  const list = readStore().multiPartdata;
  const parts = Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string').slice(0, MAX_COMPARE) : EMPTY;
  cache = { raw, parts };
  return parts;
}

export function writeCompareParts(parts: string[]) {
  const store = readStore();
  store.multiPartdata = [...new Set(parts)].slice(0, MAX_COMPARE);
  sessionStorage.setItem(STORE, JSON.stringify(store));
  window.dispatchEvent(new Event(CHANGE));
}

/** Adds or removes one part; false when the list is already full. */
export function toggleComparePart(partNumber: string): boolean {
  const parts = readCompareParts();
  if (parts.includes(partNumber)) {
    writeCompareParts(parts.filter((p) => p !== partNumber));
    return true;
  }
  if (parts.length >= MAX_COMPARE) return false;
  writeCompareParts([...parts, partNumber]);
  return true;
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE, onChange);
  // Another tab of the same session does not share sessionStorage, but a restored page may change it.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useCompareParts(): string[] {
  return useSyncExternalStore(subscribe, readCompareParts, () => EMPTY);
}

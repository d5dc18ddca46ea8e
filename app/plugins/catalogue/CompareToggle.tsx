import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { toggleComparePart, useCompareParts } from './compare-store.ts';
import { compareSearch, MAX_COMPARE } from './url-state.ts';

/**
 * "Add to compare" for one part, self-contained so the search page can place it on product results:
 * `<CompareToggle partNumber={...} />`. With JavaScript it toggles the part in the session's
 * `multiPartdata`; without, it is a link that opens the compare view with this part added to
 * `parts` (the list the page already carries, if any).
 */
export function CompareToggle({ partNumber, carried = [] }: { partNumber: string; carried?: string[] }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const hydrated = useHydrated();
  const parts = useCompareParts();
  if (!hydrated) {
    const next = carried.includes(partNumber) ? carried : [...carried, partNumber].slice(-MAX_COMPARE);
    return (
      <a className="compare-toggle" href={`${localizedPath(language, '/products/compare')}${compareSearch(next)}`} rel="nofollow">
        {t('catalogue.addToCompare')}
      </a>
    );
  }
  const selected = parts.includes(partNumber);
  const full = !selected && parts.length >= MAX_COMPARE;
  return (
    <button
      type="button"
      className="compare-toggle"
      aria-pressed={selected}
      disabled={full}
      title={full ? t('catalogue.compareFull') : undefined}
      onClick={() => toggleComparePart(partNumber)}
    >
      {selected ? t('catalogue.inCompare') : t('catalogue.addToCompare')}
      <span className="visually-hidden"> {partNumber}</span>
    </button>
  );
}

/** With JavaScript: how many parts are chosen, a link to the compare view, and a way to clear. */
export function CompareTray() {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const hydrated = useHydrated();
  const parts = useCompareParts();
  if (!hydrated || parts.length === 0) return null;
  return (
    <aside className="compare-tray" aria-live="polite" aria-label={t('catalogue.compare')}>
      <span>{t('catalogue.compareCount', { count: parts.length, max: MAX_COMPARE })}</span>{' '}
      <Link to={`${localizedPath(language, '/products/compare')}${compareSearch(parts)}`}>{t('catalogue.compareNow')}</Link>
    </aside>
  );
}

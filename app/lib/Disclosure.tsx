import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useHydrated } from './use-hydrated.ts';

/** REQ-UI-1 breakpoints: the header's row from 768 px, filters beside the results from 1024 px. */
export const MENU_WIDE = '(min-width: 768px)';
export const FILTERS_WIDE = '(min-width: 1024px)';

/**
 * A <details> that the stylesheet shows open on wide screens (`::details-content`, with its summary
 * hidden) and that is a closed disclosure on a phone. A browser without `::details-content` cannot
 * show a closed <details>'s content by style: there the scripts open it while the screen is wide.
 */
export function useOpenWhenWide(details: RefObject<HTMLDetailsElement | null>, wideQuery: string): void {
  useEffect(() => {
    if (CSS.supports('selector(::details-content)')) return;
    const wide = window.matchMedia(wideQuery);
    const follow = () => details.current?.toggleAttribute('open', wide.matches);
    follow();
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, [details, wideQuery]);
}

/** Closes a phone-width disclosure (never a wide screen's, whose content is the page's). */
export function closeNarrow(details: HTMLDetailsElement | null, wideQuery: string): void {
  if (details?.open && !window.matchMedia(wideQuery).matches) details.open = false;
}

/**
 * The filters of a search or a listing behind a "Filters (n)" control (decision 0179): beside the
 * results from 1024 px, below that a <details> disclosure, which with JavaScript opens as a drawer
 * over the page (a close button, Escape, or a press outside it closes it). Every filter is inside
 * it, open or closed: a closed one is still part of its form.
 */
export function FilterDrawer({ label, closeLabel, className = '', children }: { label: string; closeLabel: string; className?: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  useOpenWhenWide(details, FILTERS_WIDE);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const panel = details.current?.querySelector('.filter-drawer__panel');
      const summary = details.current?.querySelector('summary');
      if (!panel?.contains(event.target as Node) && !summary?.contains(event.target as Node)) closeNarrow(details.current, FILTERS_WIDE);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);
  const close = () => {
    closeNarrow(details.current, FILTERS_WIDE);
    details.current?.querySelector('summary')?.focus();
  };
  return (
    <details
      className={`filter-drawer ${className}`}
      ref={details}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && details.current?.open && !window.matchMedia(FILTERS_WIDE).matches) {
          event.preventDefault();
          close();
        }
      }}
    >
      <summary className="filter-drawer__button">{label}</summary>
      <div className="filter-drawer__panel">
        {hydrated ? (
          <button type="button" className="filter-drawer__close button" onClick={close}>
            {closeLabel}
          </button>
        ) : null}
        {children}
      </div>
    </details>
  );
}

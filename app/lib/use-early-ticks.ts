import { useEffect, type RefObject } from 'react';

/**
 * Scripts start after the first paint (decision 0065), so a visitor may tick a box of a form that
 * applies ticks at once before its handlers exist. Once they do, such a form is applied as the
 * tick would have applied it. A page restored from history may hold the browser's remembered
 * ticks instead of the visitor's new ones: those are left alone.
 */
export function useEarlyTicks(form: RefObject<HTMLFormElement | null>, apply: (form: HTMLFormElement) => void) {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (entry?.type === 'back_forward') return;
    const boxes = element.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
    if ([...boxes].some((box) => box.checked !== box.defaultChecked)) apply(element);
    // Once, when the form's handlers first exist.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

import { useEffect, type RefObject } from 'react';

/**
 * Scripts start after the first paint (decision 0065), so a visitor may tick a box or choose in a
 * select of a form that applies them at once before its handlers exist. Once they do, such a form
 * is applied as the change would have applied it. A page restored from history may hold the
 * browser's remembered choices instead of the visitor's new ones: those are left alone.
 */
export function useEarlyTicks(form: RefObject<HTMLFormElement | null>, apply: (form: HTMLFormElement) => void) {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (entry?.type === 'back_forward') return;
    const boxes = element.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
    const ticked = [...boxes].some((box) => box.checked !== box.defaultChecked);
    // A select without a `selected` option shows its first one.
    const chosen = [...element.querySelectorAll('select')].some((select) => !select.multiple && select.selectedIndex !== Math.max(0, [...select.options].findIndex((option) => option.defaultSelected)));
    if (ticked || chosen) apply(element);
    // Once, when the form's handlers first exist.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

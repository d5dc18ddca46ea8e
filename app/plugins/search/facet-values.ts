import type { Translate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';

/**
 * What a facet value is called in the page's language. The index keeps stable English values (the
 * URL carries them: `f.market=Home Appliances`); category names come from the catalogue's taxonomy
 * (`names`, sent with the search), the others from the dictionary's `facetValue.<field>.<value>`.
 * A value with neither (a series code, a date) is shown as it is.
 */
export function facetValueLabel(t: Translate, field: string, value: string, names: Record<string, string> | undefined): string {
  const named = nameOf(names, value);
  if (named) return named;
  const key = `facetValue.${field}.${value}`;
  const phrase = t(key);
  return phrase === key ? value : phrase;
}

/** A hierarchical value ("Circuit Protection|Fuses") as its segments' names. */
export function categoryPathLabels(value: string, names: Record<string, string> | undefined): string[] {
  return value.split('|').map((segment) => nameOf(names, segment) ?? segment);
}

/**
 * A value's own name in `names`, never what its prototype has: the value comes from the URL, and
 * `f.market=__proto__` found Object.prototype (a 500: React cannot render it), `constructor` a
 * function (an empty label). The names came through JSON, so even an own `__proto__` may be there.
 */
export function nameOf(names: Record<string, string> | undefined, value: string): string | undefined {
  if (!names || !Object.hasOwn(names, value)) return undefined;
  const name: unknown = names[value];
  return typeof name === 'string' ? name : undefined;
}

/** `lang` for content written in another language than the page's (an English-only document on a German page). */
export function foreignLang(contentLang: string | undefined, pageTag: string): string | undefined {
  if (!contentLang) return undefined;
  return contentLang.split('-')[0]!.toLowerCase() === pageTag.split('-')[0]!.toLowerCase() ? undefined : contentLang;
}

/**
 * A date facet's value (`2016/11/06@00:00:00..2018/02/08@00:00:00`) as the page's language writes
 * dates (06.11.2016 – 08.02.2018 in German), as the results' own dates are: Intl, in UTC, so the
 * server and the browser print the same day. A bound that is no absolute date (`now`) stays as it is.
 */
export function dateRangeLabel(value: string, locale: string): string {
  return value
    .split('..')
    .map((bound) => {
      const date = /^(\d{4})\/(\d{2})\/(\d{2})/.exec(bound);
      return date ? formatDate(new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]))), locale) : bound.slice(0, 10);
    })
    .join(' – ');
}

import { Link, useSearchParams } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { ALPHABET_INDEX, INDEX_PARAM, parseIndexLetter, type IndexLetter } from '~/plugins/content/alphabet.ts';

/**
 * The A-to-Z index of every list that has one (applications, documents, FAQs, a category's
 * series): plain links (`?letter=B`), so it filters without JavaScript; with it, the same links
 * navigate in place without reloading or scrolling. The chosen letter is `aria-current`; a letter
 * nothing files under is shown but is no link, marked `aria-disabled`, so keyboard users skip it.
 */
export function AlphabetIndex({
  available,
  param = INDEX_PARAM,
  resetParams = [],
  hrefFor,
  current,
  label,
}: {
  available: ReadonlySet<IndexLetter>;
  /**
   * The query parameter. `letter` filters in the browser (a change of it alone loads no data); a
   * list filtered on the server names another, so changing it loads the matching entries.
   */
  param?: string;
  /** Dropped when the letter changes (a page number, a choice the letter narrows). */
  resetParams?: readonly string[];
  /** A list whose address has its own grammar (the catalogue's listing) writes its own links. */
  hrefFor?: (letter: IndexLetter) => string;
  /** The chosen letter, where the list reads it from the address itself. */
  current?: IndexLetter;
  /** The index's name where the page has another list of letters (the series among the filters). */
  label?: string;
}) {
  const [searchParams] = useSearchParams();
  const t = useTranslate();
  const parsed = parseIndexLetter(searchParams.get(param));
  const chosen = current ?? parsed.letter;
  const linkFor =
    hrefFor ??
    ((letter: IndexLetter) => {
      const next = new URLSearchParams(searchParams);
      for (const name of resetParams) next.delete(name);
      if (letter === 'All') next.delete(param);
      else next.set(param, letter);
      const query = next.toString();
      return query ? `?${query}` : '?';
    });
  return (
    <nav className="alphabet-filter" aria-label={label ?? t('index.label')}>
      {parsed.error && !current ? (
        <p className="form-error" role="status">
          {t('index.invalidLetter')}
        </p>
      ) : null}
      <ul>
        {ALPHABET_INDEX.map((letter) => {
          const text = letter === 'All' ? t('index.all') : letter;
          const enabled = letter === 'All' || available.has(letter);
          return (
            <li key={letter}>
              {enabled ? (
                <Link to={linkFor(letter)} preventScrollReset replace aria-current={letter === chosen ? 'true' : undefined} aria-label={letter === '#' ? t('index.other') : undefined}>
                  {text}
                </Link>
              ) : (
                <span aria-disabled="true">{text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function useIndexLetter(): IndexLetter {
  const [searchParams] = useSearchParams();
  return parseIndexLetter(searchParams.get(INDEX_PARAM)).letter;
}

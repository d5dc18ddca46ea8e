import { Link, useSearchParams } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { ALPHABET_INDEX, INDEX_PARAM, parseIndexLetter, type IndexLetter } from './alphabet.ts';

/**
 * The alphabetical index as plain links (`?letter=B`), so it filters without JavaScript; with it,
 * the same links navigate in place without reloading or scrolling.
 */
export function AlphabetFilter({
  available,
  label,
  param = INDEX_PARAM,
  resetParams = [],
}: {
  available: ReadonlySet<IndexLetter>;
  label: string;
  /**
   * The query parameter. `letter` filters in the browser (a change of it alone loads no data); a
   * list filtered on the server names another, so changing it loads the matching entries.
   */
  param?: string;
  /** Dropped when the letter changes (a page number). */
  resetParams?: readonly string[];
}) {
  const [searchParams] = useSearchParams();
  const t = useTranslate();
  const { letter: current, error } = parseIndexLetter(searchParams.get(param));
  const hrefFor = (letter: IndexLetter) => {
    const next = new URLSearchParams(searchParams);
    for (const name of resetParams) next.delete(name);
    if (letter === 'All') next.delete(param);
    else next.set(param, letter);
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="alphabet-filter" aria-label={label}>
      {error ? (
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
                <Link
                  to={hrefFor(letter)}
                  preventScrollReset
                  replace
                  aria-current={letter === current ? 'true' : undefined}
                  aria-label={letter === '#' ? t('index.other') : undefined}
                >
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

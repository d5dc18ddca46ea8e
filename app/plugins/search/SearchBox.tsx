import { Form, useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SEARCH_SCOPES } from './sections.ts';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { resultHref } from './result-links.ts';
import type { SuggestAnswer } from './suggest.server.ts';

/** REQ-BOX-3: 10 suggestions in the search page's main box, 5 elsewhere. */
export const MAIN_BOX_SUGGESTIONS = 10;
export const OTHER_BOX_SUGGESTIONS = 5;
const TYPING_PAUSE_MS = 150;

/** "[typed]{completion}" as the Search API marks it: the completion is emphasized. */
function Highlighted({ markup }: { markup: string }) {
  const parts = [...markup.matchAll(/\[([^\]]*)\]|\{([^}]*)\}|\(([^)]*)\)/g)];
  if (parts.length === 0) return <>{markup}</>;
  return (
    <>
      {parts.map((part, i) => (part[2] !== undefined ? <strong key={i}>{part[2]}</strong> : <span key={i}>{part[1] ?? part[3]}</span>))}
    </>
  );
}

/**
 * The search box in every page's header (REQ-BOX-2 standalone search box): it submits to /search,
 * which asks the Search API's plan for a redirect trigger on the server (standalone.server.ts).
 */
export function HeaderSearchBox() {
  const language = useSiteShell()?.language ?? 'en';
  const t = useTranslate();
  const { pathname, search, key } = useLocation();
  // The box holds the query of the search page it is on, and nothing elsewhere: remounted with
  // each page shown (hydration is none), it never keeps a search typed on an earlier page.
  const onSearchPage = pathname.replace(/\/$/, '').toLowerCase() === localizedPath(language, '/searchresult').toLowerCase();
  const query = onSearchPage ? (new URLSearchParams(search).get('q') ?? '') : '';
  // Named: a page with a search of its own has two search landmarks (axe landmark-unique, issue 31).
  return <SearchBox key={key} className="header-search" suggestionCount={OTHER_BOX_SUGGESTIONS} defaultValue={query} action={localizedPath(language, '/search')} beside={<ScopeSelect />} landmarkLabel={t('header.siteSearch')} />;
}

/** The search scopes of REQ-SEARCH-3 beside a box: a plain select of its GET form, "everything" by default. */
export function ScopeSelect({ value = '' }: { value?: string }) {
  const t = useTranslate();
  return (
    <label className="search-scope">
      <span className="visually-hidden">{t('search.scope')}</span>
      <select name="scope" defaultValue={value} key={value}>
        <option value="">{t('search.scope.all')}</option>
        {SEARCH_SCOPES.map((scope) => (
          <option key={scope.id} value={scope.id}>
            {t(scope.label)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface SearchBoxProps {
  className: string;
  suggestionCount: number;
  defaultValue?: string;
  /** Other state the form carries (the search page's tab). */
  hidden?: Record<string, string>;
  /** Controls of the form beside the box (the search page's scope selector). */
  beside?: ReactNode;
  buttonClassName?: string;
  /** Where the form goes; the search page by default. */
  action?: string;
  /** The search landmark's name, where a page has two (the header's and the search page's own). */
  landmarkLabel?: string;
}

/**
 * A search box: without JavaScript a GET form to /searchresult (or `action`); with it, suggestions,
 * recent queries and instant results appear as an ARIA combobox (arrow keys, Enter, Escape). The
 * search page and /search follow redirect triggers, so submitting is always just navigating.
 */
export function SearchBox({ className, suggestionCount, defaultValue = '', hidden = {}, beside, buttonClassName = 'button', action: formAction, landmarkLabel }: SearchBoxProps) {
  const shell = useSiteShell();
  const t = useTranslate();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<SuggestAnswer>();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const language = shell?.language ?? 'en';
  const action = formAction ?? localizedPath(language, '/searchresult');
  const typed = value.trim().length >= 2;
  // Before typing, the options are the visitor's recent queries (REQ-BOX-5); then suggestions.
  const options = typed
    ? (fetcher.data?.suggestions ?? [])
    : (fetcher.data?.recent ?? []).slice(0, suggestionCount).map((query) => ({ value: query, highlighted: query }));
  const instantResults = typed ? (fetcher.data?.instantResults ?? []) : [];

  const suggesterError = typed ? fetcher.data?.suggesterError : undefined;
  const showList = hydrated && open && (options.length > 0 || instantResults.length > 0 || Boolean(suggesterError));

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (text: string) => {
    setValue(text);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (text.trim().length === 1) return;
    timer.current = setTimeout(() => load(text), TYPING_PAUSE_MS);
  };
  const load = (text: string) => {
    const params = new URLSearchParams({ q: text.trim(), locale: shell?.tag ?? 'en', count: String(suggestionCount), instant: '1' });
    fetcher.load(`/api/search/suggest?${params}`);
  };
  const go = (query: string) => {
    setOpen(false);
    navigate(`${action}?${new URLSearchParams({ ...hidden, q: query })}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && showList) {
      // WAI-ARIA combobox: Escape closes the list and keeps the text. A search input's own Escape
      // empties it, so it is held back here; with the list closed, a second Escape does clear.
      event.preventDefault();
      // A suggestion the arrows put in the box gives way to what was typed again.
      if (active >= 0) event.currentTarget.value = value;
      setOpen(false);
      setActive(-1);
      return;
    }
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      // A closed list (after Escape) opens again on an arrow, as the combobox pattern has it.
      event.preventDefault();
      setOpen(true);
      return;
    }
    if (!open || options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself; the arrows cycle through it and the suggestions.
      const next = ((active + 1 + step + options.length + 1) % (options.length + 1)) - 1;
      setActive(next);
      // WAI-ARIA combobox (list autocomplete): the highlighted suggestion is the box's text, so Enter
      // or the button searches it; back at -1 the box shows what was typed again.
      event.currentTarget.value = next >= 0 ? options[next]!.value : value;
    } else if (event.key === 'Enter' && active >= 0 && active < options.length) {
      event.preventDefault();
      go(options[active]!.value);
    }
  };

  return (
    <Form method="get" action={action} role="search" aria-label={landmarkLabel} className={`search-box ${className}`} onSubmit={() => setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        name="q"
        placeholder={t('search.placeholder')}
        maxLength={200}
        defaultValue={defaultValue}
        autoComplete="off"
        {...(hydrated
          ? {
              role: 'combobox',
              'aria-expanded': showList,
              'aria-controls': `${listId}-list`,
              'aria-autocomplete': 'list' as const,
              'aria-activedescendant': showList && active >= 0 ? `${listId}-option-${active}` : undefined,
              // Uncontrolled: what a visitor typed before hydration stays.
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => ask(event.target.value),
              onKeyDown,
              onFocus: () => {
                setOpen(true);
                if (!fetcher.data && fetcher.state === 'idle') load(value);
              },
              // Leaving for an instant result keeps the panel; leaving the box entirely closes it.
              onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
                if (!event.currentTarget.form?.contains(event.relatedTarget as Node | null)) setTimeout(() => setOpen(false), 100);
              },
            }
          : {})}
      />
      {Object.entries(hidden).map(([name, hiddenValue]) => (
        <input key={name} type="hidden" name={name} value={hiddenValue} />
      ))}
      {beside}
      <button type="submit" className={buttonClassName}>
        {t('search.submit')}
      </button>
      {showList ? (
        <div className="header-search__panel">
        <ul id={`${listId}-list`} role="listbox" className="header-search__list" aria-label={typed ? t('search.suggestions') : t('search.recent')}>
          {options.map((suggestion, index) => (
            <li
              key={suggestion.value}
              id={`${listId}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                go(suggestion.value);
              }}
            >
              <Highlighted markup={suggestion.highlighted} />
            </li>
          ))}
        </ul>
        {suggesterError ? (
          <p className="header-search__error" role="status">
            {t('search.suggesterError')}
          </p>
        ) : null}
        {instantResults.length ? (
          <nav className="header-search__instant" aria-label={t('search.instantResults')}>
            <ul>
              {instantResults.map((result) => (
                <li key={result.uniqueId}>
                  <a href={resultHref(result.clickUri, language, result.languages)} onBlur={(event) => !event.currentTarget.closest('form')?.contains(event.relatedTarget as Node | null) && setOpen(false)}>
                    {result.partNumber ? <strong>{result.partNumber}</strong> : null} {result.description ?? result.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        </div>
      ) : null}
    </Form>
  );
}

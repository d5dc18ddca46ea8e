import { Form, useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import type { Suggestion } from './suggest.server.ts';

/** SPEC 9: 5 suggestions outside the search page's main box. */
const SUGGESTIONS = 5;
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
 * The search box in every page's header (SPEC 4 standalone search box). Without JavaScript it is a
 * GET form to /searchresult; with it, suggestions appear as an ARIA combobox (arrow keys, Enter,
 * Escape). The search page follows redirect triggers, so submitting is always just navigating.
 */
export function HeaderSearchBox() {
  const shell = useSiteShell();
  const t = useTranslate();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
  const listId = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const language = shell?.language ?? 'en';
  const action = localizedPath(language, '/searchresult');
  const suggestions = value.trim().length >= 2 ? (fetcher.data?.suggestions ?? []) : [];

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (text: string) => {
    setValue(text);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (text.trim().length < 2) return;
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ q: text, locale: shell?.tag ?? 'en', count: String(SUGGESTIONS) });
      fetcher.load(`/api/search/suggest?${params}`);
    }, TYPING_PAUSE_MS);
  };
  const go = (query: string) => {
    setOpen(false);
    navigate(`${action}?${new URLSearchParams({ q: query })}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself; the arrows cycle through it and the suggestions.
      setActive((current) => ((current + 1 + step + suggestions.length + 1) % (suggestions.length + 1)) - 1);
    } else if (event.key === 'Enter' && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      go(suggestions[active]!.value);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const showList = hydrated && open && suggestions.length > 0;

  return (
    <Form method="get" action={action} role="search" className="header-search" onSubmit={() => setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        name="q"
        placeholder={t('search.placeholder')}
        maxLength={200}
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
              onBlur: () => setTimeout(() => setOpen(false), 100),
            }
          : {})}
      />
      <button type="submit" className="button">
        {t('search.submit')}
      </button>
      {showList ? (
        <ul id={`${listId}-list`} role="listbox" className="header-search__list" aria-label={t('search.suggestions')}>
          {suggestions.map((suggestion, index) => (
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
      ) : null}
    </Form>
  );
}

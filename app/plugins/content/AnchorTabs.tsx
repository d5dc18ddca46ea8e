import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { text, type ListItem, type TextField } from '~/cms/fields.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface TabFields {
  anchorId?: TextField;
  title?: TextField;
  content?: TextField;
}

interface AnchorTabsFields {
  title?: TextField;
  tabs?: ListItem<TabFields>[];
}

/** The anchor a location's hash names; a malformed escape names none. */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

function anchorOf(tab: ListItem<TabFields>, index: number): string {
  const raw = text(tab.fields.anchorId) || tab.name || `section-${index + 1}`;
  return raw.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
}

/**
 * Without JavaScript: a row of in-page links and the section the address names (CSS `:target`),
 * else the first. With it: an ARIA tab list (arrow keys, Home, End) whose selection follows and
 * updates the URL's hash. Both take the same space, link for tab and section for panel, so the
 * page does not move when scripts turn one into the other (decision 0151).
 */
function AnchorTabs({ fields }: RenderingProps<AnchorTabsFields>) {
  const tabs = (fields.tabs ?? []).map((tab, index) => ({ tab, anchor: anchorOf(tab, index) }));
  const hydrated = useHydrated();
  // The section the address names from the first render in the browser, as the links' :target
  // showed it: choosing it in an effect would paint the first panel, then move to it.
  const [selected, setSelected] = useState(() => (typeof window === 'undefined' ? 0 : Math.max(0, tabs.findIndex((t) => t.anchor === decodeHash(window.location.hash)))));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const anchors = tabs.map((t) => t.anchor).join(' ');

  useEffect(() => {
    const list = anchors.split(' ');
    const fromHash = () => {
      const index = list.indexOf(decodeHash(window.location.hash));
      if (index >= 0) setSelected(index);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [anchors]);

  if (tabs.length === 0) return null;
  const heading = text(fields.title);

  if (!hydrated) {
    return (
      <section className="anchor-tabs anchor-tabs--static">
        {heading ? <h2><FieldText field={fields.title} /></h2> : null}
        <nav aria-label={heading || undefined}>
          <ul className="anchor-tabs__list anchor-tabs__links">
            {tabs.map(({ tab, anchor }) => (
              <li key={anchor}>
                <a className="anchor-tabs__tab" href={`#${anchor}`}>
                  {text(tab.fields.title)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {tabs.map(({ tab, anchor }) => (
          <section key={anchor} id={anchor} className="anchor-tabs__panel" tabIndex={-1}>
            {/* Named for the document's outline; the link above shows the name. */}
            <h3 className="visually-hidden">{text(tab.fields.title)}</h3>
            <RichTextHtml field={tab.fields.content} className="prose" />
          </section>
        ))}
      </section>
    );
  }

  const select = (index: number, focus: boolean) => {
    const count = tabs.length;
    const next = ((index % count) + count) % count;
    setSelected(next);
    window.history.replaceState(window.history.state, '', `#${tabs[next]!.anchor}`);
    if (focus) tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <section className="anchor-tabs">
      {heading ? <h2 id={`${tabs[0]!.anchor}-heading`}><FieldText field={fields.title} /></h2> : null}
      <div role="tablist" aria-labelledby={heading ? `${tabs[0]!.anchor}-heading` : undefined} className="anchor-tabs__list">
        {tabs.map(({ tab, anchor }, index) => (
          <button
            key={anchor}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            className="anchor-tabs__tab"
            role="tab"
            id={`${anchor}-tab`}
            aria-selected={index === selected}
            aria-controls={anchor}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index, false)}
            onKeyDown={onKeyDown}
          >
            {text(tab.fields.title)}
          </button>
        ))}
      </div>
      {tabs.map(({ tab, anchor }, index) => (
        <section
          key={anchor}
          id={anchor}
          role="tabpanel"
          aria-labelledby={`${anchor}-tab`}
          hidden={index !== selected}
          tabIndex={0}
          className="anchor-tabs__panel"
        >
          <RichTextHtml field={tab.fields.content} className="prose" />
        </section>
      ))}
    </section>
  );
}

export const anchorTabs: ComponentDefinition = { name: 'AnchorTabs', Component: AnchorTabs };

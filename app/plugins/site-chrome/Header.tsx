import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { closeNarrow, MENU_WIDE, useOpenWhenWide } from '~/lib/Disclosure.tsx';
import { LazyImage } from '~/cms/components/LazyImage.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import type { ImageField, LinkFieldData, ListItem, TextField } from '~/cms/fields.ts';
import { text } from '~/cms/fields.ts';
import { localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { resolveLink } from '~/cms/links.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { HeaderSearchBox } from '../search/SearchBox.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** A top-level entry: a link, or a titled group of links (a disclosure menu). */
interface NavigationItemFields {
  link?: LinkFieldData;
  title?: TextField;
  links?: ListItem<{ link?: LinkFieldData }>[];
}

interface HeaderFields {
  siteName?: TextField;
  logo?: ImageField;
  navigation?: ListItem<NavigationItemFields>[];
}

/** The page a link opens is the page shown: aria-current, so screen readers say where the visitor is. */
function isCurrent(link: LinkFieldData | undefined, language: SiteLanguage, pathname: string): boolean {
  const resolved = resolveLink(link?.value, language);
  if (!resolved?.internal) return false;
  const target = resolved.href.split(/[?#]/, 1)[0]!.replace(/\/$/, '') || '/';
  return target === (pathname.replace(/\/$/, '') || '/');
}

function NavLink({ link, language, pathname }: { link: LinkFieldData | undefined; language: SiteLanguage; pathname: string }) {
  return <SiteLink field={link} current={isCurrent(link, language, pathname)} />;
}

/**
 * Groups are <details> disclosures: without JavaScript they open and close natively and by
 * keyboard (Enter or Space on the summary). Scripts only tidy up: one group open at a time, Escape
 * closes the open one and returns focus to its summary, and a navigation (not hydration) closes them all.
 */
function Header({ fields }: RenderingProps<HeaderFields>) {
  const shell = useSiteShell();
  const t = useTranslate();
  const language = shell?.language ?? 'en';
  const { pathname, key } = useLocation();
  const home = localizedPath(language, '/');
  const nav = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const closeAll = (except?: Element) => {
    for (const details of nav.current?.querySelectorAll('details[open]') ?? []) if (details !== except) details.removeAttribute('open');
  };
  useOpenWhenWide(menu, MENU_WIDE);
  // A navigation closes the groups; hydration is no navigation: a group the visitor opened while
  // the scripts were still loading stays open.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    closeAll();
    closeNarrow(menu.current, MENU_WIDE);
  }, [key]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) closeAll();
      if (!menu.current?.contains(event.target as Node)) closeNarrow(menu.current, MENU_WIDE);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // The innermost open disclosure: a group of the navigation, else the phone's menu itself.
    const open = (event.target as Element).closest('details[open]');
    if (!open || (open === menu.current && window.matchMedia(MENU_WIDE).matches)) return;
    open.removeAttribute('open');
    open.querySelector('summary')?.focus();
  };
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={home} className="site-header__brand" aria-label={t('header.home')}>
          {/* The link is named by its label and the site's name beside the logo: the logo's alt would repeat it (axe image-redundant-alt, issue 31). */}
          <LazyImage image={fields.logo?.value} eager decorative className="site-header__logo" />
          <span>{text(fields.siteName)}</span>
        </Link>
        {/* REQ-UI-1: below 768 px the navigation, account and languages sit behind a "Menu"
            disclosure (a <details>: it opens without JavaScript); wider, the stylesheet lays its
            content out in the header's row and hides the summary (decision 0179). */}
        <details className="site-menu" ref={menu} onKeyDown={onKeyDown}>
          <summary className="site-menu__button">
            <span aria-hidden="true" className="site-menu__icon" />
            <span>{t('header.menu')}</span>
          </summary>
          <div className="site-menu__panel">
            <nav className="site-nav" aria-label={t('header.navigation')} ref={nav}>
              <ul>
                {(fields.navigation ?? []).map((item, index) => (
                  <li key={item.id ?? index}>
                    {item.fields.links?.length ? (
                      <details
                        className="site-nav__group"
                        onToggle={(event) => {
                          if (event.currentTarget.open) closeAll(event.currentTarget);
                        }}
                      >
                        <summary>{text(item.fields.title)}</summary>
                        <ul>
                          {item.fields.links.map((child, childIndex) => (
                            <li key={child.id ?? childIndex}>
                              <NavLink link={child.fields.link} language={language} pathname={pathname} />
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : (
                      <NavLink link={item.fields.link} language={language} pathname={pathname} />
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <AccountMenu />
            <LanguageSwitcher />
          </div>
        </details>
        <HeaderSearchBox />
      </div>
    </header>
  );
}

export const header: ComponentDefinition = { name: 'Header', Component: Header };

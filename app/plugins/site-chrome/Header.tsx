import { Link } from '@remix-run/react';
import { LazyImage } from '~/cms/components/LazyImage.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import type { ImageField, LinkFieldData, ListItem, TextField } from '~/cms/fields.ts';
import { text } from '~/cms/fields.ts';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { HeaderSearchBox } from '../search/SearchBox.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

interface HeaderFields {
  siteName?: TextField;
  logo?: ImageField;
  navigation?: ListItem<{ link?: LinkFieldData }>[];
}

function Header({ fields }: RenderingProps<HeaderFields>) {
  const shell = useSiteShell();
  const t = useTranslate();
  const home = localizedPath(shell?.language ?? 'en', '/');
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={home} className="site-header__brand" aria-label={t('header.home')}>
          <LazyImage image={fields.logo?.value} eager className="site-header__logo" />
          <span>{text(fields.siteName)}</span>
        </Link>
        <nav className="site-nav" aria-label={t('header.navigation')}>
          <ul>
            {(fields.navigation ?? []).map((item, index) => (
              <li key={item.id ?? index}>
                <SiteLink field={item.fields.link} />
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearchBox />
        <AccountMenu />
        <LanguageSwitcher />
      </div>
    </header>
  );
}

export const header: ComponentDefinition = { name: 'Header', Component: Header };

import { Link } from '@remix-run/react';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';

/** Links to this very page in every language; plain links, so it works without JavaScript. */
export function LanguageSwitcher() {
  const shell = useSiteShell();
  const t = useTranslate();
  if (!shell) return null;
  return (
    <nav className="language-switcher" aria-label={t('header.language')}>
      <ul>
        {SITE_LANGUAGES.map((code) => {
          const info = LANGUAGES[code];
          const current = code === shell.language;
          return (
            <li key={code}>
              <Link
                to={shell.alternates[code]}
                hrefLang={info.tag}
                lang={info.tag}
                aria-current={current ? 'true' : undefined}
                reloadDocument={code === 'zh' || shell.language === 'zh'}
              >
                {info.nativeName}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

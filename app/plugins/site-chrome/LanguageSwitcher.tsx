import { Link } from '@remix-run/react';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';

/** Links to this very page in every language it has, else to that language's home; plain links, so it works without JavaScript. */
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
          // A page not published in a language leads to that language's home, and says so before
          // the click (decision 0133): the language stays findable, no link ends in a 404.
          const homeOnly = shell.hasVersions && !shell.versions.includes(code);
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
                {homeOnly ? (
                  <span className="language-switcher__note" lang={shell.tag}>
                    {` (${t('header.languageHome')})`}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

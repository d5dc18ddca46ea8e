import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import type { Crumb, PageLevels } from '../view-types.ts';

/** JSON in a data block: `<` escaped so no value can close the script element. */
export function JsonData({ id, type, value }: { id?: string; type: 'application/json' | 'application/ld+json'; value: unknown }) {
  // A data block is never executed (CSP does not apply); the escaping keeps it inert.
  return <script id={id} type={type} dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, '\\u003c') }} />;
}

/** REQ-ANALYTICS-1: the page-view analytics record's product levels, for the analytics script to read. */
export function PageLevelsData({ levels }: { levels: PageLevels }) {
  return <JsonData id="page-view-levels" type="application/json" value={levels} />;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const all = [{ name: t('catalogue.products'), href: localizedPath(language, '/products') }, ...crumbs];
  return (
    <nav className="breadcrumbs" aria-label={t('catalogue.breadcrumb')}>
      <ol>
        {all.map((crumb, index) => (
          <li key={crumb.href}>
            {index === all.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.href}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

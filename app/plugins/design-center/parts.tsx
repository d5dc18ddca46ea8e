import { Link } from '@remix-run/react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { Crumb, Family, SelectionKind } from './view-types.ts';

/** The site path in the page's language. */
export function useLocalPath(): (path: string) => string {
  const language = useSiteShell()?.language ?? 'en';
  return (path) => localizedPath(language, path);
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useTranslate();
  const local = useLocalPath();
  return (
    <nav className="breadcrumbs" aria-label={t('designCenter.breadcrumb')}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.path ?? ''}`}>
            {crumb.path && index < crumbs.length - 1 ? <Link to={local(crumb.path)}>{crumb.name || t('designCenter.home')}</Link> : <span aria-current="page">{crumb.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function KindBadge({ kind }: { kind: SelectionKind }) {
  const t = useTranslate();
  return <span className={`badge design-kind design-kind--${kind}`}>{t(`designCenter.kind.${kind}`)}</span>;
}

export function FamilyLinks({ families }: { families: Family[] }) {
  const local = useLocalPath();
  if (families.length === 0) return null;
  return (
    <ul className="design-families__inline">
      {families.map((family) => (
        <li key={family.series}>
          <Link to={local(family.path)}>{family.series}</Link>
        </li>
      ))}
    </ul>
  );
}

import { Link } from '@remix-run/react';
import { FieldChrome } from './EditingChromes.tsx';
import type { ReactNode } from 'react';
import { resolveLink, type LinkFieldValue } from '../links.ts';
import { useSiteShell } from '../use-site-shell.ts';

export interface LinkField {
  value?: LinkFieldValue;
}

/** A General Link field as an anchor: client-side navigation for internal links, a plain `<a>` otherwise. */
export function SiteLink({ field, children, className, current }: { field: LinkField | undefined; children?: ReactNode; className?: string; current?: boolean }) {
  const language = useSiteShell()?.language ?? 'en';
  const link = resolveLink(field?.value, language);
  // In Pages' edit mode, between field chromes (EditingChromes.tsx); unchanged elsewhere.
  return <FieldChrome field={field}>{link ? <ResolvedLink link={link} className={className} current={current}>{children}</ResolvedLink> : null}</FieldChrome>;
}

function ResolvedLink({ link, children, className, current }: { link: NonNullable<ReturnType<typeof resolveLink>>; children?: ReactNode; className?: string; current?: boolean | undefined }) {
  const classes = [className, link.className].filter(Boolean).join(' ') || undefined;
  const content = children ?? link.text;
  if (link.internal) {
    return (
      <Link to={link.href} className={classes} title={link.title} target={link.target} prefetch="intent" aria-current={current ? 'page' : undefined}>
        {content}
      </Link>
    );
  }
  return (
    <a href={link.href} className={classes} title={link.title} target={link.target} rel={link.rel}>
      {content}
    </a>
  );
}

import { Form, Link, useLocation } from '@remix-run/react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';

/** Groups that see the partner portal (REQ-AUTH-1): customers and staff. */
const PORTAL_GROUPS = ['External-User', 'Internal-User', 'Internal-Admin'];

/**
 * The header's account corner: "Sign in" (back to this page afterwards), or the signed-in user's
 * name, their group-aware links and a sign-out button (a POST form).
 */
export function AccountMenu() {
  const shell = useSiteShell();
  const t = useTranslate();
  const { pathname, search } = useLocation();
  const account = shell?.account;
  if (!account || account.state !== 'signed-in') {
    return (
      <Link to={`/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`} reloadDocument className="account-menu account-menu__sign-in">
        {t('auth.signIn')}
      </Link>
    );
  }
  return (
    <nav className="account-menu" aria-label={t('auth.account')}>
      <span className="account-menu__name">{account.displayName}</span>
      {account.groups?.some((group) => PORTAL_GROUPS.includes(group)) ? <Link to={localizedPath(shell.language, '/partner-portal')}>{t('auth.partnerPortal')}</Link> : null}
      <Form method="post" action="/logout" reloadDocument>
        <input type="hidden" name="language" value={shell.language} />
        <button type="submit" className="button button--link">
          {t('auth.signOut')}
        </button>
      </Form>
    </nav>
  );
}

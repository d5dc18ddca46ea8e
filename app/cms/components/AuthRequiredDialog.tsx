import { Form, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { useTranslate } from '../use-site-shell.ts';

/**
 * REQ-AUTH-5 'Auth required': a signed-in visitor whose session expired is asked 'Do you want to
 * re-authenticate?'. Yes signs in again and comes back here; No closes the dialog. Without
 * JavaScript both are form buttons (No reloads the page with the dialog dismissed); with it the
 * dialog is modal and No just closes it.
 */
export function AuthRequiredDialog() {
  const t = useTranslate();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const [open, setOpen] = useState(params.get('auth') !== 'dismissed');
  const dialog = useRef<HTMLDialogElement>(null);
  params.delete('auth');
  const here = `${pathname}${params.size ? `?${params}` : ''}`;
  useEffect(() => {
    const element = dialog.current;
    if (element?.open && !element.matches(':modal')) {
      element.close();
      element.showModal();
    }
  }, []);
  return (
    <>
      <section className="auth-required" aria-labelledby="auth-required-text">
        <p id="auth-required-text">{t('auth.requiredText')}</p>
        <Form method="get" action="/login" reloadDocument>
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="button button--primary">
            {t('auth.signInAgain')}
          </button>
        </Form>
      </section>
      {open ? (
        <dialog ref={dialog} open className="feedback-dialog" aria-labelledby="auth-required-title" aria-describedby="auth-required-question" onCancel={() => setOpen(false)}>
          <h2 id="auth-required-title">{t('auth.requiredTitle')}</h2>
          <p id="auth-required-question">{t('auth.requiredQuestion')}</p>
          <div className="form-actions">
            <Form method="get" action="/login" reloadDocument>
              <input type="hidden" name="redirectTo" value={here} />
              <button type="submit" className="button button--primary" autoFocus>
                {t('auth.yes')}
              </button>
            </Form>
            <Form
              method="get"
              action={pathname}
              onSubmit={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                dialog.current?.close();
                setOpen(false);
              }}
            >
              {[...params].map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="auth" value="dismissed" />
              <button type="submit" className="button">
                {t('auth.no')}
              </button>
            </Form>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

import { useFetcher, useLocation } from '@remix-run/react';
import { useRef, type MouseEvent } from 'react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { DocumentPreview } from '../DocumentPreview.tsx';
import type { PreviewAnswer } from '../preview.ts';

/**
 * A document result's preview (REQ-RECS-2), opened in place (decision 0181). Without JavaScript
 * the link leads, in the same tab, to the preview page, which carries the site's name and a link
 * back to this search. With it, the preview opens in a modal dialog over the results, asked as
 * data from the same address; Escape or the close button returns to the link.
 */
export function PreviewLink({ uniqueId, locale, title, lang }: { uniqueId: string; locale: string; title: string; lang?: string }) {
  const t = useTranslate();
  const { pathname, search } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<PreviewAnswer>();
  const href = `/api/search/preview?${new URLSearchParams({ uniqueId, locale, back: `${pathname}${search}` })}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!fetcher.data && fetcher.state === 'idle') fetcher.load(`/api/search/preview?${new URLSearchParams({ uniqueId, locale, format: 'json' })}`);
    dialog.current?.showModal();
  };
  const answer = fetcher.data;
  return (
    <>
      <a href={href} onClick={open}>
        {t('search.preview')}
      </a>
      {/* Named by the document's title, in the document's language (an English-only note on a German page). */}
      <dialog ref={dialog} className="preview-dialog" lang={lang} aria-label={title} aria-busy={fetcher.state === 'loading'}>
        <form method="dialog" className="preview-dialog__bar">
          <button type="submit" className="button">
            {t('search.previewClose')}
          </button>
        </form>
        {answer && 'view' in answer ? <DocumentPreview view={answer.view} labels={answer.labels} /> : null}
        {answer && 'error' in answer ? <p role="alert">{answer.error}</p> : null}
      </dialog>
    </>
  );
}

import { Link } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate, formatFileSize } from '~/lib/format.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { CompareToggle } from '../../catalogue/CompareToggle.tsx';
import { clickBeaconUrl } from '../click.ts';
import type { FoldedResultView, ResultView } from '../search-view.ts';
import type { SearchUrlState } from '../url-state.ts';
import { foreignLang } from '../facet-values.ts';
import { useBrowserAllowsTracking, useHref } from './search-page-parts.tsx';
import { PreviewLink } from './PreviewLink.tsx';

/**
 * A result's link with its click beacon. Without JavaScript the link's `ping` sends it; once scripts
 * run, `navigator.sendBeacon` does, because Firefox (and Safari's privacy modes) send no pings. The
 * ping is removed then, so browsers that do send it do not count the click twice.
 */
function ResultLink({ href, beacon, children }: { href: string; beacon: string | undefined; children: ReactNode }) {
  // In the hydration's own commit: the ping goes as the sendBeacon takes over, never both.
  const scripted = useHydrated({ urgent: true });
  const send = scripted && beacon ? () => void navigator.sendBeacon(beacon, 'PING') : undefined;
  // The middle button opens the link too; the right one only opens a menu.
  const sendOnMiddle = send ? (event: MouseEvent) => void (event.button === 1 && send()) : undefined;
  return (
    <a href={href} ping={scripted ? undefined : beacon} data-beacon={scripted ? beacon : undefined} onClick={send} onAuxClick={sendOnMiddle}>
      {children}
    </a>
  );
}

export function ResultItem({ result, position, searchUid, tab, tracking, folded = false, children }: { result: ResultView; position: number; searchUid: string; tab: string; tracking: boolean; folded?: boolean; children?: ReactNode }) {
  const t = useTranslate();
  const shell = useSiteShell();
  const tag = shell?.tag ?? 'en';
  const f = result.fields;
  const foreign = foreignLang(result.lang, tag);
  const signedIn = shell?.account.state === 'signed-in';
  // A series' folded parts are under its result, one heading level down.
  const Heading = folded ? 'h4' : 'h3';
  const date = typeof f.date === 'number' ? new Date(f.date) : undefined;
  const dateText = date ? <time dateTime={date.toISOString()}>{formatDate(date, tag, 'long')}</time> : null;
  const browserAllows = useBrowserAllowsTracking();
  const ping =
    tracking && browserAllows
      ? clickBeaconUrl({ uid: searchUid, pos: position, id: result.uniqueId, hash: result.uriHash, pid: result.permanentId, uri: result.clickUri, title: result.title.slice(0, 500), src: result.source, tab, lang: tag.slice(0, 2) })
      : undefined;
  if (result.type === 'Product') {
    return (
      <li className="result result--product" id={`result-${result.uniqueId}`}>
        {f.productimageurl ? <img src={String(f.productimageurl)} alt="" width={64} height={64} loading="lazy" /> : null}
        <div>
          <Heading>
            <ResultLink href={result.clickUri} beacon={ping}>{String(f.partnumber ?? result.title)}</ResultLink>
          </Heading>
          <p className="result__meta">
            {t('search.series')} {String(f.series ?? '')} · {String(f.currentpagecategoryname ?? f.levelthreecategory ?? '')}
            {dateText ? <> · {dateText}</> : null}
          </p>
          <p>{String(f.shortdescription ?? result.excerpt)}</p>
          <p className="result__badges">
            {f.checkstock ? <span className="badge badge--ok">{t('search.inStock')}</span> : null}
            {f.isparteligibleforsample ? <span className="badge">{t('search.samples')}</span> : null}
            {f.datasheeturl ? <a href={String(f.datasheeturl)}>{t('search.datasheet')}</a> : null}
            <CompareToggle partNumber={String(f.partnumber ?? result.title)} />
          </p>
        </div>
          {children}
      </li>
    );
  }
  if (result.type === 'Document') {
    return (
      <li className="result result--document" id={`result-${result.uniqueId}`}>
        <Heading lang={foreign}>
          <ResultLink href={result.clickUri} beacon={ping}>{result.title}</ResultLink>
        </Heading>
        <p className="result__meta">
          {String(f.documenttypedisplayname ?? f.resourcetype ?? '')} · {String(f.filetype ?? '').toUpperCase()}
          {typeof f.size === 'number' ? ` · ${formatFileSize(f.size, tag)}` : ''}
          {dateText ? <> · {dateText}</> : null}
          {f.issecured ? ` · ${t('search.signInRequired')}` : ''}
        </p>
        {/* A secured document previews only for a signed-in visitor (with their own search token). */}
        {/* A <div>, not a <p>: the preview's <dialog> may not sit in a paragraph (the HTML parser
            would close the <p> before it, and the page would not hydrate to the server's markup). */}
        {f.issecured && !signedIn ? null : (
          <div className="result__badges">
            <PreviewLink uniqueId={result.uniqueId} locale={tag} title={result.title} />
          </div>
        )}
        {children}
      </li>
    );
  }
  if (result.type === 'FAQ') {
    return (
      <li className="result result--faq" id={`result-${result.uniqueId}`}>
        <Heading lang={foreign}>
          <ResultLink href={result.clickUri} beacon={ping}>{String(f.question_custom ?? result.title)}</ResultLink>
        </Heading>
        {dateText ? <p className="result__meta">{dateText}</p> : null}
        <p lang={foreign}>{String(f.answer_custom ?? result.excerpt)}</p>
        {children}
      </li>
    );
  }
  return (
    <li className={`result result--${result.type.toLowerCase()}`} id={`result-${result.uniqueId}`}>
      <Heading lang={foreign}>
        <ResultLink href={result.clickUri} beacon={ping}>{result.title}</ResultLink>
      </Heading>
      <p className="result__meta">
        {t(`search.type.${result.type}`)}
        {dateText ? <> · {dateText}</> : null}
      </p>
      <p lang={foreign}>{result.excerpt}</p>
      {children}
    </li>
  );
}

/** Results folded under a result (REQ-SEARCH-9: 2 shown; the whole collection, up to 100, on demand). */
export function FoldedChildren({ result, state, position, searchUid, tracking }: { result: FoldedResultView; state: SearchUrlState; position: number; searchUid: string; tracking: boolean }) {
  const t = useTranslate();
  const href = useHref();
  if (result.children.length === 0) return null;
  const expanded = state.collection === result.collectionId;
  return (
    <div className="result__folded">
      <ul aria-label={t('search.foldedLabel', { series: String(result.fields.series ?? result.title) })}>
        {result.children.map((child) => (
          <ResultItem key={child.uniqueId} result={child} position={position} searchUid={searchUid} tab={state.tab} tracking={tracking} folded />
        ))}
      </ul>
      {result.moreInCollection && !expanded ? (
        <Link to={`${href({ ...state, collection: result.collectionId })}#result-${result.uniqueId}`} preventScrollReset>
          {t('search.foldedMore')}
        </Link>
      ) : null}
      {expanded ? (
        <Link to={`${href({ ...state, collection: undefined })}#result-${result.uniqueId}`} preventScrollReset>
          {t('search.foldedLess')}
        </Link>
      ) : null}
    </div>
  );
}

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
            {/* No date: a part is chosen by what it is, not when its record was published (docs/decisions/0177). */}
            {t('search.series')} {String(f.series ?? '')} · {String(f.currentpagecategoryname ?? f.levelthreecategory ?? '')}
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
            <PreviewLink uniqueId={result.uniqueId} locale={tag} title={result.title} lang={foreign} />
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

/**
 * A series' other parts as a parts list reads (docs/decisions/0177): one row each, part number,
 * its key ratings and stock, under the series' result instead of a column of cards beside it.
 */
function FoldedPartsTable({ parts, label, position, searchUid, tab, tracking }: { parts: ResultView[]; label: string; position: number; searchUid: string; tab: string; tracking: boolean }) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const browserAllows = useBrowserAllowsTracking();
  const columns = parts[0]?.ratings ?? [];
  return (
    <table className="folded-parts">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col">{t('search.part')}</th>
          {columns.map((column) => (
            <th scope="col" key={column.label} className="num">
              {column.label}
            </th>
          ))}
          <th scope="col">{t('search.stock')}</th>
        </tr>
      </thead>
      <tbody>
        {parts.map((part) => {
          const f = part.fields;
          const ping = tracking && browserAllows ? clickBeaconUrl({ uid: searchUid, pos: position, id: part.uniqueId, hash: part.uriHash, pid: part.permanentId, uri: part.clickUri, title: part.title.slice(0, 500), src: part.source, tab, lang: tag.slice(0, 2) }) : undefined;
          return (
            <tr key={part.uniqueId} id={`result-${part.uniqueId}`}>
              <th scope="row">
                <ResultLink href={part.clickUri} beacon={ping}>{String(f.partnumber ?? part.title)}</ResultLink>
              </th>
              {columns.map((column, i) => (
                <td key={column.label} className="num">
                  {part.ratings?.[i]?.text ?? '–'}
                </td>
              ))}
              <td>{f.checkstock ? <span className="badge badge--ok">{t('search.inStock')}</span> : t('search.outOfStock')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Results folded under a result (REQ-SEARCH-9: 2 shown; the whole collection, up to 100, on demand). */
export function FoldedChildren({ result, state, position, searchUid, tracking }: { result: FoldedResultView; state: SearchUrlState; position: number; searchUid: string; tracking: boolean }) {
  const t = useTranslate();
  const href = useHref();
  if (result.children.length === 0) return null;
  const expanded = state.collection === result.collectionId;
  const label = t('search.foldedLabel', { series: String(result.fields.series ?? result.title) });
  return (
    <div className="result__folded">
      {result.children.every((child) => child.type === 'Product') ? (
        <FoldedPartsTable parts={result.children} label={label} position={position} searchUid={searchUid} tab={state.tab} tracking={tracking} />
      ) : (
        <ul aria-label={label}>
          {result.children.map((child) => (
            <ResultItem key={child.uniqueId} result={child} position={position} searchUid={searchUid} tab={state.tab} tracking={tracking} folded />
          ))}
        </ul>
      )}
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

import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { formatNumber } from '~/lib/format.ts';
import { formatQuantity } from '~/lib/units.ts';
import { DataTable, ParameterTable } from '~/lib/DataTable.tsx';
import { useHydrated } from '~/lib/use-hydrated.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CatalogueRenderingData } from './rendering-data.ts';
import { RecommendationList } from '../search/RecommendationList.tsx';
import { facetValueLabel, foreignLang } from '../search/facet-values.ts';
import { CategoryListing as CategoryListingNow } from './CategoryListing.tsx';
import type * as ListingExports from './CategoryListing.tsx';
import { CompareToggle, CompareTray } from './CompareToggle.tsx';
import { readCompareParts, writeCompareParts } from './compare-store.ts';
import { Breadcrumbs, JsonData, PageLevelsData } from './shared.tsx';
import { compareSearch, MAX_COMPARE } from './url-state.ts';
import type { CategoryView, CompareView, CrossReferenceView, LandingView, ParameterInfo, PartSummary, PartView, SeriesView } from './view-types.ts';

/** Where the listing's code lives (a module under app/plugins/), for the document's preloads. */
const LISTING_MODULE = 'catalogue/CategoryListing.tsx';

type ListingModule = typeof ListingExports;
let listingModule: ListingModule | undefined;
let listingLoading: Promise<ListingModule> | undefined;

function loadListing(): Promise<ListingModule> {
  if (!listingLoading) {
    const loading = import('./CategoryListing.tsx').then((module) => (listingModule = module));
    // A failed fetch (a deploy replaced the chunk) may be retried by the next render.
    loading.catch(() => (listingLoading = undefined));
    listingLoading = loading;
  }
  return listingLoading;
}

/**
 * The listing's filters, index and table are code no other view needs: in the browser they are
 * their own chunk, so a part page does not load them first (it fetches them once idle). A
 * listing's document names that chunk for hydration (module-preloads.server.ts) and the registry
 * waits for `ready`, so the listing hydrates with the rest of the page, in one pass as before. A
 * client navigation to a listing before its code came suspends inside the navigation's transition,
 * as a rendering not yet loaded does (registry.browser.ts). The server renders it at once.
 */
// Outside Vite (sitectl and other tools load this file through tsx) `import.meta.env` is not
// defined: there, as on the server, the listing is imported at once.
const onServer = (import.meta.env as ImportMetaEnv | undefined)?.SSR ?? typeof document === 'undefined';

export const ready = !onServer && document.querySelector(`link[data-rendering-module="${LISTING_MODULE}"]`) ? loadListing() : undefined;

function ListingInBrowser({ view }: { view: CategoryView }) {
  if (!listingModule) throw loadListing();
  return <listingModule.CategoryListing view={view} />;
}

const CategoryListing = onServer ? CategoryListingNow : ListingInBrowser;

/** Once a view other than the listing is shown, the browser fetches the listing's code when idle: a later listing does not wait for it. */
function usePrefetchListing(skip: boolean) {
  useEffect(() => {
    if (skip) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadListing().catch(() => undefined));
    return () => cancel(handle);
  }, [skip]);
}

/**
 * The catalogue rendering: one CMS component whose data loader reads the request path
 * (catalogue.server.ts) and hands it one of the views below. Placed on /products and on the
 * /products/,-w-, wildcard item, so editors keep the page chrome and can add content around it.
 */

function useLanguage() {
  return useSiteShell()?.language ?? 'en';
}

function CrossReferenceForm({ query = '' }: { query?: string }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Form method="get" action={localizedPath(language, '/products/cross-reference')} className="cross-reference-form" role="search">
      <label htmlFor="cross-reference-part">{t('catalogue.crossReferenceLabel')}</label>{' '}
      <input id="cross-reference-part" name="part" defaultValue={query} maxLength={20} autoComplete="off" placeholder="SMBJ5.0A" />{' '}
      <button type="submit">{t('catalogue.find')}</button>
    </Form>
  );
}

function Landing({ view }: { view: LandingView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="catalogue catalogue--landing">
      <h2>{t('catalogue.browse')}</h2>
      <p>{t('catalogue.total', { count: formatNumber(view.total, language) })}</p>
      <div className="catalogue-tree">
        {view.tree.map((l1) => (
          <section key={l1.href} className="catalogue-tree__l1">
            <h3>{l1.name}</h3>
            <ul>
              {l1.children.map((l2) => (
                <li key={l2.href}>
                  <Link to={l2.href}>{l2.name}</Link> <span className="facet__count">({formatNumber(l2.count, language)})</span>
                  <ul>
                    {l2.children.map((l3) => (
                      <li key={l3.href}>
                        <Link to={l3.href}>{l3.name}</Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <p>
              <Link to={l1.href}>{t('catalogue.allOf', { name: l1.name })}</Link>
            </p>
          </section>
        ))}
      </div>
      <h2>{t('catalogue.crossReference')}</h2>
      <p>{t('catalogue.crossReferenceHelp')}</p>
      <CrossReferenceForm />
      <p>
        <Link to={localizedPath(language, '/products/compare')}>{t('catalogue.compareTitle')}</Link>
      </p>
      <CompareTray />
    </section>
  );
}

/** A part's value of a parameter in the page's notation, or a dash where the part has none. */
function useParameterValue(): (part: PartSummary, parameter: ParameterInfo) => string {
  const language = useLanguage();
  return (part, parameter) => (part.values[parameter.field] === undefined ? '–' : formatQuantity(part.values[parameter.field]!, parameter.unit, language));
}

function PartsTable({ parts, parameters, caption }: { parts: PartSummary[]; parameters: ParameterInfo[]; caption: string }) {
  const t = useTranslate();
  const valueOf = useParameterValue();
  return (
    <DataTable
      className="parametric-table"
      scroll
      caption={caption}
      rows={parts}
      rowKey={(part) => part.partNumber}
      columns={[
        { header: t('catalogue.partNumber'), rowHeader: true, cell: (part) => <Link to={part.href}>{part.partNumber}</Link> },
        ...parameters.map((parameter) => ({ header: parameter.label, className: 'num', cell: (part: PartSummary) => valueOf(part, parameter) })),
        {
          header: t('catalogue.availability'),
          cell: (part) => (
            <>
              {part.inStock ? <span className="badge badge--ok">{t('catalogue.inStock')}</span> : null} {part.sample ? <span className="badge">{t('catalogue.samples')}</span> : null}
            </>
          ),
        },
        { header: t('catalogue.compare'), cell: (part) => <CompareToggle partNumber={part.partNumber} /> },
      ]}
    />
  );
}

function Series({ view }: { view: SeriesView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="catalogue catalogue--series">
      <Breadcrumbs crumbs={view.crumbs} />
      <h1>{t('catalogue.seriesTitle', { series: view.series })}</h1>
      <PageLevelsData levels={view.pageLevels} />
      <div className="catalogue-intro">
        {view.image ? <img src={view.image} alt="" width={486} height={260} /> : null}
        <div>
          <p>{view.description}</p>
          <p>
            {view.levels.mounting} · {view.levels.grade}
            {view.approvals.length ? ` · ${t('catalogue.approvals')}: ${view.approvals.join(', ')}` : ''}
          </p>
          {view.datasheet ? (
            <p>
              <a href={view.datasheet}>{t('catalogue.datasheet')}</a>
            </p>
          ) : null}
        </div>
      </div>
      <h2>{t('catalogue.parameterRanges')}</h2>
      <ParameterTable
        rows={view.parameters.flatMap((parameter) => {
          const range = view.ranges.find((r) => r.field === parameter.field);
          if (!range || range.min === null || range.max === null) return [];
          const min = formatQuantity(range.min, parameter.unit, language);
          const max = formatQuantity(range.max, parameter.unit, language);
          return [{ key: parameter.field, label: parameter.label, value: min === max ? min : `${min} – ${max}` }];
        })}
      />
      <h2>{t('catalogue.seriesParts', { count: formatNumber(view.total, language) })}</h2>
      <CompareTray />
      <PartsTable parts={view.parts} parameters={view.parameters} caption={t('catalogue.seriesParts', { count: formatNumber(view.total, language) })} />
    </section>
  );
}

function Part({ view }: { view: PartView }) {
  const t = useTranslate();
  const language = useLanguage();
  const tag = useSiteShell()?.tag ?? 'en';
  const valueOf = useParameterValue();
  const { part } = view;
  const productData = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: view.product.name,
    sku: part.partNumber,
    mpn: part.partNumber,
    description: part.description,
    brand: { '@type': 'Brand', name: 'Voltaris Components' },
    category: [view.levels.l1Name, view.levels.l2Name, view.levels.l3Name].filter(Boolean).join(' > '),
    ...(view.image ? { image: view.image } : {}),
    isRelatedTo: view.siblings.slice(0, 5).map((s) => ({ '@type': 'Product', name: s.partNumber, sku: s.partNumber })),
    additionalProperty: view.parameters
      .filter((p) => part.values[p.field] !== undefined)
      .map((p) => ({ '@type': 'PropertyValue', name: p.label, value: part.values[p.field], unitText: p.unit })),
    offers: { '@type': 'Offer', availability: part.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock' },
  };
  return (
    <article className="catalogue catalogue--part">
      <Breadcrumbs crumbs={view.crumbs} />
      <PageLevelsData levels={view.pageLevels} />
      <JsonData type="application/ld+json" value={productData} />
      <h1>{part.partNumber}</h1>
      <p className="part-name">{view.product.name}</p>
      <p className="part-series">
        {t('catalogue.series')}: <Link to={view.seriesPath}>{part.series}</Link> · {view.levels.l3Name} · {view.levels.mounting} · {view.levels.grade}
      </p>
      <div className="catalogue-intro">
        {/* The part's picture is a phone's first screen: fetched before the scripts (React 18 passes the attribute in lower case only). */}
        {view.image ? <img src={view.image} alt={part.partNumber} width={600} height={600} {...{ fetchpriority: 'high' }} /> : null}
        <div>
          <p>{part.description}</p>
          <p>{view.seriesDescription}</p>
          <p className="part-badges">
            {part.inStock ? <span className="badge badge--ok">{t('catalogue.inStock')}</span> : <span className="badge">{t('catalogue.outOfStock')}</span>}
          </p>
          <ul className="part-actions">
            {view.datasheet ? (
              <li>
                <a href={view.datasheet}>{t('catalogue.datasheet')}</a>
              </li>
            ) : null}
            {view.cadModel ? (
              <li>
                <a href={view.cadModel.model} rel="nofollow" download className="cad-model-link">
                  <img src={view.cadModel.icon} alt="" width={24} height={24} /> {t('catalogue.cadModel')}
                </a>
              </li>
            ) : null}
            <li>
              <a href={`${localizedPath(language, '/CheckStock')}?partNumber=${encodeURIComponent(part.partNumber)}`}>{t('catalogue.checkStock')}</a>
            </li>
            <li>
              <CompareToggle partNumber={part.partNumber} />
            </li>
          </ul>
          {part.sample ? (
            <form method="get" action={localizedPath(language, '/request-sample')} className="request-sample">
              <input type="hidden" name="parts" value={part.partNumber} />
              <button type="submit">{t('catalogue.requestSample')}</button>
            </form>
          ) : null}
          {view.approvals.length ? (
            <p>
              {t('catalogue.approvals')}: {view.approvals.join(', ')}
            </p>
          ) : null}
        </div>
      </div>
      <h2>{t('catalogue.productData')}</h2>
      <dl className="product-data">
        <dt>{t('catalogue.marketingView')}</dt>
        <dd>{view.product.marketingView}</dd>
        <dt>{t('catalogue.package')}</dt>
        <dd>{view.product.package}</dd>
        <dt>{t('catalogue.productLevel')}</dt>
        <dd>{t('catalogue.productLevelPart', { level: view.product.level })}</dd>
        <dt>{t('catalogue.businessUnits')}</dt>
        <dd>{view.product.businessUnits.map((unit) => facetValueLabel(t, 'businessunit', unit, undefined)).join(', ')}</dd>
      </dl>
      <h2>{t('catalogue.parameters')}</h2>
      <ParameterTable rows={view.parameters.map((parameter) => ({ key: parameter.field, label: parameter.label, value: valueOf(part, parameter) }))} />
      <CompareTray />
      {view.siblings.length ? <PartsTable parts={view.siblings} parameters={view.parameters.slice(0, 4)} caption={t('catalogue.otherParts', { series: part.series })} /> : null}
      {view.recommendations.map((list) => (
        <RecommendationList key={list.kind} view={list} />
      ))}
      {view.documents.length ? (
        <>
          <h2>{t('catalogue.documents')}</h2>
          <ul className="part-documents">
            {view.documents.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href} lang={foreignLang(doc.lang, tag)}>
                  {doc.title}
                </a>{' '}
                <span className="facet__count">({[doc.type, doc.language ? facetValueLabel(t, 'assetlanguage', doc.language, undefined) : ''].filter(Boolean).join(', ')})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

function Compare({ view }: { view: CompareView }) {
  const t = useTranslate();
  const language = useLanguage();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const partNumbers = view.parts.map((p) => p.partNumber);
  const base = localizedPath(language, '/products/compare');
  const urlHasParts = new URLSearchParams(search).has('parts');
  // The URL is the truth when it names parts (a shared link); else the session's list is shown.
  useEffect(() => {
    if (!hydrated) return;
    if (urlHasParts) {
      if (partNumbers.join(',') !== readCompareParts().join(',')) writeCompareParts(partNumbers);
    } else if (readCompareParts().length) {
      navigate(`${base}${compareSearch(readCompareParts())}`, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the compared list changes
  }, [hydrated, partNumbers.join(','), urlHasParts]);
  const extra: Record<string, string> = view.hideEqual ? { equal: 'hide' } : {};
  const rows = view.hideEqual ? view.rows.filter((row) => row.differs) : view.rows;
  const addMessages: Record<string, string> = { compareFull: t('catalogue.compareFull'), unknownPart: t('catalogue.unknownPart'), partNumberInvalid: t('catalogue.partNumberInvalid') };
  const addMessage = view.addProblem ? (addMessages[view.addProblem] ?? view.addProblem) : undefined;
  return (
    <section className="catalogue catalogue--compare">
      <Breadcrumbs crumbs={[{ name: t('catalogue.compareTitle'), href: `${base}${compareSearch(partNumbers, extra)}` }]} />
      <h1>{t('catalogue.compareTitle')}</h1>
      {view.parts.length === 0 ? <p>{t('catalogue.compareEmpty')}</p> : null}
      {view.missing.length ? <p className="field-error">{t('catalogue.missingParts', { parts: view.missing.join(', ') })}</p> : null}
      {view.dropped ? <p className="field-error">{t('catalogue.compareFull')}</p> : null}
      {view.parts.length > 1 ? (
        <p>
          {view.hideEqual ? (
            <Link to={`${base}${compareSearch(partNumbers)}`}>{t('catalogue.showAllRows')}</Link>
          ) : (
            <Link to={`${base}${compareSearch(partNumbers, { equal: 'hide' })}`}>{t('catalogue.hideEqualRows')}</Link>
          )}
        </p>
      ) : null}
      {view.parts.length ? (
        <div className="table-scroll">
          <table className="compare-table">
            <caption className="visually-hidden">{t('catalogue.compareTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.parameter')}</th>
                {view.parts.map((part) => (
                  <th scope="col" key={part.partNumber}>
                    <Link to={part.href}>{part.partNumber}</Link>
                    <br />
                    <Link className="compare-remove" to={`${base}${compareSearch(partNumbers.filter((p) => p !== part.partNumber), extra)}`}>
                      {t('catalogue.remove')}
                      <span className="visually-hidden"> {part.partNumber}</span>
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className={new Set(view.parts.map((p) => p.series)).size > 1 ? 'differs' : undefined}>
                <th scope="row">{t('catalogue.series')}</th>
                {view.parts.map((part) => (
                  <td key={part.partNumber}>
                    <Link to={part.seriesHref}>{part.series}</Link>
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">{t('catalogue.availability')}</th>
                {view.parts.map((part) => (
                  <td key={part.partNumber}>
                    {part.inStock ? t('catalogue.inStock') : t('catalogue.outOfStock')}
                    {part.sample ? ` · ${t('catalogue.samples')}` : ''}
                  </td>
                ))}
              </tr>
              {rows.map((row) => (
                <tr key={row.parameter.field} className={row.differs ? 'differs' : undefined}>
                  <th scope="row">
                    {row.parameter.label}
                    {row.differs ? <span className="differs-mark"> ≠<span className="visually-hidden"> {t('catalogue.differs')}</span></span> : null}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={view.parts[i]!.partNumber} className="num">
                      {value === null ? '–' : formatQuantity(value, row.parameter.unit, language)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view.parts.length < MAX_COMPARE ? (
        <Form method="get" action={base} className="compare-add">
          {partNumbers.length ? <input type="hidden" name="parts" value={partNumbers.join(',')} /> : null}
          {view.hideEqual ? <input type="hidden" name="equal" value="hide" /> : null}
          <label htmlFor="compare-add">{t('catalogue.addPart')}</label>{' '}
          <input id="compare-add" name="add" defaultValue={view.add} maxLength={20} autoComplete="off" aria-invalid={addMessage ? true : undefined} aria-describedby={addMessage ? 'compare-add-error' : undefined} />{' '}
          <button type="submit">{t('catalogue.add')}</button>
          {addMessage ? (
            <p id="compare-add-error" className="field-error" role="alert">
              {addMessage}
            </p>
          ) : null}
        </Form>
      ) : null}
      {view.parts.length ? (
        <p>
          {t('catalogue.shareCompare')} <a className="compare-share" href={`${base}${compareSearch(partNumbers, extra)}`}>{`${base}${compareSearch(partNumbers, extra)}`}</a>
        </p>
      ) : null}
    </section>
  );
}

function CrossReference({ view }: { view: CrossReferenceView }) {
  const t = useTranslate();
  const language = useLanguage();
  const quantity = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? '–' : formatQuantity(value, unit, language));
  // Why a match is what it is: its series or category, its rating against the typed number's, its package and direction.
  const whyOf = (reason: CrossReferenceView['matches'][number]['reason']) =>
    [
      reason.code === 'same' ? t('catalogue.reason.same') : t(`catalogue.reason.${reason.code}`, { name: reason.name ?? '' }),
      reason.parameter && reason.wanted !== undefined && reason.unit
        ? reason.sameRating
          ? t('catalogue.reason.sameRating', { parameter: reason.parameter, value: quantity(reason.value, reason.unit) })
          : t('catalogue.reason.rating', { parameter: reason.parameter, value: quantity(reason.value, reason.unit), wanted: quantity(reason.wanted, reason.unit) })
        : '',
      reason.package
        ? reason.wantedPackage && !reason.samePackage
          ? t('catalogue.reason.packageDiffers', { value: reason.package, wanted: reason.wantedPackage })
          : t('catalogue.reason.package', { value: reason.package })
        : '',
      reason.direction ? t(`catalogue.reason.direction.${reason.direction}`) : '',
    ]
      .filter(Boolean)
      .join('; ');
  return (
    <section className="catalogue catalogue--cross-reference">
      <Breadcrumbs crumbs={[{ name: t('catalogue.crossReference'), href: localizedPath(language, '/products/cross-reference') }]} />
      <h1>{t('catalogue.crossReference')}</h1>
      <p>{t('catalogue.crossReferenceHelp')}</p>
      <CrossReferenceForm query={view.query} />
      {view.problem ? (
        <p className="field-error" role="alert">
          {t('catalogue.partNumberInvalid')}
        </p>
      ) : null}
      {view.query && !view.problem && view.matches.length === 0 ? <p>{t('catalogue.noMatches')}</p> : null}
      {view.matches.length ? (
        <DataTable
          className="parametric-table"
          rows={view.matches}
          rowKey={(match) => match.part.partNumber}
          columns={[
            {
              header: t('catalogue.partNumber'),
              rowHeader: true,
              cell: (match) => (
                <>
                  <Link to={match.part.href}>{match.part.partNumber}</Link>
                  <br />
                  <small>{match.part.description}</small>
                </>
              ),
            },
            { header: t('catalogue.grade.title'), cell: (match) => <span className={`badge ${match.grade === 'dropIn' ? 'badge--ok' : ''}`}>{t(`catalogue.grade.${match.grade}`)}</span> },
            { header: t('catalogue.reason'), cell: (match) => whyOf(match.reason) },
            { header: t('catalogue.compare'), cell: (match) => <CompareToggle partNumber={match.part.partNumber} /> },
          ]}
        />
      ) : null}
      <CompareTray />
    </section>
  );
}

function Catalogue({ data: view }: RenderingProps<ComponentFields, CatalogueRenderingData['Catalogue']>) {
  const t = useTranslate();
  const { pathname, search } = useLocation();
  usePrefetchListing(!view || view.kind === 'category');
  if (!view) return null;
  switch (view.kind) {
    case 'landing':
      return <Landing view={view} />;
    case 'category':
      return <CategoryListing view={view} />;
    case 'series':
      return <Series view={view} />;
    case 'part':
      return <Part view={view} />;
    case 'compare':
      return <Compare view={view} />;
    case 'crossReference':
      return <CrossReference view={view} />;
    case 'unavailable':
      return (
        <section className="catalogue catalogue--unavailable" role="alert">
          <p>{t('catalogue.unavailable')}</p>
          <p className="facet__count">{view.message}</p>
          <p>
            <a href={`${pathname}${search}`}>{t('catalogue.retry')}</a>
          </p>
        </section>
      );
  }
}

export const catalogue: ComponentDefinition<CatalogueRenderingData['Catalogue']> = {
  name: 'Catalogue',
  Component: Catalogue,
  // A listing's document names the listing's own chunk (see CategoryListing above).
  preloadsFor: (view) => (view.kind === 'category' ? [LISTING_MODULE] : []),
};

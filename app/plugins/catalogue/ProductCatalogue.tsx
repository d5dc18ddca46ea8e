import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { useNonce } from '~/lib/nonce.tsx';
import { formatNumber } from '~/lib/format.ts';
import { SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { COMPARE_MAX, COMPARE_STORE_KEY, type CatalogueView, type CompareView, type ProductPageView } from './catalogue.ts';

/** The multi-part view (SPEC 1): up to 6 parts side by side, differing rows marked, in the URL. */
function CompareParts({ compare }: { compare: CompareView }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const { pathname } = useLocation();
  const partsNow = compare.parts.map((part) => part.partNumber);
  useEffect(() => {
    // SPEC 3 client store: the compare list is kept for the session.
    sessionStorage.setItem(COMPARE_STORE_KEY, JSON.stringify(partsNow));
  }, [partsNow.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps -- the list's content is the dependency
  const hrefWith = (parts: string[], differences: boolean) => {
    const params = new URLSearchParams(parts.map((part) => ['part', part]));
    if (differences) params.set('differences', '1');
    return `${pathname}?${params}`;
  };
  return (
    <div className="compare">
      {compare.tooMany ? <p className="search-notice">{t('catalogue.compareTooMany', { max: COMPARE_MAX })}</p> : null}
      {compare.unknown.length ? <p className="search-notice">{t('catalogue.compareUnknown', { parts: compare.unknown.join(', ') })}</p> : null}
      {compare.parts.length === 0 ? (
        <p>{t('catalogue.compareEmpty')}</p>
      ) : (
        <>
          <p className="form-actions">
            <Link to={hrefWith(partsNow, !compare.onlyDifferences)}>{t(compare.onlyDifferences ? 'catalogue.showAll' : 'catalogue.onlyDifferences')}</Link>
            <Link to={`${localizedPath(language, '/request-sample')}?${new URLSearchParams({ parts: partsNow.join(',') })}`}>{t('forms.sampleSubmit')}</Link>
          </p>
          <div className="catalogue__table">
            <table className="stock-table compare__table">
              <thead>
                <tr>
                  <td />
                  {compare.parts.map((part) => (
                    <th scope="col" key={part.partNumber}>
                      <Link to={part.href}>{part.partNumber}</Link>{' '}
                      <Link to={hrefWith(partsNow.filter((p) => p !== part.partNumber), compare.onlyDifferences)} aria-label={t('catalogue.compareRemove', { part: part.partNumber })}>
                        ×
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {compare.rows.map((row) => (
                  <tr key={row.label} className={row.differs ? 'differs' : undefined}>
                    <th scope="row">
                      {row.label}
                      {row.differs ? <span className="visually-hidden"> ({t('catalogue.differs')})</span> : null}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={index}>{value}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** A part's page (L7): descriptions, parameters with units, documents, stock, samples, its series. */
function ProductPage({ product }: { product: ProductPageView }) {
  const t = useTranslate();
  const nonce = useNonce();
  const language = useSiteShell()?.language ?? 'en';
  return (
    <article className="product-page">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: product.structuredData }} />
      <div className="product-page__summary">
        {product.imageUrl ? <img src={product.imageUrl} alt={product.title} width={240} height={240} /> : null}
        <div>
          <p className="product-page__short">{product.shortDescription}</p>
          <p>
            {t('search.series')} <Link to={product.series.href}>{product.series.name}</Link>
          </p>
          <p>{product.seriesDescription}</p>
          <p className="result__badges">
            {product.inStock ? <span className="badge badge--ok">{t('search.inStock')}</span> : null}
            {product.approvals.map((approval) => (
              <span key={approval} className="badge">
                {approval}
              </span>
            ))}
          </p>
          <p className="form-actions">
            {product.datasheetUrl ? <a href={product.datasheetUrl}>{t('search.datasheet')}</a> : null}
            <Link to={localizedPath(language, '/CheckStock')}>{t('forms.checkStock')}</Link>
            {product.sampleEligible ? (
              <Link className="button button--primary" to={`${localizedPath(language, '/request-sample')}?${new URLSearchParams({ parts: product.partNumber })}`}>
                {t('forms.sampleSubmit')}
              </Link>
            ) : null}
          </p>
        </div>
      </div>
      <h2>{t('catalogue.parameters')}</h2>
      <table className="stock-table">
        <tbody>
          {product.parameters.map((parameter) => (
            <tr key={parameter.label}>
              <th scope="row">{parameter.label}</th>
              <td>{parameter.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {product.seriesParts.length ? (
        <>
          <h2>{t('catalogue.seriesParts')}</h2>
          <ul className="catalogue__series-parts">
            {product.seriesParts.map((part) => (
              <li key={part.partNumber}>
                <Link to={part.href}>{part.partNumber}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

/** The catalogue (issue 5): categories, then a parametric table with filters in a GET form. */
function ProductCatalogue({ data }: RenderingProps) {
  const t = useTranslate();
  const shell = useSiteShell();
  const tag = shell?.tag ?? 'en';
  const language = shell?.language ?? 'en';
  const { pathname, search } = useLocation();
  const view = data as CatalogueView;
  const listing = view.listing;
  const pageHref = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    return `${pathname}?${params}`;
  };
  return (
    <section className="catalogue">
      <nav aria-label={t('catalogue.breadcrumb')} className="catalogue__breadcrumb">
        <ol>
          {view.breadcrumb.map((crumb, index) => (
            <li key={crumb.href}>{index === view.breadcrumb.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.href}>{crumb.label}</Link>}</li>
          ))}
        </ol>
      </nav>
      <h1>{view.heading}</h1>
      {view.product ? <ProductPage product={view.product} /> : null}
      {view.compare ? <CompareParts compare={view.compare} /> : null}
      {view.seriesDescription ? <p className="catalogue__series-description">{view.seriesDescription}</p> : null}
      {view.categories.length ? (
        <ul className="catalogue__categories">
          {view.categories.map((category) => (
            <li key={category.href}>
              {category.children?.length ? (
                <>
                  {/* A technology: its product types first, then the technology's own page. */}
                  <h2>{category.label}</h2>
                  <ul>
                    {category.children.map((child) => (
                      <li key={child.href}>
                        <Link to={child.href}>{child.label}</Link> <span className="facet__count">({formatNumber(child.count ?? 0, tag)})</span>
                      </li>
                    ))}
                  </ul>
                  <Link to={category.href} className="catalogue__all">
                    {t('catalogue.allOf', { category: category.label })}
                  </Link>
                </>
              ) : (
                <>
                  <Link to={category.href}>{category.label}</Link>
                  {category.count !== undefined ? <span className="facet__count"> ({formatNumber(category.count, tag)})</span> : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {listing ? (
        <div className="catalogue__listing">
          <Form method="get" className="catalogue__filters" aria-label={t('search.filters')}>
            {listing.parameters.map((parameter) => (
              <fieldset key={parameter.field} className="facet facet--range">
                <legend>
                  {parameter.label} ({parameter.unit})
                </legend>
                <div className="facet__range">
                  <label htmlFor={`min-${parameter.field}`}>{t('search.rangeMin')}</label>
                  <input id={`min-${parameter.field}`} name={`min.${parameter.field}`} defaultValue={parameter.min} placeholder={`1 ${parameter.unit}`} aria-invalid={parameter.error ? true : undefined} aria-describedby={parameter.error ? `error-${parameter.field}` : undefined} />
                  <label htmlFor={`max-${parameter.field}`}>{t('search.rangeMax')}</label>
                  <input id={`max-${parameter.field}`} name={`max.${parameter.field}`} defaultValue={parameter.max} aria-invalid={parameter.error ? true : undefined} aria-describedby={parameter.error ? `error-${parameter.field}` : undefined} />
                </div>
                {parameter.error ? (
                  <p className="field-error" id={`error-${parameter.field}`} role="alert">
                    {t(parameter.error, { unit: parameter.unit })}
                  </p>
                ) : null}
              </fieldset>
            ))}
            <label className="choice">
              <input type="checkbox" name="stock" value="1" defaultChecked={listing.inStock} /> {t('search.inStock')}
            </label>
            <label className="choice">
              <input type="checkbox" name="sample" value="1" defaultChecked={listing.sampleEligible} /> {t('search.samples')}
            </label>
            <label>
              {t('search.sortBy')}{' '}
              <select name="sort" defaultValue={listing.sort}>
                <option value="partnumber">{t('search.sort.partnumber')}</option>
                {listing.parameters.map((parameter) => (
                  <option key={parameter.field} value={parameter.field}>
                    {parameter.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('search.perPage')}{' '}
              <select name="size" defaultValue={String(listing.size)}>
                {SITE_PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button button--primary">
              {t('search.apply')}
            </button>
          </Form>
          {listing.searchDown ? <p className="search-error" role="alert">{t('search.error')}</p> : null}
          <p className="result-count" role="status" data-total={listing.total}>
            {t('catalogue.parts', { total: formatNumber(listing.total, tag) })}
          </p>
          <Form method="get" action={localizedPath(language, '/products/compare')} className="catalogue__table">
            <table className="stock-table">
              <thead>
                <tr>
                  <th scope="col">{t('forms.partNumber')}</th>
                  <th scope="col">{t('search.series')}</th>
                  {listing.parameters.map((parameter) => (
                    <th scope="col" key={parameter.field}>
                      {parameter.label}
                    </th>
                  ))}
                  <th scope="col">{t('search.inStock')}</th>
                  <th scope="col">{t('catalogue.compare')}</th>
                </tr>
              </thead>
              <tbody>
                {listing.rows.map((row) => (
                  <tr key={row.partNumber}>
                    <th scope="row">
                      <a href={row.href}>{row.partNumber}</a>
                    </th>
                    <td>{row.series}</td>
                    {listing.parameters.map((parameter) => (
                      <td key={parameter.field}>{row.values[parameter.field]}</td>
                    ))}
                    <td>{row.inStock ? '✓' : '—'}</td>
                    <td>
                      <input type="checkbox" name="part" value={row.partNumber} aria-label={t('catalogue.compareThis', { part: row.partNumber })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="submit" className="button">
              {t('catalogue.compareSelected', { max: COMPARE_MAX })}
            </button>
          </Form>
          <nav className="pager" aria-label={t('search.pages')}>
            {listing.page > 1 ? <Link to={pageHref(listing.page - 1)}>{t('search.previous')}</Link> : null}
            {listing.page * listing.size < listing.total ? <Link to={pageHref(listing.page + 1)}>{t('search.next')}</Link> : null}
          </nav>
        </div>
      ) : null}
    </section>
  );
}

export const productCatalogue: ComponentDefinition = { name: 'ProductCatalogue', Component: ProductCatalogue, datasource: 'none' };

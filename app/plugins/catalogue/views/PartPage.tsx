import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { ParameterTable } from '~/lib/DataTable.tsx';
import { RecommendationList } from '../../search/RecommendationList.tsx';
import { facetValueLabel, foreignLang } from '../../search/facet-values.ts';
import { CompareToggle, CompareTray } from '../CompareToggle.tsx';
import { Breadcrumbs, JsonData, PageLevelsData } from './shared.tsx';
import type { PartView } from '../view-types.ts';
import { PartsTable, useLanguage, useParameterValue } from './view-parts.tsx';
import { CadDownloads, PartOffer } from './PartOffer.tsx';
import { choiceLabel, PartChoiceRows } from './choices.tsx';

export function PartPage({ view }: { view: PartView }) {
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
      {view.backToResults ? (
        <p className="back-to-results">
          <Link to={view.backToResults.href}>{t('catalogue.backToResults', { q: view.backToResults.q })}</Link>
        </p>
      ) : null}
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
                {view.datasheetRevision ? <span className="facet__count"> ({t('catalogue.datasheetRevision', view.datasheetRevision)})</span> : null}
              </li>
            ) : null}
            {view.cadModel ? (
              <li>
                <a href={view.cadModel.model} rel="nofollow" download className="cad-model-link">
                  <img src={view.cadModel.icon} alt="" width={24} height={24} /> {t('catalogue.cadModel')}
                </a>
              </li>
            ) : null}
            {view.cadModel ? <CadDownloads links={view.cadModel} /> : null}
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
        </div>
      </div>
      {view.offer ? <PartOffer offer={view.offer} /> : null}
      <h2>{t('catalogue.productData')}</h2>
      <dl className="product-data">
        <dt>{t('catalogue.marketingView')}</dt>
        <dd>{view.product.marketingView}</dd>
        <dt>{t('catalogue.package')}</dt>
        <dd>{view.product.package}</dd>
        <PartChoiceRows view={view} />
        {/* REQ-CAT-7: the product level and business units, in the words a buyer uses ("Orderable part", "Circuit protection"), not L7 or ESBU. */}
        <dt>{t('catalogue.productLevel')}</dt>
        <dd>{t(`catalogue.productLevel.${view.product.level === 'L7' ? 'part' : 'other'}`)}</dd>
        <dt>{t('catalogue.businessUnits')}</dt>
        <dd>{view.product.businessUnits.map((unit) => choiceLabel(t, 'productline', unit)).join(', ')}</dd>
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

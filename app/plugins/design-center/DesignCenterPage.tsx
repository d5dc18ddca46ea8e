import { Link } from '@remix-run/react';
import { LazyImage } from '~/cms/components/LazyImage.tsx';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { Breadcrumbs, FamilyLinks, KindBadge, useLocalPath } from './parts.tsx';
import type { ApplicationCard, ApplicationPageData, DesignCenterPageData, MarketPageData } from './view-types.ts';

function Cards({ cards, headingLevel }: { cards: ApplicationCard[]; headingLevel: 'h2' | 'h3' }) {
  const local = useLocalPath();
  const Heading = headingLevel;
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.path} className="card">
          <LazyImage image={card.image} size="486x260" className="card__image" />
          <div className="card__body">
            <p className="card__eyebrow">{card.marketName}</p>
            <Heading>
              <Link to={local(card.path)}>{card.name}</Link>
            </Heading>
            <p>{card.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ApplicationView({ data }: { data: ApplicationPageData }) {
  const t = useTranslate();
  const local = useLocalPath();
  return (
    <article className="design-application">
      <Breadcrumbs crumbs={data.crumbs} />
      <header className="design-application__header">
        <p className="card__eyebrow">{data.marketName}</p>
        <h1>{data.name}</h1>
        <p className="hero-banner__lead">{data.summary}</p>
        <LazyImage image={data.image} size="486x260" className="content-image" eager />
      </header>

      <section aria-labelledby="design-needs">
        <h2 id="design-needs">{t('designCenter.needsHeading')}</h2>
        <p>{data.marketContext}</p>
        <dl className="design-needs">
          {data.rows.map((row, index) => (
            <div key={index}>
              <dt>
                <KindBadge kind={row.kind} /> {row.function}
              </dt>
              <dd>{row.why}</dd>
            </div>
          ))}
        </dl>
      </section>

      {data.catalogueUnavailable ? (
        <p className="search-error" role="status">
          {t('designCenter.catalogueUnavailable')} <a href="?">{t('designCenter.retry')}</a>
        </p>
      ) : null}

      <section aria-labelledby="design-families">
        <h2 id="design-families">{t('designCenter.familiesHeading')}</h2>
        <p>{t('designCenter.familiesIntro')}</p>
        {data.families.length === 0 ? (
          <p className="empty-state">{t('designCenter.familiesEmpty')}</p>
        ) : (
          <ul className="result-list design-families">
            {data.families.map((family) => (
              <li key={family.series} className="result">
                <h3>
                  <Link to={local(family.path)}>{t('designCenter.familyTitle', { series: family.series, type: family.productTypeName })}</Link>
                </h3>
                <p>{family.description}</p>
                <p className="result__meta">{t('designCenter.familyParts', { count: family.parts })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="design-selection">
        <h2 id="design-selection">{t('designCenter.selectionHeading')}</h2>
        <p>{t('designCenter.selectionIntro')}</p>
        <div className="table-scroll">
          <table className="resource-table design-selection">
            <thead>
              <tr>
                <th scope="col">{t('designCenter.col.function')}</th>
                <th scope="col">{t('designCenter.col.productType')}</th>
                <th scope="col">{t('designCenter.col.parameter')}</th>
                <th scope="col">{t('designCenter.col.range')}</th>
                <th scope="col">{t('designCenter.col.series')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, index) => (
                <tr key={index}>
                  <th scope="row">
                    <KindBadge kind={row.kind} /> {row.function}
                  </th>
                  <td>
                    <Link to={local(row.productTypePath)}>{row.productTypeName}</Link>
                  </td>
                  <td>{row.parameterLabel}</td>
                  <td>
                    {row.range}
                    <br />
                    <Link to={local(row.listingPath)}>{t('designCenter.matchingParts')}</Link>
                  </td>
                  <td>{row.families.length ? <FamilyLinks families={row.families} /> : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <Link to={local('/design-center/selection-guide')}>{t('designCenter.fullSelectionGuide')}</Link>
        </p>
      </section>

      <section aria-labelledby="design-documents">
        <h2 id="design-documents">{t('designCenter.documentsHeading')}</h2>
        {data.documents.length === 0 ? (
          <p className="empty-state">{t('designCenter.documentsEmpty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="resource-table design-documents">
              <thead>
                <tr>
                  <th scope="col">{t('designCenter.col.document')}</th>
                  <th scope="col">{t('designCenter.col.type')}</th>
                  <th scope="col">{t('designCenter.col.language')}</th>
                  <th scope="col">{t('designCenter.col.size')}</th>
                </tr>
              </thead>
              <tbody>
                {data.documents.map((document) => (
                  <tr key={document.href}>
                    <th scope="row">
                      <a href={document.href} type="application/pdf">
                        {document.title}
                      </a>
                    </th>
                    <td>{document.typeName}</td>
                    <td>{document.languageName}</td>
                    <td>{document.size}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <Link to={local('/resource-library')}>{t('designCenter.resourceLibrary')}</Link>
        </p>
      </section>

      {data.related.length ? (
        <section aria-labelledby="design-related">
          <h2 id="design-related">{t('designCenter.relatedHeading', { market: data.marketName })}</h2>
          <Cards cards={data.related} headingLevel="h3" />
        </section>
      ) : null}
    </article>
  );
}

function MarketView({ data }: { data: MarketPageData }) {
  const t = useTranslate();
  return (
    <article className="design-market">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1>{data.name}</h1>
      <p className="hero-banner__lead">{data.context}</p>
      <LazyImage image={data.image} size="486x260" className="content-image" eager />
      <h2>{t('designCenter.marketApplications', { market: data.name })}</h2>
      <Cards cards={data.applications} headingLevel="h3" />
    </article>
  );
}

/** The application and market pages of the `/design-center/applications/,-w-,` wildcard item. */
function DesignCenterPage({ data }: RenderingProps) {
  const view = data as DesignCenterPageData | undefined;
  if (!view) return null;
  return view.kind === 'application' ? <ApplicationView data={view} /> : <MarketView data={view} />;
}

export const designCenterPage: ComponentDefinition = {
  name: 'DesignCenterApplication',
  Component: DesignCenterPage,
  datasource: 'none',
  phrases: ['designCenter'],
};

import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Link } from '@remix-run/react';
import { LazyImage } from '~/cms/components/LazyImage.tsx';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { CardList } from '~/lib/CardList.tsx';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { DesignCenterRenderingData } from './rendering-data.ts';
import { Breadcrumbs, FamilyLinks, KindBadge, useLocalPath } from './parts.tsx';
import type { ApplicationCard, ApplicationPageData, MarketPageData } from './view-types.ts';

function Cards({ cards, headingLevel }: { cards: ApplicationCard[]; headingLevel: 'h2' | 'h3' }) {
  const local = useLocalPath();
  return <CardList heading={headingLevel} cards={cards.map((card) => ({ key: card.path, image: card.image, eyebrow: card.marketName, title: <Link to={local(card.path)}>{card.name}</Link>, summary: card.summary }))} />;
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
        <DataTable
          className="resource-table design-selection"
          scroll
          rows={data.rows}
          rowKey={(_, index) => index}
          columns={[
            {
              header: t('designCenter.col.function'),
              rowHeader: true,
              cell: (row) => (
                <>
                  <KindBadge kind={row.kind} /> {row.function}
                </>
              ),
            },
            { header: t('designCenter.col.productType'), cell: (row) => <Link to={local(row.productTypePath)}>{row.productTypeName}</Link> },
            { header: t('designCenter.col.parameter'), cell: (row) => row.parameterLabel },
            {
              header: t('designCenter.col.range'),
              cell: (row) => (
                <>
                  {row.range}
                  <br />
                  <Link to={local(row.listingPath)}>{t('designCenter.matchingParts')}</Link>
                </>
              ),
            },
            { header: t('designCenter.col.series'), cell: (row) => (row.families.length ? <FamilyLinks families={row.families} /> : '–') },
          ]}
        />
        <p>
          <Link to={local('/design-center/selection-guide')}>{t('designCenter.fullSelectionGuide')}</Link>
        </p>
      </section>

      <section aria-labelledby="design-documents">
        <h2 id="design-documents">{t('designCenter.documentsHeading')}</h2>
        {data.documents.length === 0 ? (
          <p className="empty-state">{t('designCenter.documentsEmpty')}</p>
        ) : (
          <DataTable
            className="resource-table design-documents"
            scroll
            rows={data.documents}
            rowKey={(document) => document.href}
            columns={[
              {
                header: t('designCenter.col.document'),
                rowHeader: true,
                cell: (document) => (
                  <a href={document.href} type="application/pdf">
                    {document.title}
                  </a>
                ),
              },
              { header: t('designCenter.col.type'), cell: (document) => document.typeName },
              { header: t('designCenter.col.language'), cell: (document) => document.languageName },
              { header: t('designCenter.col.size'), cell: (document) => document.size },
            ]}
          />
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
function DesignCenterPage({ data: view }: RenderingProps<ComponentFields, DesignCenterRenderingData['DesignCenterApplication']>) {
  if (!view) return null;
  return view.kind === 'application' ? <ApplicationView data={view} /> : <MarketView data={view} />;
}

export const designCenterPage: ComponentDefinition<DesignCenterRenderingData['DesignCenterApplication']> = { name: 'DesignCenterApplication', Component: DesignCenterPage };

import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CompanyRenderingData } from './rendering-data.ts';
import { ListHeading, ListProblemNotice, type ListFields } from './parts.tsx';
import type { SalesChannel, WhereToBuyView } from './views.ts';

function ChannelCard({ channel }: { channel: SalesChannel }) {
  const t = useTranslate();
  const internal = channel.url.startsWith('/');
  return (
    <li id={channel.anchor} className="result sales-channel">
      <h4>
        {channel.name} <span className={channel.kind === 'salesoffice' ? 'badge badge--ok' : 'badge'}>{t(`places.kind.${channel.kind}`)}</span>
      </h4>
      <p className="sales-channel__address">{channel.address}</p>
      <p className="result__meta">
        {channel.phone ? (
          <>
            {t('places.phone')} <a href={`tel:${channel.phone.replace(/[^+0-9]/g, '')}`}>{channel.phone}</a>
          </>
        ) : null}
        {channel.email ? (
          <>
            {' · '}
            {t('places.email')} <a href={`mailto:${channel.email}`}>{channel.email}</a>
          </>
        ) : null}
        {channel.url ? (
          <>
            {' · '}
            {internal ? <Link to={channel.url}>{t('places.contactForm')}</Link> : <a href={channel.url} rel="noopener">{t('places.website')}</a>}
          </>
        ) : null}
      </p>
    </li>
  );
}

/** Region and country choices as a GET form: filtering needs no JavaScript. */
function WhereToBuyFilter({ view }: { view: WhereToBuyView }) {
  const t = useTranslate();
  return (
    <form method="get" action={view.base} className="site-form where-to-buy__filter" autoComplete="off">
      <label>
        {t('places.region')}
        <select name="region" defaultValue={view.selected.region}>
          <option value="">{t('places.allRegions')}</option>
          {view.regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('places.country')}
        <select name="country" defaultValue={view.selected.country}>
          <option value="">{t('places.allCountries')}</option>
          {view.regions.map((region) => (
            <optgroup key={region.code} label={region.name}>
              {region.countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {t('places.show')}
      </button>
    </form>
  );
}

function WhereToBuy({ fields, data: view }: RenderingProps<ListFields, CompanyRenderingData['WhereToBuy']>) {
  const t = useTranslate();
  if (!view) return null;
  return (
    <section className="company-list where-to-buy">
      <ListHeading fields={fields} />
      {view.regions.length ? <WhereToBuyFilter view={view} /> : null}
      {view.problem ? (
        <ListProblemNotice problem={view.problem} resetHref={view.base} />
      ) : view.total === 0 ? (
        <p className="empty-state">
          {t('places.empty')} <Link to={view.base}>{t('companyList.reset')}</Link>
        </p>
      ) : (
        <>
          <p className="result-count" role="status">
            {t('places.count', { count: view.total })}
          </p>
          {view.groups.map((group) => (
            <section key={group.region} className="where-to-buy__region">
              <h2>{group.region}</h2>
              {group.countries.map((byCountry) => (
                <section key={byCountry.country}>
                  <h3>{byCountry.country}</h3>
                  <ul className="result-list">
                    {byCountry.channels.map((channel) => (
                      <ChannelCard key={channel.anchor} channel={channel} />
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

function PlantLocations({ fields, data: view }: RenderingProps<ListFields, CompanyRenderingData['PlantLocations']>) {
  const t = useTranslate();
  if (!view) return null;
  return (
    <section className="company-list plant-locations">
      <ListHeading fields={fields} />
      {view.problem ? (
        <ListProblemNotice problem={view.problem} resetHref="" />
      ) : view.groups.length === 0 ? (
        <p className="empty-state">{t('places.noLocations')}</p>
      ) : (
        view.groups.map((group) => (
          <section key={group.region}>
            <h2>{group.region}</h2>
            <DataTable
              className="resource-table"
              scroll
              rows={group.locations}
              rowKey={(location) => location.anchor}
              rowProps={(location) => ({ id: location.anchor })}
              columns={[
                { header: t('places.location'), rowHeader: true, cell: (location) => location.name },
                { header: t('places.city'), cell: (location) => location.city },
                { header: t('places.country'), cell: (location) => location.country },
                { header: t('places.link'), cell: (location) => (location.resourceUrl ? <a href={location.resourceUrl}>{t('places.permalink', { name: location.name })}</a> : null) },
              ]}
            />
          </section>
        ))
      )}
    </section>
  );
}

export const whereToBuy: ComponentDefinition<CompanyRenderingData['WhereToBuy']> = { name: 'WhereToBuy', Component: WhereToBuy };
export const plantLocations: ComponentDefinition<CompanyRenderingData['PlantLocations']> = { name: 'PlantLocations', Component: PlantLocations };

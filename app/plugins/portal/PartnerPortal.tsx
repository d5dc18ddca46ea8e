import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { PortalRenderingData } from './rendering-data.ts';

type Links = ListItem<{ link?: LinkFieldData; description?: TextField }>[];

interface PartnerPortalFields {
  /** Price and stock check (the CheckStock page with the partner's price breaks). */
  stockLinks?: Links;
  /** Sample requests: the request form and the list of one's requests. */
  sampleLinks?: Links;
  /** Where to find every secured document (beyond the newest the portal lists). */
  documentLinks?: Links;
  /** Shown to Internal-User and Internal-Admin only. */
  staffLinks?: Links;
}

function LinkItems({ links }: { links: Links | undefined }) {
  return (
    <ul className="portal__links">
      {(links ?? []).map((item, index) => (
        <li key={item.id ?? index}>
          <SiteLink field={item.fields.link} />
          {item.fields.description?.value ? <span className="portal__hint"> {text(item.fields.description)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a distributor uses, on one page: who is signed in (name, company, group), price and stock,
 * sample requests, and the secured documents their search token finds; staff see one more section.
 */
function PartnerPortal({ fields, data: portal }: RenderingProps<PartnerPortalFields, PortalRenderingData['PartnerPortal']>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  if (!portal) return null;
  const { account, documents } = portal;
  return (
    <div className="portal">
      <section className="portal__account" aria-labelledby="portal-account">
        <h2 id="portal-account">{t('portal.account')}</h2>
        <dl>
          <dt>{t('portal.name')}</dt>
          <dd data-testid="portal-name">{account.displayName}</dd>
          <dt>{t('portal.company')}</dt>
          <dd>{account.companyName || '–'}</dd>
          <dt>{t('portal.email')}</dt>
          <dd>{account.email}</dd>
          <dt>{t('portal.group')}</dt>
          <dd data-testid="portal-group">{account.groups.map((group) => t(`portal.group.${group}`)).join(', ')}</dd>
        </dl>
      </section>
      <section className="portal__section" aria-labelledby="portal-stock">
        <h2 id="portal-stock">{t('portal.stock')}</h2>
        <p>{t(account.staff ? 'portal.stockStaff' : 'portal.stockPartner')}</p>
        <LinkItems links={fields.stockLinks} />
      </section>
      <section className="portal__section" aria-labelledby="portal-samples">
        <h2 id="portal-samples">{t('portal.samples')}</h2>
        <p>{t('portal.samplesText')}</p>
        <LinkItems links={fields.sampleLinks} />
      </section>
      <section className="portal__section" aria-labelledby="portal-documents">
        <h2 id="portal-documents">{t('portal.documents')}</h2>
        {documents.status === 'unavailable' ? (
          <p className="search-notice" role="status">
            {t('portal.documentsUnavailable')}
          </p>
        ) : documents.items.length === 0 ? (
          <p>{t('portal.documentsNone')}</p>
        ) : (
          <>
            <p>{t('portal.documentsText', { count: documents.total })}</p>
            <DataTable
              className="stock-table portal__documents"
              rows={documents.items}
              rowKey={(document) => document.href}
              columns={[
                {
                  header: t('portal.documentTitle'),
                  // A file, not a page: a plain link the browser downloads or opens.
                  // A document only written in English is marked so (a screen reader reads it in
                  // English) and its language named in the page's.
                  cell: (document) => {
                    const foreign = document.language.split('-')[0] !== tag.split('-')[0];
                    return (
                      <>
                        <a href={document.href} type="application/pdf" hrefLang={document.language} lang={foreign ? document.language : undefined}>
                          {document.title}
                        </a>
                        {foreign ? <span className="portal__hint">{` (${new Intl.DisplayNames([tag], { type: 'language' }).of(document.language) ?? document.language})`}</span> : null}
                      </>
                    );
                  },
                },
                { header: t('portal.documentType'), cell: (document) => document.type },
                { header: t('portal.documentDate'), cell: (document) => (document.date ? formatDate(new Date(document.date), tag) : '') },
              ]}
            />
          </>
        )}
        <LinkItems links={fields.documentLinks} />
      </section>
      {account.staff ? (
        <section className="portal__section" aria-labelledby="portal-staff">
          <h2 id="portal-staff">{t('portal.staff')}</h2>
          <p>{t('portal.staffText')}</p>
          <LinkItems links={fields.staffLinks} />
        </section>
      ) : null}
    </div>
  );
}

export const partnerPortal: ComponentDefinition<PortalRenderingData['PartnerPortal']> = { name: 'PartnerPortal', Component: PartnerPortal };

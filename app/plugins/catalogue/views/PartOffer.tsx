import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import { formatNumber } from '~/lib/format.ts';
import type { PartOfferView } from '../view-types.ts';

/**
 * A part page's "Price and availability" (decision 0173): price breaks in the visitor's currency,
 * the packaging and order multiple, and the stock of each distributor with a link to buy the part
 * in its shop. Plain links and tables: nothing here needs JavaScript.
 */
export function PartOffer({ offer }: { offer: PartOfferView }) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  if (offer.status === 'unavailable') {
    return (
      <section className="part-offer" aria-labelledby="part-offer-heading">
        <h2 id="part-offer-heading">{t('catalogue.buyHeading')}</h2>
        <p role="status">{t('catalogue.offerUnavailable')}</p>
      </section>
    );
  }
  // Cents need four places to tell breaks apart; dollars (and yen) two.
  const digits = offer.priceBreaks.some((entry) => entry.unitPrice < 1) ? 4 : 2;
  const price = (value: number) => formatNumber(value, tag, { style: 'currency', currency: offer.currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  const count = (value: number) => formatNumber(value, tag);
  // "Buy at {{distributor}}" around the name, which stays as written.
  const [buyAtBefore, buyAtAfter = ''] = t('catalogue.buyAt').split('{{distributor}}');
  return (
    <section className="part-offer" aria-labelledby="part-offer-heading">
      <h2 id="part-offer-heading">{t('catalogue.buyHeading')}</h2>
      {offer.priceBreaks.length ? (
        <DataTable
          className="stock-table price-breaks"
          caption={t('catalogue.priceBreaks', { currency: offer.currency })}
          rows={offer.priceBreaks}
          rowKey={(entry) => entry.quantity}
          columns={[
            { header: t('catalogue.priceFrom'), cell: (entry) => count(entry.quantity) },
            { header: t('catalogue.unitPrice'), cell: (entry) => price(entry.unitPrice) },
          ]}
        />
      ) : null}
      <dl className="product-data part-offer__terms">
        {offer.packaging ? (
          <>
            <dt>{t('catalogue.packaging')}</dt>
            <dd>{t(`catalogue.packaging.${offer.packaging.kind}`, { count: count(offer.packaging.quantity) })}</dd>
          </>
        ) : null}
        <dt>{t('catalogue.orderMultiple')}</dt>
        <dd>{count(offer.orderMultiple)}</dd>
        <dt>{t('catalogue.minimumOrder')}</dt>
        <dd>{count(offer.minimumOrderQuantity)}</dd>
      </dl>
      {offer.distributors.length ? (
        <DataTable
          className="stock-table part-offer__stock"
          caption={t('catalogue.distributorStock')}
          rows={offer.distributors}
          rowKey={(row) => `${row.region}|${row.name}`}
          columns={[
            // A region the dictionary names is written in the page's language; another as the stock service sent it.
            { header: t('catalogue.stockRegion'), cell: (row) => (t(`catalogue.stockRegion.${row.region}`) === `catalogue.stockRegion.${row.region}` ? row.region : t(`catalogue.stockRegion.${row.region}`)) },
            // A distributor's name is a name, the same in every language (translate="no").
            { header: t('catalogue.distributor'), cell: (row) => <span translate="no">{row.name}</span>, rowHeader: true },
            { header: t('catalogue.stockQuantity'), cell: (row) => count(row.quantity) },
            { header: t('catalogue.leadTime'), cell: (row) => t('catalogue.leadTimeWeeks', { weeks: count(row.leadTimeWeeks) }) },
            {
              header: t('catalogue.buyColumn'),
              cell: (row) =>
                row.buyUrl ? (
                  <a href={row.buyUrl} rel="external noopener" className="part-offer__buy">
                    {buyAtBefore}
                    <span translate="no">{row.name}</span>
                    {buyAtAfter}
                  </a>
                ) : null,
            },
          ]}
        />
      ) : null}
    </section>
  );
}

/** The ECAD download's KiCad files beside the STEP model: footprint, symbol, and all three as one ZIP. */
export function CadDownloads({ links }: { links: { footprint: string; symbol: string; archive: string } }) {
  const t = useTranslate();
  return (
    <>
      <li>
        <a href={links.footprint} rel="nofollow" download>
          {t('catalogue.kicadFootprint')}
        </a>
      </li>
      <li>
        <a href={links.symbol} rel="nofollow" download>
          {t('catalogue.kicadSymbol')}
        </a>
      </li>
      <li>
        <a href={links.archive} rel="nofollow" download>
          {t('catalogue.cadArchive')}
        </a>
      </li>
    </>
  );
}

import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import { currencyOf } from '~/lib/currency.ts';
import { lookUpStock } from '~/ports/stock.server.ts';
import type { PartOfferView } from './view-types.ts';

/**
 * A part page's price and availability (decision 0173): the stock port's book price breaks in the
 * visitor's currency, the packaging and order multiple, and each distributor's stock with its
 * product page. A service that is down says so on the page; a part it does not know shows nothing.
 */
export async function partOffer(context: AppLoadContext, partNumber: string, language: SiteLanguage): Promise<PartOfferView | undefined> {
  const currency = currencyOf(language);
  const result = await lookUpStock(context, { partNumber, currency });
  if (result.kind === 'unknown') return undefined;
  if (result.kind === 'down') return { status: 'unavailable' };
  const { answer } = result;
  const orderMultiple = typeof answer.orderMultiple === 'number' && answer.orderMultiple > 0 ? answer.orderMultiple : 1;
  return {
    status: 'found',
    // Prices only in the currency asked: a service answering another one shows none rather than the wrong sign.
    priceBreaks: answer.currency === currency ? [...answer.priceBreaks].sort((a, b) => a.quantity - b.quantity) : [],
    currency,
    ...(answer.packaging && answer.packageQuantity ? { packaging: { kind: answer.packaging, quantity: answer.packageQuantity } } : {}),
    orderMultiple,
    minimumOrderQuantity: answer.minimumOrderQuantity ?? orderMultiple,
    distributors: answer.regions.flatMap((region) =>
      region.distributors.map((distributor) => ({ region: region.region, name: distributor.name, quantity: distributor.quantity, leadTimeWeeks: distributor.leadTimeWeeks, ...(distributor.productUrl ? { buyUrl: distributor.productUrl } : {}) })),
    ),
  };
}

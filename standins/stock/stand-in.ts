import express, { type Router } from 'express';
import { distributorProductUrlPattern, whereToBuyDistributors } from '../solr/cores.ts';
import { codedError, failureSwitch, type StandInMode } from '../stand-in-failure.ts';
import { CURRENCIES, isCurrency, packagingOf, priceBreaksOf, seeded, type Currency, type OfferedPart, type Packaging, type PriceBreak } from './offer.ts';

/**
 * The stock port's embedded stand-in (issue 8): distributor stock per region for a part number,
 * derived deterministically from the catalogue (a part the catalogue marks out of stock has none),
 * with its packaging, order multiple, price breaks and each distributor's product page (offer.ts).
 * `GET {base}/stock?partNumber=...&currency=EUR[&priceList=<account>]` with the `x-api-key` header;
 * 404 for a part it does not know, 400 for a currency it does not quote in.
 */
export const STOCK_BASE = '/stock-service/v1';

interface StockedPart extends OfferedPart {
  inStock: boolean;
}

/**
 * The distributors of each stock region: the two that where-to-buy lists in most countries of the
 * region (Europe for EMEA, Asia for APAC), so a visitor finds the stock's companies on that page.
 */
const STOCK_REGIONS = { Americas: 'Americas', EMEA: 'Europe', APAC: 'Asia' } as const;
const listed = whereToBuyDistributors();
export const DISTRIBUTORS = Object.fromEntries(
  (Object.keys(STOCK_REGIONS) as Array<keyof typeof STOCK_REGIONS>).map((region) => [region, (listed[STOCK_REGIONS[region]] ?? []).slice(0, 2)]),
) as Record<keyof typeof STOCK_REGIONS, string[]>;
/** Each one's product page pattern from where-to-buy, in its shop for the region. */
const PRODUCT_URL_PATTERNS = new Map(
  (Object.keys(DISTRIBUTORS) as Array<keyof typeof DISTRIBUTORS>).flatMap((region) => DISTRIBUTORS[region].map((name) => [`${region}|${name}`, distributorProductUrlPattern(STOCK_REGIONS[region], name)] as const)),
);

interface StockAnswer {
  partNumber: string;
  /** tape-and-reel, tube or bulk; `packageQuantity` parts to a reel, tube or box. */
  packaging: Packaging;
  packageQuantity: number;
  orderMultiple: number;
  minimumOrderQuantity: number;
  regions: Array<{ region: keyof typeof DISTRIBUTORS; distributors: Array<{ name: string; quantity: number; leadTimeWeeks: number; productUrl?: string }> }>;
}

export function stockOf(part: StockedPart): StockAnswer {
  const packaging = packagingOf(part);
  return {
    partNumber: part.partNumber,
    ...packaging,
    regions: (Object.keys(DISTRIBUTORS) as Array<keyof typeof DISTRIBUTORS>).map((region) => ({
      region,
      distributors: DISTRIBUTORS[region].map((name) => {
        const seed = seeded(`${part.partNumber}|${name}`);
        const pattern = PRODUCT_URL_PATTERNS.get(`${region}|${name}`);
        // Whole reels (tubes, boxes) in stock: a multiple of the order multiple too.
        return {
          name,
          quantity: part.inStock ? (seed % 12) * packaging.packageQuantity : 0,
          leadTimeWeeks: 2 + (seed % 11),
          ...(pattern ? { productUrl: pattern.replace('{partNumber}', encodeURIComponent(part.partNumber)) } : {}),
        };
      }),
    })),
  };
}

interface PriceList {
  /** `book`: the distributor book price; otherwise the account the prices were agreed with. */
  priceList: string;
  currency: Currency;
  priceBreaks: PriceBreak[];
}

export function priceListOf(part: OfferedPart, priceList: string, currency: Currency = 'USD'): PriceList {
  return { priceList, currency, priceBreaks: priceBreaksOf(part, priceList, currency) };
}

export function createStockStandIn(options: { apiKey: string; controlToken: string; findPart: (partNumber: string) => StockedPart | undefined; mode?: StandInMode }): Router {
  const router = express.Router();
  const failure = failureSwitch({ initial: options.mode, service: 'stock service', controlToken: options.controlToken, errorBody: codedError });
  router.post(`${STOCK_BASE}/_control`, ...failure.control);
  router.get(`${STOCK_BASE}/stock`, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (req.get('x-api-key') !== options.apiKey) return res.status(401).json({ error: 'unauthorized', message: 'The x-api-key header is missing or wrong.' });
    const partNumber = typeof req.query.partNumber === 'string' ? req.query.partNumber.trim() : '';
    if (!partNumber || partNumber.length > 40) return res.status(400).json({ error: 'invalid_request', message: 'partNumber is required.' });
    const part = options.findPart(partNumber);
    if (!part) return res.status(404).json({ error: 'not_found', message: `No part ${partNumber}.` });
    // `priceList=<account id>` prices for that account (the partner portal asks), else the book price;
    // `currency=` (ISO 4217: USD, EUR, JPY, CNY) the currency to quote in, US dollars if not named.
    const priceList = (typeof req.query.priceList === 'string' ? req.query.priceList.trim().slice(0, 80) : '') || 'book';
    const currency = typeof req.query.currency === 'string' ? req.query.currency.trim().toUpperCase() : 'USD';
    if (!isCurrency(currency)) return res.status(400).json({ error: 'invalid_request', message: `currency must be one of ${Object.keys(CURRENCIES).join(', ')}.` });
    res.set('Cache-Control', 'private, max-age=60').json({ ...stockOf(part), ...priceListOf(part, priceList, currency) });
  });
  return router;
}

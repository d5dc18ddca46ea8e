import { createHash } from 'node:crypto';
import express, { type Router } from 'express';
import { whereToBuyDistributors } from '../solr/cores.ts';
import { codedError, failureSwitch, type StandInMode } from '../stand-in-failure.ts';

/**
 * The stock port's embedded stand-in (issue 8): distributor stock per region for a part number,
 * derived deterministically from the catalogue (a part the catalogue marks out of stock has none).
 * `GET {base}/stock?partNumber=...` with the `x-api-key` header; 404 for a part it does not know.
 */
export const STOCK_BASE = '/stock-service/v1';

interface StockedPart {
  partNumber: string;
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

/** How parts are packed, with the order multiple each implies (REQ-FORM-3 quantity steps). */
const PACKAGING = [
  { packaging: 'tape and reel', orderMultiple: 5 },
  { packaging: 'tube', orderMultiple: 2 },
  { packaging: 'bulk', orderMultiple: 1 },
] as const;

interface StockAnswer {
  partNumber: string;
  packaging: (typeof PACKAGING)[number]['packaging'];
  orderMultiple: number;
  regions: Array<{ region: keyof typeof DISTRIBUTORS; distributors: Array<{ name: string; quantity: number; leadTimeWeeks: number }> }>;
}

function seeded(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

export function stockOf(part: StockedPart): StockAnswer {
  return {
    partNumber: part.partNumber,
    ...PACKAGING[seeded(part.partNumber) % PACKAGING.length]!,
    regions: (Object.keys(DISTRIBUTORS) as Array<keyof typeof DISTRIBUTORS>).map((region) => ({
      region,
      distributors: DISTRIBUTORS[region].map((name) => {
        const seed = seeded(`${part.partNumber}|${name}`);
        return { name, quantity: part.inStock ? (seed % 12) * 2500 : 0, leadTimeWeeks: 2 + (seed % 11) };
      }),
    })),
  };
}

/** One step of a price list: from this quantity on, each part costs unitPrice (in the list's currency). */
interface PriceBreak {
  quantity: number;
  unitPrice: number;
}

interface PriceList {
  /** `book`: the distributor book price; otherwise the account the prices were agreed with. */
  priceList: string;
  currency: 'USD';
  priceBreaks: PriceBreak[];
}

const BREAK_QUANTITIES = [1, 100, 1000, 5000] as const;
const BREAK_FACTORS = [1, 0.82, 0.68, 0.58] as const;

/**
 * A part's price breaks as a distributor buys it: deterministic from the part number, falling with
 * the quantity; quantities are whole order multiples. An account's own list is the book price less
 * its agreed discount (0 to 12 %, from the account id), so two accounts see different prices.
 */
export function priceListOf(partNumber: string, orderMultiple: number, priceList: string): PriceList {
  const base = 0.05 + (seeded(`${partNumber}|price`) % 450) / 100;
  const discount = priceList === 'book' ? 0 : (seeded(`${priceList}|discount`) % 13) / 100;
  return {
    priceList,
    currency: 'USD',
    priceBreaks: BREAK_QUANTITIES.map((quantity, index) => ({
      quantity: Math.ceil(quantity / orderMultiple) * orderMultiple,
      unitPrice: Math.round(base * BREAK_FACTORS[index]! * (1 - discount) * 10_000) / 10_000,
    })),
  };
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
    // `priceList=book` or `priceList=<account id>` adds the part's price breaks (the partner portal asks).
    const priceList = typeof req.query.priceList === 'string' ? req.query.priceList.trim().slice(0, 80) : '';
    const answer = stockOf(part);
    res.set('Cache-Control', 'private, max-age=60').json(priceList ? { ...answer, ...priceListOf(part.partNumber, answer.orderMultiple, priceList) } : answer);
  });
  return router;
}

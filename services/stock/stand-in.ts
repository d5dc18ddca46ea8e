import { createHash } from 'node:crypto';
import express, { type Router } from 'express';
import { codedError, failureSwitch, type StandInMode } from '../stand-in-failure.ts';

/**
 * The stock port's embedded stand-in (issue 8): distributor stock per region for a part number,
 * derived deterministically from the catalogue (a part the catalogue marks out of stock has none).
 * `GET {base}/stock?partNumber=...` with the `x-api-key` header; 404 for a part it does not know.
 */
export const STOCK_BASE = '/stock-service/v1';

export interface StockedPart {
  partNumber: string;
  inStock: boolean;
}

export const DISTRIBUTORS = {
  Americas: ['Northwind Electronics', 'Contoso Parts'],
  EMEA: ['Fabrikam Supply', 'Tailspin Components'],
  APAC: ['Wingtip Electronics', 'Litware Asia'],
} as const;

/** How parts are packed, with the order multiple each implies (SPEC 9 quantity steps). */
const PACKAGING = [
  { packaging: 'tape and reel', orderMultiple: 5 },
  { packaging: 'tube', orderMultiple: 2 },
  { packaging: 'bulk', orderMultiple: 1 },
] as const;

export interface StockAnswer {
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
    res.set('Cache-Control', 'private, max-age=60').json(stockOf(part));
  });
  return router;
}

import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';

/**
 * The stock service's client (issue 8): `GET {STOCK_API_URL}/stock?partNumber=` with the x-api-key
 * header, and `priceList=` for a partner's prices. The answer is checked before anyone reads it; a
 * service that does not answer, answers an error or answers something else is `down`, a part it does
 * not know (404) is `unknown`. `currency=` asks for the prices in the visitor's currency; the answer
 * also names the packaging (tape-and-reel, tube, bulk) with the parts per package, and each
 * distributor's product page (decision 0173).
 */

const priceBreakSchema = z.object({ quantity: z.number(), unitPrice: z.number() });

const stockAnswerSchema = z.object({
  /** The quantity the part is sold in; the form's rules decide which values count (quantity-steps.ts). */
  orderMultiple: z.unknown().optional(),
  packaging: z.enum(['tape-and-reel', 'tube', 'bulk']).optional().catch(undefined),
  packageQuantity: z.number().int().positive().optional().catch(undefined),
  minimumOrderQuantity: z.number().positive().optional().catch(undefined),
  regions: z
    .array(
      z.object({
        region: z.string(),
        // A product page that is not an https address is left out: the page links only to the distributor's own shop.
        distributors: z.array(z.object({ name: z.string(), quantity: z.number(), leadTimeWeeks: z.number(), productUrl: z.url({ protocol: /^https$/ }).optional().catch(undefined) })),
      }),
    )
    .default([]),
  // Entries that are not a quantity with a unit price are left out, as the service's older answers carry some.
  priceBreaks: z
    .array(z.unknown())
    .optional()
    .transform((entries) => (entries ?? []).flatMap((entry) => { const parsed = priceBreakSchema.safeParse(entry); return parsed.success ? [parsed.data] : []; })),
  currency: z.string().optional().catch(undefined),
});

export type StockAnswer = z.infer<typeof stockAnswerSchema>;

export type StockResult = { kind: 'found'; answer: StockAnswer } | { kind: 'unknown' } | { kind: 'down' };

export async function lookUpStock(context: AppLoadContext, query: { partNumber: string; priceList?: string; currency?: string }): Promise<StockResult> {
  const { stock } = context.config;
  const params = new URLSearchParams({ partNumber: query.partNumber, ...(query.priceList ? { priceList: query.priceList } : {}), ...(query.currency ? { currency: query.currency } : {}) });
  let response: Response;
  try {
    response = await fetch(`${stock.apiUrl}/stock?${params}`, { headers: { 'x-api-key': stock.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(3000) });
  } catch {
    return { kind: 'down' };
  }
  if (response.status === 404) return { kind: 'unknown' };
  if (!response.ok) return { kind: 'down' };
  const parsed = stockAnswerSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { kind: 'found', answer: parsed.data } : { kind: 'down' };
}

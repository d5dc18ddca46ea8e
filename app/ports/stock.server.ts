import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';

/**
 * The stock service's client (issue 8): `GET {STOCK_API_URL}/stock?partNumber=` with the x-api-key
 * header, and `priceList=` for a partner's prices. The answer is checked before anyone reads it; a
 * service that does not answer, answers an error or answers something else is `down`, a part it does
 * not know (404) is `unknown`.
 */

const priceBreakSchema = z.object({ quantity: z.number(), unitPrice: z.number() });

const stockAnswerSchema = z.object({
  /** The quantity the part is sold in; the form's rules decide which values count (quantity-steps.ts). */
  orderMultiple: z.unknown().optional(),
  regions: z.array(z.object({ region: z.string(), distributors: z.array(z.object({ name: z.string(), quantity: z.number(), leadTimeWeeks: z.number() })) })).default([]),
  // Entries that are not a quantity with a unit price are left out, as the service's older answers carry some.
  priceBreaks: z
    .array(z.unknown())
    .optional()
    .transform((entries) => (entries ?? []).flatMap((entry) => { const parsed = priceBreakSchema.safeParse(entry); return parsed.success ? [parsed.data] : []; })),
  currency: z.string().optional().catch(undefined),
});

export type StockAnswer = z.infer<typeof stockAnswerSchema>;

export type StockResult = { kind: 'found'; answer: StockAnswer } | { kind: 'unknown' } | { kind: 'down' };

export async function lookUpStock(context: AppLoadContext, query: { partNumber: string; priceList?: string }): Promise<StockResult> {
  const { stock } = context.config;
  const params = new URLSearchParams({ partNumber: query.partNumber, ...(query.priceList ? { priceList: query.priceList } : {}) });
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

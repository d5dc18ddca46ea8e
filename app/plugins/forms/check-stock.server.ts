import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { sessionState, signInPath } from '~/auth/session.server.ts';
import { lookUpStock } from '~/ports/stock.server.ts';
import { CHECK_STOCK_FIELDS, checkStockSchema, type CheckStockAnswer, type PartPrices, type StockRow } from './check-stock.ts';
import { isOnStep, isQuantityStep, nearestOnStep, type QuantityStep } from './quantity-steps.ts';

/** Whose prices a CheckStock rendering shows: none (the public page), or the signed-in partner's. */
export type PriceView = { kind: 'none' } | { kind: 'account' | 'book'; priceList: string };

/**
 * A CheckStock placed with `priceBreaks: account` (the partner portal's price and stock page) shows
 * prices: a distributor (External-User) its own agreed list, staff the book price. Posts to it are
 * answered only for a signed-in visitor (the page's access rule does not guard posts).
 */
export async function priceViewFor(request: Request, context: AppLoadContext, rendering: ComponentRendering): Promise<PriceView> {
  if (rendering.params?.priceBreaks !== 'account') return { kind: 'none' };
  const session = await sessionState(request, context);
  // Signed out or expired since the page was shown: sign in (again), then back to the page.
  if (session.kind !== 'signed-in') throw redirect(signInPath(new URL(request.url).pathname), 303);
  const { user } = session;
  return user.groups.includes('External-User') ? { kind: 'account', priceList: user.id } : { kind: 'book', priceList: 'book' };
}

type StockLookup = { kind: 'found'; rows: StockRow[]; step: QuantityStep; priceBreaks?: Array<{ quantity: number; unitPrice: number }>; currency?: string } | { kind: 'unknown' } | { kind: 'down' };

/** The stock service's answer as the form shows it: rows per region and distributor, the quantity step, prices. */
async function fetchStock(context: AppLoadContext, partNumber: string, currency: string, priceList?: string): Promise<StockLookup> {
  const result = await lookUpStock(context, { partNumber, currency, ...(priceList ? { priceList } : {}) });
  if (result.kind !== 'found') return result;
  const { answer } = result;
  // A service that names no (or an unknown) order multiple sells the part singly.
  const step = isQuantityStep(answer.orderMultiple) ? answer.orderMultiple : 1;
  const prices = answer.priceBreaks.length && answer.currency !== undefined ? { priceBreaks: [...answer.priceBreaks].sort((a, b) => a.quantity - b.quantity), currency: answer.currency } : {};
  return { kind: 'found', step, ...prices, rows: answer.regions.flatMap((region) => region.distributors.map((d) => ({ region: region.region, distributor: d.name, quantity: d.quantity, leadTimeWeeks: d.leadTimeWeeks }))) };
}

/**
 * POST to a page with the CheckStock rendering: validates (REQ-VALID-9 part-number pattern), asks the
 * stock port, and answers with the stock per region, or with the form again and its messages. A
 * partner's prices are the part page's model (the stock port's) less the account's discount, in the
 * currency of the page's language (decision 0173).
 */
export async function checkStockAction(context: AppLoadContext, form: FormData, priceView: PriceView = { kind: 'none' }, currency = 'USD'): Promise<Response | DataAnswer> {
  const values = { partNumber: String(form.get('partNumber') ?? '').slice(0, 200), quantity: String(form.get('quantity') ?? '').slice(0, 20) };
  const refuse = (errors: FormRefusal['errors'], status: number) => data<FormRefusal>({ component: 'CheckStock', errors, values }, { status });
  const parsed = checkStockSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, CHECK_STOCK_FIELDS);
    return refuse(errors, errors.form === 'forms.refused' ? 400 : 422);
  }
  const priceList = priceView.kind === 'none' ? undefined : priceView.priceList;
  const answers = await Promise.all(parsed.data.partNumber.map(async (partNumber) => ({ partNumber, answer: await fetchStock(context, partNumber, currency, priceList) })));
  if (answers.some(({ answer }) => answer.kind === 'down')) return refuse({ form: 'forms.stockUnavailable' }, 503);
  const unknown = answers.filter(({ answer }) => answer.kind === 'unknown').map(({ partNumber }) => partNumber);
  if (unknown.length === answers.length) return refuse({ partNumber: 'forms.partNumberUnknown' }, 422);
  return data<CheckStockAnswer>({
    component: 'CheckStock',
    partNumberText: values.partNumber,
    quantity: parsed.data.quantity,
    unknown,
    parts: answers.flatMap(({ partNumber, answer }) => {
      if (answer.kind !== 'found') return [];
      const { quantity } = parsed.data;
      const offStep = isOnStep(quantity, answer.step) ? undefined : nearestOnStep(quantity, answer.step);
      const wanted = offStep?.above ?? quantity;
      const prices: PartPrices | undefined =
        priceView.kind !== 'none' && answer.priceBreaks && answer.currency
          ? {
              kind: priceView.kind,
              currency: answer.currency,
              breaks: answer.priceBreaks,
              applies: answer.priceBreaks.reduce((found, entry, index) => (entry.quantity <= wanted ? index : found), 0),
            }
          : undefined;
      return [{ partNumber, rows: answer.rows, step: answer.step, ...(offStep ? { offStep } : {}), available: answer.rows.some((row) => row.quantity >= wanted), ...(prices ? { prices } : {}) }];
    }),
  });
}

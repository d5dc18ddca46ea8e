import { json, type AppLoadContext } from '@remix-run/node';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { CHECK_STOCK_FIELDS, checkStockSchema, type CheckStockAnswer, type StockRow } from './check-stock.ts';
import { isOnStep, isQuantityStep, nearestOnStep, type QuantityStep } from './quantity-steps.ts';

/** The stock port's client: `GET {STOCK_API_URL}/stock?partNumber=` with the x-api-key header. */
async function fetchStock(context: AppLoadContext, partNumber: string): Promise<{ kind: 'found'; rows: StockRow[]; step: QuantityStep } | { kind: 'unknown' } | { kind: 'down' }> {
  const { stock } = context.config;
  let response: Response;
  try {
    response = await fetch(`${stock.apiUrl}/stock?${new URLSearchParams({ partNumber })}`, { headers: { 'x-api-key': stock.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(3000) });
  } catch {
    return { kind: 'down' };
  }
  if (response.status === 404) return { kind: 'unknown' };
  if (!response.ok) return { kind: 'down' };
  const body = (await response.json()) as { orderMultiple?: unknown; regions?: Array<{ region: string; distributors: Array<{ name: string; quantity: number; leadTimeWeeks: number }> }> };
  // A service that names no (or an unknown) order multiple sells the part singly.
  const step = isQuantityStep(body.orderMultiple) ? body.orderMultiple : 1;
  return { kind: 'found', step, rows: (body.regions ?? []).flatMap((region) => region.distributors.map((d) => ({ region: region.region, distributor: d.name, quantity: d.quantity, leadTimeWeeks: d.leadTimeWeeks }))) };
}

/**
 * POST to a page with the CheckStock rendering: validates (SPEC 5 part-number pattern), asks the
 * stock port, and answers with the stock per region, or with the form again and its messages.
 */
export async function checkStockAction(context: AppLoadContext, form: FormData): Promise<Response> {
  const values = { partNumber: String(form.get('partNumber') ?? '').slice(0, 200), quantity: String(form.get('quantity') ?? '').slice(0, 20) };
  const refuse = (errors: FormRefusal['errors'], status: number) => json<FormRefusal>({ component: 'CheckStock', errors, values }, { status });
  const parsed = checkStockSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, CHECK_STOCK_FIELDS);
    return refuse(errors, errors.form === 'forms.refused' ? 400 : 422);
  }
  const answers = await Promise.all(parsed.data.partNumber.map(async (partNumber) => ({ partNumber, answer: await fetchStock(context, partNumber) })));
  if (answers.some(({ answer }) => answer.kind === 'down')) return refuse({ form: 'forms.stockUnavailable' }, 503);
  const unknown = answers.filter(({ answer }) => answer.kind === 'unknown').map(({ partNumber }) => partNumber);
  if (unknown.length === answers.length) return refuse({ partNumber: 'forms.partNumberUnknown' }, 422);
  return json<CheckStockAnswer>({
    component: 'CheckStock',
    partNumberText: values.partNumber,
    quantity: parsed.data.quantity,
    unknown,
    parts: answers.flatMap(({ partNumber, answer }) => {
      if (answer.kind !== 'found') return [];
      const { quantity } = parsed.data;
      const offStep = isOnStep(quantity, answer.step) ? undefined : nearestOnStep(quantity, answer.step);
      const wanted = offStep?.above ?? quantity;
      return [{ partNumber, rows: answer.rows, step: answer.step, ...(offStep ? { offStep } : {}), available: answer.rows.some((row) => row.quantity >= wanted) }];
    }),
  });
}

import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { TextField } from '~/cms/fields.ts';
import { formatNumber } from '~/lib/format.ts';
import type { FormRefusal } from '~/lib/form-fields.ts';
import { FieldError, FormHeading, FormPreamble } from '~/lib/FormParts.tsx';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CheckStockAnswer } from './check-stock.ts';
import { salesRegionName } from './request-sample.ts';

interface CheckStockFields {
  heading?: TextField;
  intro?: TextField;
}

/** A part's price breaks, the one the asked quantity falls in marked. */
function PriceBreaks({ prices }: { prices: NonNullable<CheckStockAnswer['parts'][number]['prices']> }) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  return (
    <DataTable
      className="stock-table price-breaks"
      caption={t(prices.kind === 'account' ? 'prices.account' : 'prices.book')}
      rows={prices.breaks}
      rowKey={(entry) => entry.quantity}
      rowProps={(_, index) => ({ className: index === prices.applies ? 'price-breaks__applies' : undefined })}
      columns={[
        { header: t('prices.from'), cell: (entry) => formatNumber(entry.quantity, tag) },
        {
          header: t('prices.unitPrice'),
          cell: (entry, index) => (
            <>
              {formatNumber(entry.unitPrice, tag, { style: 'currency', currency: prices.currency, minimumFractionDigits: 4 })}
              {index === prices.applies ? ` (${t('prices.applies')})` : ''}
            </>
          ),
        },
      ]}
    />
  );
}

/** REQ-FORM-2 CheckStock: part number and quantity; distributor stock per region. A POST form. */
function CheckStock({ fields }: RenderingProps<CheckStockFields>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const navigation = useNavigation();
  const answer = useActionData<CheckStockAnswer | FormRefusal>();
  const refusal = answer && 'errors' in answer && answer.component === 'CheckStock' ? answer : undefined;
  const result = answer && 'parts' in answer ? answer : undefined;
  // A part page links here with ?partNumber=: the form starts with it.
  const linked = new URLSearchParams(useLocation().search).get('partNumber')?.slice(0, 200);
  const values = refusal?.values ?? (result ? { partNumber: result.partNumberText, quantity: String(result.quantity) } : linked ? { partNumber: linked } : {});
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <section className="check-stock">
      <FormHeading fields={fields} />
      <Form method="post" className="site-form" noValidate>
        <FormPreamble component="CheckStock" errorId="check-stock-form-error" error={message(refusal?.errors.form)} />
        <label htmlFor="check-stock-part">{t('forms.partNumber')}</label>
        <textarea
          id="check-stock-part"
          name="partNumber"
          rows={2}
          defaultValue={values.partNumber ?? ''}
          key={`p-${values.partNumber ?? ''}`}
          required
          maxLength={200}
          autoComplete="off"
          aria-invalid={refusal?.errors.partNumber ? true : undefined}
          aria-describedby={`check-stock-part-hint${refusal?.errors.partNumber ? ' check-stock-part-error' : ''}`}
        />
        <p className="field-hint" id="check-stock-part-hint">
          {t('forms.partNumbersHint')}
        </p>
        <FieldError id="check-stock-part-error" message={message(refusal?.errors.partNumber)} />
        <label htmlFor="check-stock-quantity">{t('forms.quantity')}</label>
        <input
          id="check-stock-quantity"
          name="quantity"
          type="number"
          inputMode="decimal"
          min={0.1}
          // REQ-FORM-3 quantity steps: once the part is known, the input steps by its order multiple.
          step={result?.parts.length === 1 ? result.parts[0]!.step : 'any'}
          defaultValue={values.quantity ?? '1'}
          key={`q-${values.quantity ?? ''}`}
          required
          aria-invalid={refusal?.errors.quantity ? true : undefined}
          aria-describedby={refusal?.errors.quantity ? 'check-stock-quantity-error' : undefined}
        />
        <FieldError id="check-stock-quantity-error" message={message(refusal?.errors.quantity)} />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('forms.checkStock')}
        </button>
      </Form>
      {result ? (
        <div className="check-stock__result" role="status">
          {result.unknown.length ? <p className="search-notice">{t('forms.partsUnknown', { parts: result.unknown.join(', ') })}</p> : null}
          {result.parts.map((part) => (
            <section key={part.partNumber} className="check-stock__part">
              <h2>{t('forms.stockFor', { part: part.partNumber })}</h2>
              <p>{t('forms.orderMultiple', { step: formatNumber(part.step, tag) })}</p>
              {part.offStep ? (
                <p className="search-notice">
                  {t(part.offStep.below ? 'forms.offStep' : 'forms.offStepAbove', {
                    quantity: formatNumber(result.quantity, tag),
                    step: formatNumber(part.step, tag),
                    below: part.offStep.below ? formatNumber(part.offStep.below, tag) : '',
                    above: formatNumber(part.offStep.above, tag),
                  })}
                </p>
              ) : null}
              <p>{t(part.available ? 'forms.stockAvailable' : 'forms.stockShort', { quantity: formatNumber(part.offStep?.above ?? result.quantity, tag) })}</p>
              <DataTable
                className="stock-table"
                rows={part.rows}
                rowKey={(row) => `${row.region}-${row.distributor}`}
                columns={[
                  { header: t('forms.region'), cell: (row) => salesRegionName(t, row.region) },
                  // A distributor's name is a name, in every language (translate="no").
                  { header: t('forms.distributor'), cell: (row) => <span translate="no">{row.distributor}</span> },
                  { header: t('forms.inStock'), cell: (row) => formatNumber(row.quantity, tag) },
                  { header: t('forms.leadTime'), cell: (row) => t('forms.weeks', { weeks: row.leadTimeWeeks }) },
                ]}
              />
              {part.prices ? (
                <PriceBreaks prices={part.prices} />
              ) : null}
            </section>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// `prices`: the price breaks it shows on the partner portal's price and stock page.
export const checkStock: ComponentDefinition = { name: 'CheckStock', Component: CheckStock };

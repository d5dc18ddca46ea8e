import { Form, Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { formatQuantity } from '~/lib/units.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import { CompareToggle } from '../CompareToggle.tsx';
import type { ParameterInfo, PartSummary } from '../view-types.ts';

/** Pieces several catalogue views share: the page's language, the cross-reference form, a table of parts. */
export function useLanguage() {
  return useSiteShell()?.language ?? 'en';
}

export function CrossReferenceForm({ query = '' }: { query?: string }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Form method="get" action={localizedPath(language, '/products/cross-reference')} className="cross-reference-form" role="search">
      <label htmlFor="cross-reference-part">{t('catalogue.crossReferenceLabel')}</label>{' '}
      <input id="cross-reference-part" name="part" defaultValue={query} maxLength={40} autoComplete="off" placeholder="SMBJ5.0A" />{' '}
      <button type="submit">{t('catalogue.find')}</button>
    </Form>
  );
}

/** A part's value of a parameter in the page's notation, or a dash where the part has none. */
export function useParameterValue(): (part: PartSummary, parameter: ParameterInfo) => string {
  const language = useLanguage();
  return (part, parameter) => (part.values[parameter.field] === undefined ? '–' : formatQuantity(part.values[parameter.field]!, parameter.unit, language));
}

export function PartsTable({ parts, parameters, caption }: { parts: PartSummary[]; parameters: ParameterInfo[]; caption: string }) {
  const t = useTranslate();
  const valueOf = useParameterValue();
  return (
    <DataTable
      className="parametric-table"
      scroll
      caption={caption}
      rows={parts}
      rowKey={(part) => part.partNumber}
      columns={[
        { header: t('catalogue.partNumber'), rowHeader: true, cell: (part) => <Link to={part.href}>{part.partNumber}</Link> },
        ...parameters.map((parameter) => ({ header: parameter.label, className: 'num', cell: (part: PartSummary) => valueOf(part, parameter) })),
        {
          header: t('catalogue.availability'),
          cell: (part) => (
            <>
              {part.inStock ? <span className="badge badge--ok">{t('catalogue.inStock')}</span> : null} {part.sample ? <span className="badge">{t('catalogue.samples')}</span> : null}
            </>
          ),
        },
        { header: t('catalogue.compare'), cell: (part) => <CompareToggle partNumber={part.partNumber} /> },
      ]}
    />
  );
}

import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Link } from '@remix-run/react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FormsRenderingData } from './rendering-data.ts';

/** REQ-FORM-4 SampleList: the signed-in user's sample requests, newest first, with their status. */
function SampleList({ data }: RenderingProps<ComponentFields, FormsRenderingData['SampleList']>) {
  const t = useTranslate();
  const shell = useSiteShell();
  const tag = shell?.tag ?? 'en';
  const { requests, serviceDown } = data;
  return (
    <section className="sample-list">
      {serviceDown ? <p className="search-notice">{t('forms.sampleServiceDown')}</p> : null}
      {requests.length === 0 ? (
        <p>
          {t('forms.sampleNone')} <Link to={localizedPath(shell?.language ?? 'en', '/request-sample')}>{t('forms.sampleRequestLink')}</Link>
        </p>
      ) : (
        <DataTable
          className="stock-table"
          rows={requests}
          rowKey={(entry) => entry.reference}
          columns={[
            { header: t('forms.sampleReference'), className: 'reference', cell: (entry) => entry.reference },
            { header: t('forms.sampleDate'), cell: (entry) => formatDate(entry.createdAt, tag, 'long') },
            { header: t('forms.sampleParts'), cell: (entry) => entry.parts.map((part) => `${part.partNumber} × ${part.quantity}`).join(', ') },
            { header: t('forms.sampleStatus'), cell: (entry) => t(`forms.sampleStatus.${entry.status}`) },
          ]}
        />
      )}
    </section>
  );
}

export const sampleList: ComponentDefinition<FormsRenderingData['SampleList']> = { name: 'SampleList', Component: SampleList };

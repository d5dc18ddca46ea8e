import { Link } from '@remix-run/react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { SampleListData } from './request-sample.ts';

/** REQ-FORM-4 SampleList: the signed-in user's sample requests, newest first, with their status. */
function SampleList({ data }: RenderingProps) {
  const t = useTranslate();
  const shell = useSiteShell();
  const tag = shell?.tag ?? 'en';
  const { requests, serviceDown } = data as SampleListData;
  return (
    <section className="sample-list">
      {serviceDown ? <p className="search-notice">{t('forms.sampleServiceDown')}</p> : null}
      {requests.length === 0 ? (
        <p>
          {t('forms.sampleNone')} <Link to={localizedPath(shell?.language ?? 'en', '/request-sample')}>{t('forms.sampleRequestLink')}</Link>
        </p>
      ) : (
        <table className="stock-table">
          <thead>
            <tr>
              <th scope="col">{t('forms.sampleReference')}</th>
              <th scope="col">{t('forms.sampleDate')}</th>
              <th scope="col">{t('forms.sampleParts')}</th>
              <th scope="col">{t('forms.sampleStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((entry) => (
              <tr key={entry.reference}>
                <td className="reference">{entry.reference}</td>
                <td>{formatDate(entry.createdAt, tag, 'long')}</td>
                <td>{entry.parts.map((part) => `${part.partNumber} × ${part.quantity}`).join(', ')}</td>
                <td>{t(`forms.sampleStatus.${entry.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const sampleList: ComponentDefinition = { name: 'SampleList', Component: SampleList, datasource: 'none', phrases: ['forms'] };

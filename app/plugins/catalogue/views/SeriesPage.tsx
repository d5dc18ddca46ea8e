import { useTranslate } from '~/cms/use-site-shell.ts';
import { formatNumber } from '~/lib/format.ts';
import { formatQuantity } from '~/lib/units.ts';
import { ParameterTable } from '~/lib/DataTable.tsx';
import { CompareTray } from '../CompareToggle.tsx';
import { Breadcrumbs, PageLevelsData } from './shared.tsx';
import type { SeriesView } from '../view-types.ts';
import { PartsTable, useLanguage } from './view-parts.tsx';

export function SeriesPage({ view }: { view: SeriesView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="catalogue catalogue--series">
      <Breadcrumbs crumbs={view.crumbs} />
      <h1>{t('catalogue.seriesTitle', { series: view.series })}</h1>
      <PageLevelsData levels={view.pageLevels} />
      <div className="catalogue-intro">
        {view.image ? <img src={view.image} alt="" width={486} height={260} /> : null}
        <div>
          <p>{view.description}</p>
          <p>
            {view.levels.mounting} · {view.levels.grade}
            {view.approvals.length ? ` · ${t('catalogue.approvals')}: ${view.approvals.join(', ')}` : ''}
          </p>
          {view.datasheet ? (
            <p>
              <a href={view.datasheet}>{t('catalogue.datasheet')}</a>
            </p>
          ) : null}
        </div>
      </div>
      <h2>{t('catalogue.parameterRanges')}</h2>
      <ParameterTable
        rows={view.parameters.flatMap((parameter) => {
          const range = view.ranges.find((r) => r.field === parameter.field);
          if (!range || range.min === null || range.max === null) return [];
          const min = formatQuantity(range.min, parameter.unit, language);
          const max = formatQuantity(range.max, parameter.unit, language);
          return [{ key: parameter.field, label: parameter.label, value: min === max ? min : `${min} – ${max}` }];
        })}
      />
      <h2>{t('catalogue.seriesParts', { count: formatNumber(view.total, language) })}</h2>
      <CompareTray />
      <PartsTable parts={view.parts} parameters={view.parameters} caption={t('catalogue.seriesParts', { count: formatNumber(view.total, language) })} />
    </section>
  );
}

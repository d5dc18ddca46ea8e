import type { ReactNode } from 'react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { Form, Link } from '@remix-run/react';
import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import { useTranslate, type Translate } from '~/cms/use-site-shell.ts';
import { DataTable, type Column } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { DesignCenterRenderingData } from './rendering-data.ts';
import { KindBadge, useLocalPath } from './parts.tsx';
import { MAX_FILTER_TEXT, type TableFilterState } from './view-types.ts';

interface TableFields {
  title?: TextField;
  intro?: TextField;
}

/** The table's filter as a GET form: works the same with and without JavaScript. */
function TableFilter({ filter, markets, marketLabel, id }: { filter: TableFilterState; markets: Array<{ slug: string; name: string }>; marketLabel: string; id: string }) {
  const t = useTranslate();
  return (
    <Form method="get" className="search-form design-filter" role="search" autoComplete="off" preventScrollReset>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('designCenter.filter.text')}
      </label>
      <input id={`${id}-q`} type="search" name="q" defaultValue={filter.q} maxLength={MAX_FILTER_TEXT} placeholder={t('designCenter.filter.text')} />
      <label htmlFor={`${id}-market`} className="visually-hidden">
        {marketLabel}
      </label>
      <select id={`${id}-market`} name="market" defaultValue={filter.market}>
        <option value="">{t('designCenter.market.all')}</option>
        {markets.map((market) => (
          <option key={market.slug} value={market.slug}>
            {market.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--primary">
        {t('designCenter.filter.submit')}
      </button>
      {filter.q || filter.market ? <Link to="?">{t('designCenter.filter.reset')}</Link> : null}
    </Form>
  );
}

function FilterProblem({ filter }: { filter: TableFilterState }) {
  const t = useTranslate();
  if (!filter.problem) return null;
  return (
    <p className="form-error" role="alert">
      {t(filter.problem === 'tooLong' ? 'designCenter.filter.tooLong' : 'designCenter.market.unknown', { max: MAX_FILTER_TEXT })}
    </p>
  );
}

interface TableView {
  broken?: boolean;
  filter: TableFilterState;
  markets: Array<{ slug: string; name: string }>;
  rows: readonly unknown[];
  total: number;
  dataUrl: string;
}

/**
 * What both data tables share around their rows: heading and intro, the filter form and its
 * problem, the count, the empty and unavailable states, and the link to the raw file.
 */
function FilteredTable({ fields, view, marketLabel, id, children }: { fields: TableFields; view: TableView; marketLabel: string; id: string; children: ReactNode }) {
  const t = useTranslate();
  return (
    <section className="design-table">
      {text(fields.title) ? <h1><FieldText field={fields.title} /></h1> : null}
      <RichTextHtml field={fields.intro} className="prose" />
      {view.broken ? (
        <p className="search-error" role="alert">
          {t('designCenter.dataUnavailable')}
        </p>
      ) : (
        <>
          <TableFilter filter={view.filter} markets={view.markets} marketLabel={marketLabel} id={id} />
          <FilterProblem filter={view.filter} />
          <p className="result-count" role="status">
            {t('designCenter.filter.count', { count: view.rows.length, total: view.total })}
          </p>
          {view.rows.length === 0 ? <p className="empty-state">{t('designCenter.filter.empty')}</p> : <div className="table-scroll">{children}</div>}
          <p>
            <a href={view.dataUrl} type="application/json">
              {t('designCenter.rawData')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/** The two last columns of both tables: the parameter that decides, and its range as a link to the matching parts. */
function parameterColumns(t: Translate, local: (path: string) => string): Array<Column<{ parameterLabel: string; range: string; listingPath: string }>> {
  return [
    { header: t('designCenter.col.parameter'), cell: (row) => row.parameterLabel },
    { header: t('designCenter.col.range'), cell: (row) => <Link to={local(row.listingPath)}>{row.range}</Link> },
  ];
}

function SelectionGuide({ fields, data: view }: RenderingProps<TableFields, DesignCenterRenderingData['SelectionGuide']>) {
  const t = useTranslate();
  const local = useLocalPath();
  if (!view) return null;
  return (
    <FilteredTable fields={fields} view={view} marketLabel={t('designCenter.market.label')} id="selection">
      <DataTable
        className="resource-table design-selection"
        rows={view.rows}
        rowKey={(row, index) => `${row.applicationPath}-${index}`}
        columns={[
          {
            header: t('designCenter.col.application'),
            rowHeader: true,
            cell: (row) => (
              <>
                <Link to={local(row.applicationPath)}>{row.applicationName}</Link>
                <br />
                <small>{row.marketName}</small>
              </>
            ),
          },
          {
            header: t('designCenter.col.function'),
            cell: (row) => (
              <>
                <KindBadge kind={row.kind} /> {row.function}
              </>
            ),
          },
          { header: t('designCenter.col.productType'), cell: (row) => <Link to={local(row.productTypePath)}>{row.productTypeName}</Link> },
          ...parameterColumns(t, local),
        ]}
      />
    </FilteredTable>
  );
}

function IndustryRelayList({ fields, data: view }: RenderingProps<TableFields, DesignCenterRenderingData['IndustryRelayList']>) {
  const t = useTranslate();
  const local = useLocalPath();
  if (!view) return null;
  return (
    <FilteredTable fields={fields} view={view} marketLabel={t('designCenter.col.industry')} id="relays">
      <DataTable
        className="resource-table design-relays"
        rows={view.rows}
        rowKey={(_, index) => index}
        columns={[
          { header: t('designCenter.col.industry'), cell: (row) => row.industryName },
          {
            header: t('designCenter.col.use'),
            rowHeader: true,
            cell: (row) => (
              <>
                {row.use}
                <br />
                <small>{row.duty}</small>
              </>
            ),
          },
          { header: t('designCenter.col.category'), cell: (row) => <Link to={local(row.categoryPath)}>{row.categoryName}</Link> },
          ...parameterColumns(t, local),
        ]}
      />
    </FilteredTable>
  );
}

export const selectionGuide: ComponentDefinition<DesignCenterRenderingData['SelectionGuide']> = { name: 'SelectionGuide', Component: SelectionGuide };
export const industryRelayList: ComponentDefinition<DesignCenterRenderingData['IndustryRelayList']> = { name: 'IndustryRelayList', Component: IndustryRelayList };

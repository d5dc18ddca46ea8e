import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type LinkFieldData, type ListItem, type NumberField, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate, formatFileSize } from '~/lib/format.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { indexLetterOf, matchesIndex, type IndexLetter } from './alphabet.ts';
import { AlphabetFilter, useIndexLetter } from './AlphabetFilter.tsx';

interface ResourceFields {
  title?: TextField;
  /** The name the A-to-Z index files the resource under, when the title is in another script. */
  sortName?: TextField;
  resourceType?: TextField;
  fileType?: TextField;
  fileSize?: NumberField;
  date?: TextField;
  file?: LinkFieldData;
}

interface ResourceLibraryFields {
  title?: TextField;
  intro?: TextField;
  resources?: ListItem<ResourceFields>[];
}

const indexName = (item: ListItem<ResourceFields>) => text(item.fields.sortName) || text(item.fields.title);

function ResourceLibrary({ fields }: RenderingProps<ResourceLibraryFields>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const letter = useIndexLetter();
  const resources = [...(fields.resources ?? [])].sort((a, b) => indexName(a).localeCompare(indexName(b), tag));
  const available = new Set<IndexLetter>(resources.map((item) => indexLetterOf(indexName(item))));
  const shown = resources.filter((item) => matchesIndex(indexName(item), letter));
  const heading = text(fields.title);

  return (
    <section className="resource-library">
      {heading ? <h2>{heading}</h2> : null}
      {fields.intro?.value ? <p className="lead">{text(fields.intro)}</p> : null}
      <AlphabetFilter available={available} label={t('index.label')} />
      <p className="result-count" role="status">
        {t('resources.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty-state">{t('index.empty')}</p>
      ) : (
        <table className="resource-table">
          <thead>
            <tr>
              <th scope="col">{t('resources.title')}</th>
              <th scope="col">{t('resources.type')}</th>
              <th scope="col">{t('resources.date')}</th>
              <th scope="col">{t('resources.file')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item, index) => {
              const size = Number(item.fields.fileSize?.value);
              const date = text(item.fields.date);
              return (
                <tr key={item.id ?? index}>
                  <th scope="row">
                    <SiteLink field={item.fields.file}>{text(item.fields.title)}</SiteLink>
                  </th>
                  <td>{text(item.fields.resourceType)}</td>
                  <td>{date ? <time dateTime={date}>{formatDate(date, tag, 'long')}</time> : null}</td>
                  <td>
                    {text(item.fields.fileType)}
                    {Number.isFinite(size) && size > 0 ? ` · ${formatFileSize(size, tag)}` : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const resourceLibrary: ComponentDefinition = { name: 'ResourceLibrary', Component: ResourceLibrary, phrases: ['index', 'resources'] };

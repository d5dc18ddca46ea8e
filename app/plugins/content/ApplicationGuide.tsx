import { LazyImage } from '~/cms/components/LazyImage.tsx';
import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type ImageField, type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { indexLetterOf, matchesIndex, type IndexLetter } from './alphabet.ts';
import { AlphabetFilter, useIndexLetter } from './AlphabetFilter.tsx';

interface ApplicationFields {
  title?: TextField;
  sortName?: TextField;
  summary?: TextField;
  market?: TextField;
  image?: ImageField;
  link?: LinkFieldData;
}

interface ApplicationGuideFields {
  title?: TextField;
  intro?: TextField;
  applications?: ListItem<ApplicationFields>[];
}

const indexName = (item: ListItem<ApplicationFields>) => text(item.fields.sortName) || text(item.fields.title);

function ApplicationGuide({ fields }: RenderingProps<ApplicationGuideFields>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const letter = useIndexLetter();
  const applications = [...(fields.applications ?? [])].sort((a, b) => indexName(a).localeCompare(indexName(b), tag));
  const available = new Set<IndexLetter>(applications.map((item) => indexLetterOf(indexName(item))));
  const shown = applications.filter((item) => matchesIndex(indexName(item), letter));
  const heading = text(fields.title);

  return (
    <section className="application-guide">
      {heading ? <h2>{heading}</h2> : null}
      <RichTextHtml field={fields.intro} className="prose" />
      <AlphabetFilter available={available} label={t('index.label')} />
      <p className="result-count" role="status">
        {t('applications.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty-state">{t('index.empty')}</p>
      ) : (
        <ul className="card-grid">
          {shown.map((item, index) => (
            <li key={item.id ?? index} className="card">
              <LazyImage image={item.fields.image?.value} size="486x260" className="card__image" />
              <div className="card__body">
                {item.fields.market?.value ? <p className="card__eyebrow">{text(item.fields.market)}</p> : null}
                <h3>
                  <SiteLink field={item.fields.link}>{text(item.fields.title)}</SiteLink>
                </h3>
                <p>{text(item.fields.summary)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const applicationGuide: ComponentDefinition = {
  name: 'ApplicationGuide',
  Component: ApplicationGuide,
  richTextFields: ['intro'],
  phrases: ['index', 'applications'],
};

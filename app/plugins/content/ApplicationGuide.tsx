import { Link, useSearchParams } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type ImageField, type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { AlphabetIndex, useIndexLetter } from '~/lib/AlphabetIndex.tsx';
import { CardList } from '~/lib/CardList.tsx';
import type { ApplicationGuideData } from '../design-center/view-types.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { ContentRenderingData } from './rendering-data.ts';
import { indexLetterOf, matchesIndex, type IndexLetter } from './alphabet.ts';

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

interface GuideCard {
  key: string;
  name: string;
  /** What the A-Z index files it under (the English name where the language's script has no A-Z). */
  sortName: string;
  summary: string;
  marketSlug?: string;
  market: string;
  image?: ImageField['value'];
  link?: LinkFieldData;
}

/**
 * The design center's application cards come from its loader (every application, each linking to
 * its page); a guide an editor filled by hand (a list of applications) is shown as it is.
 */
function cardsOf(fields: ApplicationGuideFields, data: ApplicationGuideData | undefined): GuideCard[] {
  if (data) {
    return data.markets.flatMap((market) =>
      market.applications.map((application) => ({
        key: application.path,
        name: application.name,
        sortName: application.sortName,
        summary: application.summary,
        marketSlug: market.slug,
        market: market.name,
        image: application.image,
        link: { value: { href: application.path, text: application.name, linktype: 'internal' } },
      })),
    );
  }
  return (fields.applications ?? []).map((item, index) => ({
    key: item.id ?? String(index),
    name: text(item.fields.title),
    sortName: text(item.fields.sortName) || text(item.fields.title),
    summary: text(item.fields.summary),
    market: text(item.fields.market),
    ...(item.fields.image?.value ? { image: item.fields.image.value } : {}),
    ...(item.fields.link ? { link: item.fields.link } : {}),
  }));
}

/** The market filter as plain links (`?market=automotive`), keeping the letter. */
function MarketFilter({ data }: { data: ApplicationGuideData }) {
  const t = useTranslate();
  const [searchParams] = useSearchParams();
  const hrefFor = (market: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (market) next.set('market', market);
    else next.delete('market');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="alphabet-filter design-markets" aria-label={t('designCenter.market.label')}>
      {data.unknownMarket ? (
        <p className="form-error" role="alert">
          {t('designCenter.market.unknown')}
        </p>
      ) : null}
      <ul>
        <li>
          <Link to={hrefFor(undefined)} preventScrollReset replace aria-current={data.market ? undefined : 'true'}>
            {t('designCenter.market.all')}
          </Link>
        </li>
        {data.markets.map((market) => (
          <li key={market.slug}>
            <Link to={hrefFor(market.slug)} preventScrollReset replace aria-current={data.market === market.slug ? 'true' : undefined}>
              {market.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function GuideCards({ cards, heading }: { cards: GuideCard[]; heading: 'h2' | 'h3' | 'h4' }) {
  return <CardList heading={heading} cards={cards.map((item) => ({ key: item.key, image: item.image, eyebrow: item.market, title: <SiteLink field={item.link}>{item.name}</SiteLink>, summary: item.summary }))} />;
}

function ApplicationGuide({ fields, data: guide, lead }: RenderingProps<ApplicationGuideFields, ContentRenderingData['ApplicationGuide']>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const letter = useIndexLetter();
  const inMarket = cardsOf(fields, guide).filter((item) => !guide?.market || item.marketSlug === guide.market);
  const applications = [...inMarket].sort((a, b) => a.sortName.localeCompare(b.sortName, tag));
  const available = new Set<IndexLetter>(applications.map((item) => indexLetterOf(item.sortName)));
  const shown = applications.filter((item) => matchesIndex(item.sortName, letter));
  const heading = text(fields.title);
  // By market when the guide has markets and no letter narrows it; a letter lists A to Z.
  const byMarket = guide && letter === 'All' ? guide.markets.filter((market) => !guide.market || market.slug === guide.market) : undefined;

  // Headings go one level below the page's own (heading-order): a lead guide's h1, then its markets' h2.
  const MarketHeading = lead ? 'h2' : 'h3';
  return (
    <section className="application-guide">
      {heading ? lead ? <h1><FieldText field={fields.title} /></h1> : <h2><FieldText field={fields.title} /></h2> : null}
      <RichTextHtml field={fields.intro} className="prose" />
      {guide ? <MarketFilter data={guide} /> : null}
      <AlphabetIndex available={available} />
      <p className="result-count" role="status">
        {t('applications.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty-state">{t('index.empty')}</p>
      ) : byMarket ? (
        byMarket.map((market) => (
          <section key={market.slug} aria-labelledby={`guide-${market.slug}`}>
            <MarketHeading id={`guide-${market.slug}`}>{market.name}</MarketHeading>
            <GuideCards cards={shown.filter((item) => item.marketSlug === market.slug).sort((a, b) => a.sortName.localeCompare(b.sortName, tag))} heading={lead ? 'h3' : 'h4'} />
          </section>
        ))
      ) : (
        <GuideCards cards={shown} heading={lead ? 'h2' : 'h3'} />
      )}
    </section>
  );
}

export const applicationGuide: ComponentDefinition<ContentRenderingData['ApplicationGuide']> = { name: 'ApplicationGuide', Component: ApplicationGuide };

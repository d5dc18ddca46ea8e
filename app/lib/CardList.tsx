import type { ReactNode } from 'react';
import { LazyImage, type ImageFieldValue } from '~/cms/components/LazyImage.tsx';

export interface Card {
  key: string;
  image?: ImageFieldValue | undefined;
  /** The line above the title (an application's market). */
  eyebrow?: string;
  /** The title, usually a link to the card's page. */
  title: ReactNode;
  summary: string;
}

/**
 * A grid of cards (image, eyebrow, linked title, summary): the application guide and the design
 * center's market and related-application lists. The title's heading level follows the page's
 * outline, so a list under an h2 has h3 titles.
 */
export function CardList({ cards, heading }: { cards: readonly Card[]; heading: 'h2' | 'h3' | 'h4' }) {
  const Heading = heading;
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.key} className="card">
          <LazyImage image={card.image} size="486x260" className="card__image" />
          <div className="card__body">
            {card.eyebrow ? <p className="card__eyebrow">{card.eyebrow}</p> : null}
            <Heading>{card.title}</Heading>
            <p>{card.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { CatalogueDocument } from './catalogue/generate.ts';
import type { ContentLanguage } from './catalogue/taxonomy.ts';
import { Bitset } from './engine/bitset.ts';
import { isNumeric, type SearchIndex } from './engine/index.ts';
import { DOCUMENT_ORIGIN } from './protocol/results.ts';
import type { SearchRequest } from './protocol/schemas.ts';
import type { AnalyticsStore } from './analytics-sink.ts';

/**
 * Recommendations without a machine-learning model: parts of the same series, then of the same
 * product type, as the given skus (product recommendations), the context's part, or the parts the
 * visitor last clicked (analytics); with no seed, the newest parts in stock.
 */
export class Recommender {
  private byPath?: Map<string, number>;

  constructor(
    private readonly index: SearchIndex,
    private readonly analytics: AnalyticsStore,
  ) {}

  private docsWithPart(partNumbers: string[]): number[] {
    return partNumbers.flatMap((part) => [...this.index.valueSet('partnumber', part).toArray()]);
  }

  private clickedDocs(visitorId?: string): number[] {
    this.byPath ??= new Map(this.index.docs.map((doc, id) => [`${DOCUMENT_ORIGIN}${doc.path}`, id]));
    const clicks = this.analytics.recentOfKind('click', 20, visitorId);
    return clicks
      .map((event) => {
        const body = event.body as { documentUri?: string } | undefined;
        return body?.documentUri ? this.byPath!.get(body.documentUri) : undefined;
      })
      .filter((id): id is number => id !== undefined);
  }

  recommend(request: SearchRequest, allowed: Bitset, limit: number): number[] {
    // Own keys only: a context key named `__proto__` must not stand in for one of these.
    const context = request.context ?? {};
    const ownContext = (key: string) => (Object.hasOwn(context, key) ? context[key] : undefined);
    const contextParts = [ownContext('partnumber'), ownContext('skus')].flat().filter((v): v is string => typeof v === 'string' && v !== '');
    let seeds = this.docsWithPart([...(request.mlParameters?.itemIds ?? []), ...contextParts]);
    if (seeds.length === 0 && !request.mlParameters) seeds = this.clickedDocs(request.visitorId);

    const candidates = allowed.clone().and(this.index.valueSet('objecttype', 'Product'));
    const brand = request.mlParameters?.brandFilter;
    if (brand && brand.toLowerCase() !== 'voltaris components') return [];
    const category = request.mlParameters?.categoryFilter;
    if (category) {
      const inCategory = new Bitset(this.index.size);
      for (const field of ['levelonecategory', 'leveltwocategory', 'levelthreecategory']) inCategory.or(this.index.valueSet(field, category));
      candidates.and(inCategory);
    }
    for (const seed of seeds) if (candidates.has(seed)) candidates.andNot(Bitset.fromIds(this.index.size, [seed]));

    const ordered: number[] = [];
    const taken = new Set<number>();
    const take = (set: Bitset) => {
      for (const doc of this.bestFirst(set.and(candidates))) {
        if (ordered.length >= limit) return;
        if (!taken.has(doc)) {
          taken.add(doc);
          ordered.push(doc);
        }
      }
    };
    for (const seed of seeds) {
      const doc = this.index.docs[seed]!;
      take(this.index.valueSet('series', String(doc.fields.series)));
    }
    for (const seed of seeds) {
      const doc = this.index.docs[seed]!;
      take(this.index.valueSet('leveltwocategory', String(doc.fields.leveltwocategory)));
    }
    if (seeds.length === 0) take(candidates.clone());
    return ordered;
  }

  /** In stock first, then newest. */
  private bestFirst(set: Bitset): number[] {
    const dates = this.index.column('date');
    const stock = this.index.valueSet('checkstock', 'true');
    const ids = [...set.toArray()];
    const dateOf = (doc: number) => (dates && isNumeric(dates) ? dates.values[doc]! : 0);
    return ids.sort((a, b) => Number(stock.has(b)) - Number(stock.has(a)) || dateOf(b) - dateOf(a) || a - b);
  }
}

/** The ec_* fields product recommendations and listings read (contracts A.13, A.14). */
export function commerceFields(doc: CatalogueDocument, language: ContentLanguage) {
  const fields = doc.fields;
  const localized = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>)[language] : value);
  return {
    ec_name: `${doc.partNumber ?? doc.title[language]} – ${String(localized(fields.shortdescription) ?? '')}`,
    ec_brand: 'Voltaris Components',
    ec_category: [fields.levelonecategory, fields.leveltwocategory, fields.levelthreecategory].filter(Boolean) as string[],
    ec_item_group_id: String(fields.series ?? ''),
    ec_shortdesc: String(localized(fields.shortdescription) ?? doc.body[language]),
    ec_description: String(localized(fields.seriesshortdescription) ?? ''),
    ec_thumbnails: fields.productimageurl ? [String(fields.productimageurl)] : [],
    ec_images: fields.productimageurl ? [String(fields.productimageurl)] : [],
    // Headless 2.x calls toLowerCase() on it: a string, not a boolean (contracts A.13).
    ec_in_stock: fields.checkstock === true ? 'true' : 'false',
    ec_product_id: doc.partNumber ?? '',
  };
}

import type { CatalogueDocument } from './catalogue/generate.ts';
import { PRODUCT_TYPES, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import { Bitset } from './engine/bitset.ts';
import { isNumeric, type SearchIndex } from './engine/index.ts';
import { DOCUMENT_ORIGIN } from './protocol/results.ts';
import type { SearchRequest } from '@voltaris/protocol/coveo/schemas';
import type { AnalyticsStore } from './analytics-sink.ts';
import { valueIn } from './document-list.ts';

/**
 * What a recommendation id (the "strategy" of a product-recommendation slot) asks for:
 * - frequentViewed: parts other visitors viewed with the seed parts (page views the analytics
 *   endpoints received), then the default order;
 * - similar: parts of other series of the same product type (L3, then L2), closest first on the
 *   type's primary rating: alternatives, not siblings;
 * - anything else: the default (same series, then same product type).
 */
type RecommendationStrategy = 'frequentViewed' | 'similar' | 'default';

export function strategyOf(recommendation: string | undefined): RecommendationStrategy {
  const id = (recommendation ?? '').toLowerCase();
  if (id === 'frequentviewed' || id === 'frequentlyviewedtogether') return 'frequentViewed';
  if (id === 'similar' || id === 'similarproducts' || id === 'similarparts') return 'similar';
  return 'default';
}

const PRIMARY_BY_L2 = new Map(PRODUCT_TYPES.map((type) => [type.l2.en, type.primary]));

/**
 * Recommendations without a machine-learning model: parts of the same series, then of the same
 * product type, as the given skus (product recommendations), the context's part, or the parts the
 * visitor last clicked (analytics); with no seed, the newest parts in stock. The recommendation id
 * picks the strategy (strategyOf).
 */
export class Recommender {
  private byPath?: Map<string, number>;
  private ordering?: { order: Int32Array; rank: Int32Array };

  constructor(
    private readonly index: SearchIndex,
    private readonly analytics: AnalyticsStore,
  ) {}

  private docsWithPart(partNumbers: string[]): number[] {
    return partNumbers.flatMap((part) => [...this.index.valueSet('partnumber', part).toArray()]);
  }

  private clickedDocs(visitorId?: string): number[] {
    // Each document's path read without making the documents (decision 0129).
    this.byPath ??= new Map(Array.from({ length: this.index.docs.length }, (_, id) => [`${DOCUMENT_ORIGIN}${String(valueIn(this.index.docs, id, 'path'))}`, id]));
    const clicks = this.analytics.recentOfKind('click', 20, visitorId);
    return clicks
      .map((event) => {
        const body = event.body as { documentUri?: string } | undefined;
        return body?.documentUri ? this.byPath!.get(body.documentUri) : undefined;
      })
      .filter((id): id is number => id !== undefined);
  }

  /** Part numbers viewed by the visitors who viewed a seed part, most co-viewed first (page-view events, L7). */
  private coViewedParts(seedParts: ReadonlySet<string>): string[] {
    const byVisitor = new Map<string, Set<string>>();
    for (const event of this.analytics.recentOfKind('view', 1000)) {
      const body = event.body as { clientId?: unknown; customData?: { L7?: unknown } } | undefined;
      const part = body?.customData?.L7;
      if (typeof body?.clientId !== 'string' || typeof part !== 'string' || part === '' || part === 'not provided') continue;
      let parts = byVisitor.get(body.clientId);
      if (!parts) byVisitor.set(body.clientId, (parts = new Set()));
      parts.add(part.toUpperCase());
    }
    const counts = new Map<string, number>();
    for (const parts of byVisitor.values()) {
      if (![...parts].some((part) => seedParts.has(part))) continue;
      for (const part of parts) if (!seedParts.has(part)) counts.set(part, (counts.get(part) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([part]) => part);
  }

  /** Closest first on the primary rating (log distance), then in stock and newest. */
  private nearestFirst(set: Bitset, seed: number): number[] {
    const seedDoc = this.index.docs.at(seed)!;
    const primary = PRIMARY_BY_L2.get(String(seedDoc.fields.leveltwocategory));
    const target = primary ? seedDoc.fields[primary] : undefined;
    const ordered = [...this.bestFirst(set)];
    if (typeof target !== 'number' || target <= 0 || !primary) return ordered;
    const distance = (doc: number) => {
      const value = valueIn(this.index.docs, doc, 'fields', primary);
      return typeof value === 'number' && value > 0 ? Math.abs(Math.log(value / target)) : Number.POSITIVE_INFINITY;
    };
    const rank = new Map(ordered.map((doc, i) => [doc, i]));
    return ordered.sort((a, b) => distance(a) - distance(b) || rank.get(a)! - rank.get(b)!);
  }

  recommend(request: SearchRequest, allowed: Bitset, limit: number): number[] {
    const strategy = strategyOf(request.recommendation);
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
    const takeInOrder = (docs: number[]) => {
      for (const doc of docs) {
        if (ordered.length >= limit) return;
        if (candidates.has(doc) && !taken.has(doc)) {
          taken.add(doc);
          ordered.push(doc);
        }
      }
    };
    // A search that found nothing sends its query: what it looks like comes before what others clicked.
    const query = typeof request.context?.query === 'string' ? request.context.query : '';
    if (query && !request.mlParameters && contextParts.length === 0) for (const set of this.queryHints(query)) take(set);
    if (strategy === 'frequentViewed' && seeds.length) {
      const seedParts = new Set(seeds.map((seed) => String(this.index.docs.at(seed)!.partNumber ?? '').toUpperCase()));
      takeInOrder(this.docsWithPart(this.coViewedParts(seedParts)));
    }
    if (strategy === 'similar') {
      // Other series first: the seed's own series is what its page already lists.
      for (const seed of seeds) {
        const doc = this.index.docs.at(seed)!;
        const others = this.index.valueSet('levelthreecategory', String(doc.fields.levelthreecategory)).andNot(this.index.valueSet('series', String(doc.fields.series)));
        takeInOrder(this.nearestFirst(others.and(candidates), seed));
      }
      for (const seed of seeds) {
        const doc = this.index.docs.at(seed)!;
        const others = this.index.valueSet('leveltwocategory', String(doc.fields.leveltwocategory)).andNot(this.index.valueSet('series', String(doc.fields.series)));
        takeInOrder(this.nearestFirst(others.and(candidates), seed));
      }
    }
    for (const seed of seeds) {
      const doc = this.index.docs.at(seed)!;
      take(this.index.valueSet('series', String(doc.fields.series)));
    }
    for (const seed of seeds) {
      const doc = this.index.docs.at(seed)!;
      take(this.index.valueSet('leveltwocategory', String(doc.fields.leveltwocategory)));
    }
    if (seeds.length === 0) take(candidates.clone());
    return ordered;
  }

  /**
   * For a search that found nothing (the query in the context): parts of the series the query's
   * words start with (a mistyped part number), then of the product types a word begins like
   * ("varistr" → Varistors), in any of the catalogue's languages.
   */
  private queryHints(query: string): Bitset[] {
    const words = query.split(/[\s,;/]+/).filter(Boolean);
    const sets: Bitset[] = [];
    const series = this.index.column('series');
    if (series && !isNumeric(series)) {
      const compact = words.map((word) => word.toUpperCase().replace(/[^A-Z0-9]/g, '')).filter((word) => word.length >= 3);
      const prefixes = series.values.filter((code) => code.length >= 3 && compact.some((word) => word.startsWith(code.toUpperCase()))).sort((a, b) => b.length - a.length);
      for (const code of prefixes.slice(0, 3)) sets.push(this.index.valueSet('series', code));
    }
    const starts = words.map((word) => word.toLocaleLowerCase().slice(0, 4)).filter((start) => [...start].length >= 4 || /[^\p{Script=Latin}\d]/u.test(start));
    if (starts.length) {
      for (const type of PRODUCT_TYPES) {
        const names = [...Object.values(type.l2), ...type.l3.flatMap((l3) => Object.values(l3))];
        const nameWords = names.flatMap((name) => name.toLocaleLowerCase().split(/[\s-]+/));
        if (starts.some((start) => nameWords.some((word) => word.startsWith(start)))) sets.push(this.index.valueSet('leveltwocategory', type.l2.en));
      }
    }
    return sets;
  }

  /**
   * Every document in the default order (in stock first, then newest, then by id) and each
   * document's place in it. Computed once: the index never changes, and sorting a whole candidate
   * set per request was a quarter of the service's CPU on searches that found nothing.
   */
  private defaultOrder(): { order: Int32Array; rank: Int32Array } {
    if (!this.ordering) {
      const dates = this.index.column('date');
      const stock = this.index.valueSet('checkstock', 'true');
      const size = this.index.size;
      // A document without a date sorts after every dated one (products all have one).
      const dateOf = (doc: number) => {
        const value = dates && isNumeric(dates) ? dates.values[doc]! : 0;
        return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
      };
      const inStock = new Uint8Array(size);
      const date = new Float64Array(size);
      for (let doc = 0; doc < size; doc += 1) {
        inStock[doc] = stock.has(doc) ? 1 : 0;
        date[doc] = dateOf(doc);
      }
      const order = new Int32Array(size);
      for (let doc = 0; doc < size; doc += 1) order[doc] = doc;
      order.sort((a, b) => inStock[b]! - inStock[a]! || (date[b]! > date[a]! ? 1 : date[b]! < date[a]! ? -1 : 0) || a - b);
      const rank = new Int32Array(size);
      order.forEach((doc, position) => (rank[doc] = position));
      this.ordering = { order, rank };
    }
    return this.ordering;
  }

  /**
   * The set's documents in the default order, lazily: callers stop after the few they take. A
   * small set is sorted by its documents' places; a large one is read off the precomputed order.
   */
  private *bestFirst(set: Bitset): Generator<number> {
    const { order, rank } = this.defaultOrder();
    const count = set.count();
    if (count === 0) return;
    if (count <= SMALL_SET) {
      const places = new Int32Array(count);
      let n = 0;
      set.forEach((doc) => (places[n++] = rank[doc]!));
      places.sort();
      for (const place of places) yield order[place]!;
      return;
    }
    let left = count;
    for (let place = 0; place < order.length && left > 0; place += 1) {
      const doc = order[place]!;
      if (set.has(doc)) {
        left -= 1;
        yield doc;
      }
    }
  }
}

/** Up to this many documents a set is sorted by place; above it the whole order is scanned. */
const SMALL_SET = 4096;

/** The ec_* fields product recommendations and listings read (REQ-COVEO-13, REQ-COVEO-14). */
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
    // Headless 2.x calls toLowerCase() on it: a string, not a boolean (REQ-COVEO-13).
    ec_in_stock: fields.checkstock === true ? 'true' : 'false',
    ec_product_id: doc.partNumber ?? '',
  };
}

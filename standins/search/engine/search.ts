import { MAX_REACHABLE_RESULTS } from '@voltaris/protocol/coveo/constants';
import { parseSortCriteria, trimToReachable, type SortCriterion } from '@voltaris/protocol/coveo/rules';
import type { PartialMatchParameters, SearchRequest } from '@voltaris/protocol/coveo/schemas';
import { Bitset } from './bitset.ts';
import { Evaluator, numberAndUnit } from './evaluate.ts';
import { computeFacet, facetFilter, type FacetResponse } from './facets.ts';
import { isNumeric, languageName, sortedOf, sortRankOf, type SearchIndex } from './index.ts';
import { languageOfLocale } from '../protocol/results.ts';
import { CONTENT_LANGUAGES, PRODUCT_TYPES, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import { QueryPipeline } from '../pipeline.ts';
import { parseQuery, plainQuery, type QueryNode } from '@voltaris/protocol/coveo/query-syntax';
import { CJK_ONLY, normalize, segmentWords, terms } from './tokenize.ts';
import { valueIn } from '../document-list.ts';

interface WordCorrection {
  offset: number;
  length: number;
  originalWord: string;
  correctedWord: string;
}

interface Hit {
  doc: number;
  score: number;
  /** Folding: other matches of the same collection (at most filterFieldRange). */
  children?: Hit[];
  /** Folding: how many matches the collection has in all. */
  collectionSize?: number;
}

/** REQ-SEARCH-10: questions get a smart snippet; these words open a question in the four languages. */
const QUESTION = /[?？]\s*$|^(how|what|why|when|which|where|can|could|are|is|do|does|should|wie|was|warum|wann|welche|welcher|kann|können|sind|ist|gibt)\b|(ですか|ますか|か)[?？]?$|^(如何|什么|为什么|怎么|可以|是否)/iu;
const STOPWORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'in', 'on', 'and', 'or', 'is', 'are', 'do', 'does', 'i', 'my', 'how', 'what', 'can', 'der', 'die', 'das', 'ich', 'ein', 'eine', 'und', 'für', 'wie', 'was']);

/**
 * Words of letters joined by hyphens as typed ("SMD-Sicherung", "Kfz-Sicherung"): a German
 * compound, one word, whose parts alone also name other things. Part numbers (digits) are not.
 */
function hyphenCompounds(query: string): string[] {
  return query.split(/\s+/).filter((word) => /^\p{L}{2,}(?:-\p{L}{2,})+$/u.test(word));
}

/** What writing the compound as typed adds (a ranking expression's boost): above a family's parts in general, below a language. */
const COMPOUND_BOOST = 20;
/** Where a compound is written besides the title and body: the category names (the index's key text fields). */
const COMPOUND_FIELDS = ['leveltwocategory', 'levelthreecategory'];
const CATEGORY_NAMES = new Map(PRODUCT_TYPES.flatMap((type) => [type.l2, ...type.l3].map((name) => [name.en, name] as const)));

/** A run of Chinese or Japanese this long (six character pairs) is a phrase to the evaluator, not a name. */
const CJK_PHRASE_LENGTH = 7;

function isQuestion(query: string): boolean {
  return QUESTION.test(query.trim());
}

/** The partial-match parameters a request or a rule sets (undefined ones do not override). */
function definedOf(parameters: PartialMatchParameters): PartialMatchParameters {
  const { partialMatch, partialMatchKeywords, partialMatchThreshold } = parameters;
  return Object.fromEntries(Object.entries({ partialMatch, partialMatchKeywords, partialMatchThreshold }).filter(([, value]) => value !== undefined));
}

interface EngineResult {
  /** Matches after folding: one per collection (Coveo's totalCountFiltered). */
  totalCount: number;
  /** Matches before folding (Coveo's totalCount). */
  totalCountUnfolded: number;
  hits: Hit[];
  facets: FacetResponse[];
  /** Normalized terms that matched, for highlighting. */
  matchedTerms: string[];
  /** The query that was run (the corrected one, after an automatic correction). */
  query: string;
  correction?: { originalQuery: string; correctedQuery: string; wordCorrections: WordCorrection[] };
  /** A correction was found but not applied (legacy did-you-mean answers it for the client to retry). */
  suggestedCorrection?: { correctedQuery: string; wordCorrections: WordCorrection[] };
  maxScore: number;
  /** Smart snippet: the best FAQ answers for a question, best first. */
  answers: Hit[];
}

/** A binary heap of the best `limit` hits under `worse(a, b)` (true when a ranks after b). */
function topK(ids: Int32Array, limit: number, worse: (a: number, b: number) => boolean): number[] {
  if (limit <= 0) return [];
  const heap: number[] = [];
  const siftUp = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && worse(heap[l]!, heap[worst]!)) worst = l;
      if (r < heap.length && worse(heap[r]!, heap[worst]!)) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  // The heap's root is the worst of the kept hits; a better newcomer replaces it.
  for (let i = 0; i < ids.length; i += 1) {
    const doc = ids[i]!;
    if (heap.length < limit) {
      heap.push(doc);
      siftUp(heap.length - 1);
    } else if (worse(heap[0]!, doc)) {
      heap[0] = doc;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}

export class SearchEngine {
  private readonly evaluator: Evaluator;
  /** The pipeline's ranking expressions per request language (`$language` differs between them). */
  private readonly boosts = new Map<ContentLanguage, ReturnType<QueryPipeline['boosts']>>();

  constructor(
    readonly index: SearchIndex,
    readonly pipeline: QueryPipeline = new QueryPipeline({ triggers: [], thesaurus: [], rankingBoosts: [], stopWords: [], queryParameters: {}, queryParameterRules: [] }),
  ) {
    this.evaluator = new Evaluator(index);
    // Computed here, once: evaluating later would reset the scores of the search under way.
    const sets = new Map<string, Bitset>();
    const evaluate = (expression: string) => {
      let set = sets.get(expression);
      if (!set) {
        const node = parseQuery(expression);
        this.evaluator.begin();
        set = node ? this.evaluator.evaluate(node, false) : Bitset.full(index.size);
        sets.set(expression, set);
      }
      return set;
    };
    for (const language of CONTENT_LANGUAGES) this.boosts.set(language, pipeline.boosts(evaluate, languageName(language)));
  }

  private readonly titleLengthsByLanguage = new Map<ContentLanguage, Uint16Array>();
  /** The language of the search under way (one at a time, as the evaluator's scores). */
  private requestLanguage: ContentLanguage = 'en';

  /** Each document's title length in characters in the request's language (capped), built on first use. */
  private titleLengths(): Uint16Array {
    let lengths = this.titleLengthsByLanguage.get(this.requestLanguage);
    if (!lengths) {
      const made = new Uint16Array(this.index.size);
      // Read without making the documents (decision 0129): the first search after a restart needs these.
      for (let id = 0; id < made.length; id += 1) made[id] = Math.min(String(valueIn(this.index.docs, id, 'title', this.requestLanguage) ?? '').length, 0xffff);
      this.titleLengthsByLanguage.set(this.requestLanguage, made);
      lengths = made;
    }
    return lengths;
  }

  /** Thesaurus: a word (or the whole query) also matches what the pipeline lists as its synonyms. */
  private withSynonyms(node: QueryNode | null, query: string): QueryNode | null {
    if (!node) return node;
    const asNode = (text: string): QueryNode => {
      const words = text.split(/\s+/).filter(Boolean);
      return words.length === 1 ? { kind: 'term', word: words[0]!, wildcard: false } : { kind: 'phrase', words };
    };
    const expand = (current: QueryNode): QueryNode => {
      switch (current.kind) {
        case 'term': {
          // A synonym that indexes as the word itself ("fuses" for "fuse") would count its matches twice.
          const own = terms(current.word).join(' ');
          const synonyms = current.wildcard ? [] : this.pipeline.synonymsOf(current.word).filter((synonym) => terms(synonym).join(' ') !== own);
          return synonyms.length ? { kind: 'or', children: [current, ...synonyms.map(asNode)] } : current;
        }
        case 'and':
        case 'or':
          return { ...current, children: current.children.map(expand) };
        default:
          return current;
      }
    };
    const whole = this.pipeline.synonymsOf(query);
    const expanded = expand(node);
    return whole.length && node.kind !== 'term' ? { kind: 'or', children: [expanded, ...whole.map(asNode)] } : expanded;
  }

  /**
   * Chinese and Japanese as typed, without spaces: a plain query's word holding them is searched as
   * its words ("10Aヒューズ" as "10A ヒューズ", so the rating reads as one and "ヒューズ" as the
   * family), as a segmenting index (Coveo's) reads it; the index's character pairs hold every word.
   * A long run of Chinese or Japanese alone (a phrase: "バリスタの選び方") is split only into more
   * words than `partialMatchKeywords`, so that partial match lets some be missing; otherwise it
   * keeps matching most of its character pairs (Evaluator.cjkPartialMatch), more forgiving than
   * requiring every word.
   */
  private withSegments(node: QueryNode | null, request: SearchRequest): QueryNode | null {
    if (!node || (node.kind !== 'and' && node.kind !== 'term')) return node;
    const { partialMatch, partialMatchKeywords } = this.partialMatchParameters(request);
    const children = node.kind === 'and' ? node.children : [node];
    const split = children.flatMap((child): QueryNode[] => {
      if (child.kind !== 'term' || child.wildcard) return [child];
      const words = segmentWords(child.word);
      const phrase = partialMatch && child.word.length >= CJK_PHRASE_LENGTH && words.every((word) => CJK_ONLY.test(word));
      if (words.length === 1 || (phrase && words.length <= partialMatchKeywords)) return [child];
      return words.map((word) => ({ kind: 'term', word, wildcard: false }));
    });
    if (split.length === children.length) return node;
    return { kind: 'and', children: split };
  }

  /**
   * Stop word rules: the words of a plain list the pipeline names as stop words are dropped ("how
   * to choose a varistor" searches "choose varistor"), unless nothing else would be left.
   */
  private withoutStopWords(node: QueryNode | null): QueryNode | null {
    if (!node || node.kind !== 'and') return node;
    const kept = node.children.filter((child) => !(child.kind === 'term' && !child.wildcard && this.pipeline.isStopWord(child.word)));
    if (kept.length === node.children.length || kept.length === 0) return node;
    return kept.length === 1 ? kept[0]! : { ...node, children: kept };
  }

  /**
   * A number followed by a unit ("250 V", "2 A") is one rating, as "250V" is: without this "V"
   * matched every part rated in volts and "250" any value of 250 (250 mA), so "Sicherung 250 V"
   * listed fuses of every voltage first.
   */
  private withRatings(node: QueryNode | null): QueryNode | null {
    if (!node || node.kind !== 'and') return node;
    const children: QueryNode[] = [];
    for (const child of node.children) {
      const previous = children.at(-1);
      if (child.kind === 'term' && !child.wildcard && previous?.kind === 'term' && !previous.wildcard && /^\d+(?:[.,]\d+)?$/.test(previous.word) && numberAndUnit(`${previous.word.replace(',', '.')}${child.word}`)) {
        children[children.length - 1] = { kind: 'term', word: `${previous.word.replace(',', '.')}${child.word}`, wildcard: false };
      } else {
        children.push(child);
      }
    }
    if (children.length === node.children.length) return node;
    return children.length === 1 ? children[0]! : { ...node, children };
  }

  /** Parses an expression; query syntax errors propagate as QuerySyntaxError. */
  static parse(text: string, syntax: boolean): QueryNode | null {
    return syntax ? parseQuery(text) : plainQuery(text);
  }

  private comparator(criteria: SortCriterion[]): (a: number, b: number) => boolean {
    const keys = criteria.map((criterion) => {
      if (criterion.by === 'relevancy' || criterion.by === 'qre') return (doc: number) => -this.evaluator.scoreOf(doc);
      if (criterion.by === 'nosort') return (doc: number) => doc;
      const field = criterion.by === 'date' ? 'date' : criterion.field;
      const sign = criterion.order === 'descending' ? -1 : 1;
      const column = this.index.column(field);
      if (!column) return () => 0;
      if (isNumeric(column)) {
        const values = column.values;
        // Documents without the field sort last in either order.
        return (doc: number) => (Number.isNaN(values[doc]!) ? Infinity : sign * values[doc]!);
      }
      const rank = sortRankOf(column);
      return (doc: number) => {
        const start = column.offsets[doc]!;
        return start === column.offsets[doc + 1]! ? Infinity : sign * rank[column.valueIds[start]!]!;
      };
    });
    // Equal relevance: the shorter title first (it is more nearly what was asked: a page titled
    // "Smart meters" before "Selecting fuses for smart meters"), then index order.
    const byTitle = criteria[0]?.by === 'relevancy' || criteria[0]?.by === 'qre' ? this.titleLengths() : undefined;
    return (a, b) => {
      for (const key of keys) {
        const ka = key(a);
        const kb = key(b);
        if (ka !== kb) return ka > kb;
      }
      // Only between results the words scored: without words (a browsed tab) index order stands.
      if (byTitle && byTitle[a] !== byTitle[b] && this.evaluator.scoreOf(a) > 0) return byTitle[a]! > byTitle[b]!;
      return a > b;
    };
  }

  /**
   * The best `limit` matches. A single numeric sort over a large match set walks the column's
   * presorted order instead of heaping every match.
   */
  private rank(matches: Bitset, total: number, limit: number, sort: SortCriterion[]): number[] {
    const [criterion] = sort;
    if (limit <= 0 || total === 0) return [];
    if (sort.length === 1 && criterion && (criterion.by === 'date' || criterion.by === 'field') && total > this.index.size / 16) {
      const column = this.index.column(criterion.by === 'date' ? 'date' : criterion.field);
      if (column && isNumeric(column)) {
        const { ids } = sortedOf(column);
        const out: number[] = [];
        const descending = criterion.order === 'descending';
        for (let i = 0; i < ids.length && out.length < limit; i += 1) {
          const doc = ids[descending ? ids.length - 1 - i : i]!;
          if (matches.has(doc)) out.push(doc);
        }
        // Matches without a value come last, in index order.
        if (out.length < limit) matches.forEach((doc) => {
          if (out.length < limit && Number.isNaN(column.values[doc]!)) out.push(doc);
        });
        return out;
      }
    }
    return topK(matches.toArray(), limit, this.comparator(sort));
  }

  /**
   * How many results the matches fold into: one per collection, and each match without one. Counted
   * over the whole match set, so the count is the same whatever the sort and the page (folding only
   * the first 5000 ranked matches made it depend on which matches a sort puts first).
   */
  private foldedCount(matches: Bitset, field: string): number {
    const column = this.index.column(field);
    if (!column || isNumeric(column)) return matches.count();
    const seen = new Uint8Array(column.values.length);
    let count = 0;
    matches.forEach((doc) => {
      const start = column.offsets[doc]!;
      if (start === column.offsets[doc + 1]!) {
        count += 1;
        return;
      }
      const collection = column.valueIds[start]!;
      if (seen[collection] === 0) {
        seen[collection] = 1;
        count += 1;
      }
    });
    return count;
  }

  /** Groups ranked matches by collection: each collection once, at its best match, with its next matches as children. */
  private fold(matches: Bitset, total: number, sort: SortCriterion[], field: string, range: number): Hit[] {
    const column = this.index.column(field);
    const ranked = this.rank(matches, total, Math.min(total, MAX_REACHABLE_RESULTS), sort);
    if (!column || isNumeric(column)) return ranked.map((doc) => ({ doc, score: this.evaluator.scoreOf(doc) }));
    const groups = new Map<number, Hit>();
    const out: Hit[] = [];
    for (const doc of ranked) {
      const hit: Hit = { doc, score: this.evaluator.scoreOf(doc) };
      const start = column.offsets[doc]!;
      if (start === column.offsets[doc + 1]!) {
        out.push(hit);
        continue;
      }
      const collection = column.valueIds[start]!;
      const group = groups.get(collection);
      if (!group) {
        hit.children = [];
        hit.collectionSize = 1;
        groups.set(collection, hit);
        out.push(hit);
      } else {
        group.collectionSize! += 1;
        if (group.children!.length < range) group.children!.push(hit);
      }
    }
    return out;
  }

  /**
   * The FAQs that answer a question in the visitor's language: those holding every word it asks
   * about (or a synonym), best first. Any one word was enough, so "how to choose a varistor" was
   * answered by "Can I get free samples of varistors?"; a question no FAQ matches gets no snippet.
   */
  private answer(query: string, language: string, extraFilter?: Bitset): Hit[] {
    const words = this.pipeline
      .rewrite(query)
      .split(/[\s?？!！,.、。]+/u)
      .flatMap(segmentWords)
      .filter((word) => word && !STOPWORDS.has(word.toLowerCase()) && !this.pipeline.isStopWord(word));
    if (words.length === 0) return [];
    this.evaluator.begin();
    const node: QueryNode = { kind: 'and', children: words.map((word) => ({ kind: 'term', word, wildcard: false })) };
    const candidates = this.evaluator.evaluate(this.withSynonyms(node, query)!);
    candidates.and(this.index.valueSet('objecttype', 'FAQ')).and(this.index.valueSet('language', languageName(language)));
    if (extraFilter) candidates.and(extraFilter);
    return topK(candidates.toArray(), 4, this.comparator([{ by: 'relevancy' }])).map((doc) => ({ doc, score: this.evaluator.scoreOf(doc) }));
  }

  private correct(query: string, unknown: string[]): { correctedQuery: string; wordCorrections: WordCorrection[] } | undefined {
    if (unknown.length === 0) return undefined;
    const wordCorrections: WordCorrection[] = [];
    let correctedQuery = query;
    let shift = 0;
    for (const match of query.matchAll(/[\p{L}\p{N}]+/gu)) {
      const original = match[0];
      const term = normalize(original);
      if (!unknown.some((u) => u === term || term.startsWith(u))) continue;
      const correction = this.index.typos.correct(term) ?? this.index.typos.correct(unknown.find((u) => term.startsWith(u)) ?? term);
      if (!correction) continue;
      const offset = match.index ?? 0;
      wordCorrections.push({ offset, length: original.length, originalWord: original, correctedWord: correction.word });
      correctedQuery = correctedQuery.slice(0, offset + shift) + correction.word + correctedQuery.slice(offset + shift + original.length);
      shift += correction.word.length - original.length;
    }
    return wordCorrections.length ? { correctedQuery, wordCorrections } : undefined;
  }

  /**
   * How many words of a plain list of words an item must hold under partial match, or undefined
   * when every word is required. The pipeline's query parameter rules override the request's.
   */
  private partialMatchParameters(request: SearchRequest) {
    const { partialMatch = false, partialMatchKeywords = 5, partialMatchThreshold = '50%' } = { ...definedOf(request), ...definedOf(this.pipeline.queryParametersFor(request.q)) };
    return { partialMatch, partialMatchKeywords, partialMatchThreshold };
  }

  private partialMatchLeast(node: QueryNode, request: SearchRequest): number | undefined {
    const { partialMatch, partialMatchKeywords, partialMatchThreshold } = this.partialMatchParameters(request);
    // Words only: an expression with operators, fields or phrases keeps its own logic.
    if (!partialMatch || node.kind !== 'and' || node.children.some((child) => child.kind !== 'term' && child.kind !== 'or')) return undefined;
    const words = node.children.length;
    if (words < partialMatchKeywords) return undefined;
    const least = partialMatchThreshold.endsWith('%') ? Math.ceil((words * Number(partialMatchThreshold.slice(0, -1))) / 100) : Number(partialMatchThreshold);
    return Math.max(1, Math.min(words, least));
  }

  private evaluateRequest(request: SearchRequest, query: string, extraFilter: Bitset | undefined, countFacets: boolean) {
    const filters = [request.aq].filter((e): e is string => Boolean(e && e.trim())).map((e) => SearchEngine.parse(e, true));
    // Coveo's order: ((q AND aq) OR dq) AND cq, so the constant query (a tab) holds for dq's matches too.
    const constant = request.cq?.trim() ? SearchEngine.parse(request.cq, true) : null;
    const dq = request.dq?.trim() ? SearchEngine.parse(request.dq, true) : null;
    const lq = request.lq?.trim() ? plainQuery(request.lq) : null;
    this.evaluator.begin();
    this.requestLanguage = languageOfLocale(request.locale);
    this.evaluator.cjkPartialMatch = this.partialMatchParameters(request).partialMatch;
    // Replace rules of the thesaurus rewrite the words before they are read (a misspelling).
    const rewritten = this.pipeline.rewrite(query);
    const parsed = SearchEngine.parse(rewritten, request.enableQuerySyntax);
    const text = this.withSynonyms(this.withRatings(this.withoutStopWords(request.enableQuerySyntax ? parsed : this.withSegments(parsed, request))), rewritten);
    const least = text ? this.partialMatchLeast(text, request) : undefined;
    let base = text ? (least !== undefined && text.kind === 'and' ? this.evaluator.atLeast(text.children, least) : this.evaluator.evaluate(text)) : Bitset.full(this.index.size);
    const unknownWords = [...this.evaluator.unknownWords];
    for (const filter of filters) if (filter) base.and(this.evaluator.evaluate(filter, false));
    if (dq) base = base.or(this.evaluator.evaluate(dq, false));
    if (constant) base.and(this.evaluator.evaluate(constant, false));
    // What the visitor may not see stays out, dq's matches included.
    if (extraFilter) base.and(extraFilter);
    // lq only ranks: its words add to the score of what already matches.
    if (lq) this.evaluator.evaluate(lq, true);
    // Ranking expressions of the pipeline (QRE) lift what they match, within what matched; those
    // naming $language lift the request's language (REQ-LANG-5).
    if (text) for (const { set, boost, when } of this.boosts.get(languageOfLocale(request.locale))!) if (this.pipeline.applies(when, rewritten)) this.evaluator.boost(base.clone().and(set), boost);
    if (text && !request.enableQuerySyntax) for (const compound of hyphenCompounds(rewritten)) this.evaluator.boost(this.writtenAs(base, compound), COMPOUND_BOOST);

    const facetFilters = request.facets.map((facet) => facetFilter(this.index, facet));
    const all = base.clone();
    for (const filter of facetFilters) if (filter) all.and(filter);
    const facets = countFacets
      ? request.facets.map((facet, i) => {
          if (!facetFilters[i]) return computeFacet(this.index, facet, all);
          // A facet's own selection does not narrow its own counts.
          const others = base.clone();
          facetFilters.forEach((filter, j) => {
            if (filter && j !== i) others.and(filter);
          });
          return computeFacet(this.index, facet, others);
        })
      : [];
    return { matches: all, facets, unknownWords };
  }

  /**
   * The matches that write a compound as it was typed, in the request's language: its parts match
   * anywhere ("SMD" of the PTC series SMD050S, "Sicherung" of "PTC-Sicherung"), the compound only
   * where it is one word ("SMD-Sicherungen", the surface mount fuses).
   */
  private writtenAs(matches: Bitset, compound: string): Bitset {
    const wanted = normalize(compound);
    const written = new Bitset(this.index.size);
    const language = this.requestLanguage;
    const has = (text: unknown) => typeof text === 'string' && normalize(text).includes(wanted);
    // The catalogue's fields hold category names in English; the visitor writes them in theirs.
    const named = (doc: number) =>
      COMPOUND_FIELDS.some((field) => {
        const name = valueIn(this.index.docs, doc, 'fields', field);
        return typeof name === 'string' && has(CATEGORY_NAMES.get(name)?.[language] ?? name);
      });
    matches.forEach((doc) => {
      if (has(valueIn(this.index.docs, doc, 'title', language)) || has(valueIn(this.index.docs, doc, 'body', language)) || named(doc)) written.add(doc);
    });
    return written;
  }

  /** The documents a request matches, facet selections included (the scope of a facet search). */
  matches(request: SearchRequest, extraFilter?: Bitset): Bitset {
    return this.evaluateRequest(request, request.q, extraFilter, false).matches;
  }

  /** Runs a parsed request; throws QuerySyntaxError, ExpressionError, FacetError or RuleError on bad input. */
  search(request: SearchRequest, extraFilter?: Bitset): EngineResult {
    const sort = parseSortCriteria(request.sortCriteria);
    const first = Math.min(request.firstResult, MAX_REACHABLE_RESULTS);
    const count = trimToReachable(first, request.numberOfResults);
    const correctionMode = request.queryCorrection?.enabled ? (request.queryCorrection.options?.automaticallyCorrect ?? 'whenNoResults') : undefined;
    const run = (query: string) => this.evaluateRequest(request, query, extraFilter, true);

    let query = request.q;
    let outcome = run(query);
    let correction: EngineResult['correction'];
    let suggestedCorrection: EngineResult['suggestedCorrection'];
    let total = outcome.matches.count();
    if (total === 0 && (correctionMode || request.enableDidYouMean)) {
      const found = this.correct(query, outcome.unknownWords);
      if (found && correctionMode === 'whenNoResults') {
        const retried = run(found.correctedQuery);
        const retriedTotal = retried.matches.count();
        if (retriedTotal > 0) {
          correction = { originalQuery: query, ...found };
          query = found.correctedQuery;
          outcome = retried;
          total = retriedTotal;
        } else {
          outcome = run(query); // the scores of the evaluator belong to the last run
        }
      } else if (found) {
        suggestedCorrection = found;
      }
    }

    let hits: Hit[];
    let maxScore = 0;
    if (request.filterField) {
      const folded = this.fold(outcome.matches, total, sort, request.filterField, request.filterFieldRange ?? 2);
      total = this.foldedCount(outcome.matches, request.filterField);
      hits = folded.slice(first, first + count);
      maxScore = folded[0]?.score ?? 0;
    } else {
      const ranked = this.rank(outcome.matches, total, first + count, sort);
      hits = ranked.slice(first, first + count).map((doc) => ({ doc, score: this.evaluator.scoreOf(doc) }));
      for (const doc of ranked.slice(0, 1)) maxScore = this.evaluator.scoreOf(doc);
    }
    const answers = isQuestion(query) ? this.answer(query, languageOfLocale(request.locale), extraFilter) : [];
    return {
      totalCount: total,
      totalCountUnfolded: outcome.matches.count(),
      hits,
      facets: outcome.facets,
      matchedTerms: [...this.evaluator.matchedTerms],
      query,
      ...(correction ? { correction } : {}),
      ...(suggestedCorrection ? { suggestedCorrection } : {}),
      maxScore,
      answers,
    };
  }
}

import { data, type AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '../../../server/error-id.ts';
import { SOLR_LANGUAGE, solrQuoted, solrTerms } from '~/lib/solr.server.ts';
import { SolrError } from '../../../server/ports/solr.ts';
import { FAQ_FILTER_PARAM, FAQ_LIST_ROWS, FAQ_PATH, type FaqGroup, type FaqItemData, type FaqListData, type FaqProblem } from './faq.ts';
import { faqListQuerySchema, faqSlugSchema } from './faq.schema.ts';

/** A document of Solr's `faq` core (the fields the pages read). */
interface FaqDoc extends Record<string, unknown> {
  id: string;
  slug: string;
  question_custom: string;
  answer_custom: string;
  producttype?: string;
  producttypename?: string;
  leveltwocategory?: string;
  date?: string;
}

const FAQ_FIELDS = 'id,slug,question_custom,answer_custom,producttype,producttypename,leveltwocategory,date';
const LOCALE: Record<SiteLanguage, string> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh-CN' };

interface LoaderArgs {
  request: Request;
  context: AppLoadContext;
  language: SiteLanguage;
  itemPath: string;
  responseHeaders: Headers;
  markStatus: (status: number) => void;
  markUnavailable: () => void;
}

/**
 * The FAQ list: every question of the page's language (up to 500), narrowed by the text filter
 * (all its words, in the question or the answer), grouped by product type. The A-to-Z letter is
 * applied in the page, from the same data, so changing it needs no new request.
 */
export async function faqListLoader({ request, context, language, responseHeaders, markStatus, markUnavailable }: LoaderArgs): Promise<FaqListData> {
  const url = new URL(request.url);
  const raw = { q: url.searchParams.get(FAQ_FILTER_PARAM) ?? undefined, letter: url.searchParams.get('letter') ?? undefined };
  const problems: FaqProblem[] = [];
  let filter = '';
  const parsed = faqListQuerySchema.safeParse(raw);
  if (parsed.success) filter = parsed.data.q;
  else {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'letter') problems.push('letterInvalid');
      else problems.push(issue.message === 'filterTooLong' ? 'filterTooLong' : 'filterInvalid');
    }
    // What can still be used is: a bad letter does not drop a good filter.
    const q = faqListQuerySchema.shape.q.safeParse(raw.q);
    if (q.success) filter = q.data;
  }
  if (problems.length) {
    markStatus(400);
    responseHeaders.set('Cache-Control', 'no-store');
  }
  const terms = solrTerms(filter);
  try {
    const answer = await context.solr.select<FaqDoc>('faq', {
      q: terms.length ? terms.join(' AND ') : '*:*',
      defType: terms.length ? 'edismax' : 'lucene',
      ...(terms.length ? { qf: 'question_custom^2 answer_custom', hl: true, 'hl.fl': 'question_custom,answer_custom' } : {}),
      fq: [`language:${SOLR_LANGUAGE[language]}`],
      rows: FAQ_LIST_ROWS,
      sort: 'leveltwocategory asc, id asc',
      fl: FAQ_FIELDS,
    });
    const collator = new Intl.Collator(LOCALE[language]);
    const groups = new Map<string, FaqGroup>();
    for (const doc of answer.response.docs) {
      const key = String(doc.producttype ?? doc.leveltwocategory ?? 'other');
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, name: String(doc.producttypename ?? doc.leveltwocategory ?? ''), entries: [] }));
      const marked = answer.highlighting?.[doc.id];
      group.entries.push({
        slug: String(doc.slug),
        question: String(doc.question_custom),
        answer: String(doc.answer_custom),
        ...(marked?.question_custom?.[0] ? { questionMarked: marked.question_custom[0] } : {}),
        ...(marked?.answer_custom?.[0] ? { answerMarked: marked.answer_custom[0] } : {}),
      });
    }
    const sorted = [...groups.values()].sort((a, b) => collator.compare(a.name, b.name));
    for (const group of sorted) group.entries.sort((a, b) => collator.compare(a.question, b.question));
    return { filter, groups: sorted, total: answer.response.numFound, problems, unavailable: false };
  } catch (error) {
    if (!(error instanceof SolrError)) throw error;
    markUnavailable();
    responseHeaders.set('Cache-Control', 'no-store');
    return { filter, groups: [], total: 0, problems, unavailable: true };
  }
}

function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

/** A question's own page, /support/faq/<slug>: the question, its answer and others on the same product type. */
export async function faqItemLoader({ context, language, itemPath, responseHeaders, markUnavailable }: LoaderArgs): Promise<FaqItemData | { unavailable: true }> {
  const rest = itemPath.startsWith(`${FAQ_PATH}/`) ? itemPath.slice(FAQ_PATH.length + 1) : '';
  const slug = faqSlugSchema.safeParse(rest);
  if (!slug.success) notFound();
  const lang = `language:${SOLR_LANGUAGE[language]}`;
  try {
    const found = await context.solr.select<FaqDoc>('faq', { q: `slug:${solrQuoted(slug.data)}`, fq: [lang], rows: 1, fl: FAQ_FIELDS });
    const doc = found.response.docs[0];
    if (!doc) notFound();
    const related = doc.producttype
      ? await context.solr.select<FaqDoc>('faq', { q: `producttype:${solrQuoted(doc.producttype)}`, fq: [lang, `-slug:${solrQuoted(doc.slug)}`], rows: 6, sort: 'date desc, id asc', fl: 'id,slug,question_custom' })
      : undefined;
    return {
      pageTitle: doc.question_custom,
      slug: doc.slug,
      question: doc.question_custom,
      answer: doc.answer_custom,
      productTypeName: String(doc.producttypename ?? doc.leveltwocategory ?? ''),
      date: String(doc.date ?? ''),
      related: (related?.response.docs ?? []).map((entry) => ({ slug: entry.slug, question: entry.question_custom })),
    };
  } catch (error) {
    if (!(error instanceof SolrError)) throw error;
    markUnavailable();
    responseHeaders.set('Cache-Control', 'no-store');
    return { unavailable: true };
  }
}

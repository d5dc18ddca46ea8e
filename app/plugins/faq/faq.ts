/** FAQs (read from Solr's `faq` core): what the list and the question pages get from their loaders. */

/** The text filter's parameter and its longest accepted value. */
export const FAQ_FILTER_PARAM = 'q';
export const FAQ_FILTER_MAX = 100;
/** Questions read for one list page: every FAQ of a language fits. */
export const FAQ_LIST_ROWS = 500;
/** Where the FAQ pages live; a question's own page is `${FAQ_PATH}/<slug>`. */
export const FAQ_PATH = '/support/faq';

export interface FaqEntry {
  slug: string;
  question: string;
  answer: string;
  /** The question and answer with the filter's words marked `<em>` (Solr highlighting), when filtered. */
  questionMarked?: string;
  answerMarked?: string;
}

export interface FaqGroup {
  /** The product type's key (an anchor on the page). */
  key: string;
  /** The product type's name in the page's language. */
  name: string;
  entries: FaqEntry[];
}

export type FaqProblem = 'filterTooLong' | 'filterInvalid' | 'letterInvalid';

export interface FaqListData {
  filter: string;
  groups: FaqGroup[];
  total: number;
  problems: FaqProblem[];
  unavailable: boolean;
}

export interface FaqItemData {
  pageTitle: string;
  slug: string;
  question: string;
  answer: string;
  productTypeName: string;
  date: string;
  related: Array<{ slug: string; question: string }>;
}

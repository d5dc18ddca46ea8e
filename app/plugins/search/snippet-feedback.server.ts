import { data, redirectDocument } from '@remix-run/node';
import { LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { beaconHopHref } from '~/lib/page-beacon.server.ts';
import type { SnippetFeedbackErrors, SnippetState } from './snippet-feedback.ts';
import { snippetFeedbackSchema } from './snippet-feedback.schema.ts';

const EVENT_VALUE = { like: 'likeSmartSnippet', dislike: 'dislikeSmartSnippet', reason: 'sendSmartSnippetReason' } as const;
const NEXT_STATE: Record<keyof typeof EVENT_VALUE, SnippetState> = { like: 'liked', dislike: 'disliked', reason: 'sent' };

/**
 * The smart snippet's feedback forms post here (through the page's action). A valid post answers
 * with a redirect to the same search, its snippet state in the URL (post, redirect, get: reload
 * and back never post twice), by way of the beacon, which logs the custom event where the
 * visitor's cookie is sent (/api/) and so joins it to the visitor's other events. A refused one
 * re-renders the page with the messages and what the visitor typed.
 */
export async function handleSnippetFeedback(request: Request, language: SiteLanguage, form: FormData): Promise<Response | DataAnswer> {
  const parsed = snippetFeedbackSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: SnippetFeedbackErrors['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'reason' || issue.path[0] === 'details' ? issue.path[0] : 'form';
      errors[field] ??= issue.message.startsWith('search.') ? issue.message : 'search.feedback.invalid';
    }
    const values = { reason: String(form.get('reason') ?? ''), details: String(form.get('details') ?? '').slice(0, 2000) };
    return data<SnippetFeedbackErrors>({ component: 'SearchResults', errors, values }, { status: 400 });
  }
  const feedback = parsed.data;
  const url = new URL(request.url);
  const back = new URL(request.url);
  back.searchParams.delete('index');
  back.searchParams.delete('_data');
  back.searchParams.set('snippet', NEXT_STATE[feedback.intent]);
  const event = {
    kind: 'custom' as const,
    // Feedback is no search: the visitor's recent queries stay as they are.
    query: '',
    found: false,
    body: {
      language: LANGUAGES[language].tag,
      originContext: 'Search' as const,
      originLevel1: 'default',
      originLevel2: url.searchParams.get('tab') ?? 'default',
      eventType: 'smartSnippet',
      eventValue: EVENT_VALUE[feedback.intent],
      lastSearchQueryUid: feedback.uid,
      customData: { question: feedback.question, ...(feedback.intent === 'reason' ? { reason: feedback.reason, details: feedback.details } : {}) },
    },
  };
  // A document load, with scripts too: the beacon is no page to render.
  return redirectDocument(beaconHopHref(event, `${back.pathname}?${back.searchParams.toString()}`), { status: 303 });
}

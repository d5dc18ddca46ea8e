import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { trackingAllowed, visitorIdFor } from '~/lib/analytics.server.ts';
import type { SnippetFeedbackErrors, SnippetState } from './snippet-feedback.ts';
import { snippetFeedbackSchema } from './snippet-feedback.schema.ts';

const EVENT_VALUE = { like: 'likeSmartSnippet', dislike: 'dislikeSmartSnippet', reason: 'sendSmartSnippetReason' } as const;
const NEXT_STATE: Record<keyof typeof EVENT_VALUE, SnippetState> = { like: 'liked', dislike: 'disliked', reason: 'sent' };

/**
 * The smart snippet's feedback forms post here (through the page's action). A valid post logs its
 * custom event and answers with a redirect to the same search, its snippet state in the URL
 * (post, redirect, get: reload and back never post twice). A refused one re-renders the page with
 * the messages and what the visitor typed.
 */
export async function handleSnippetFeedback(request: Request, context: AppLoadContext, form: FormData): Promise<Response | DataAnswer> {
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
  const headers = new Headers();
  if (trackingAllowed(request)) {
    const url = new URL(request.url);
    const visitorId = await visitorIdFor(request, headers, url.protocol === 'https:');
    context.analytics.send('custom', visitorId, {
      language: 'en',
      originContext: 'Search',
      originLevel1: 'default',
      originLevel2: url.searchParams.get('tab') ?? 'default',
      eventType: 'smartSnippet',
      eventValue: EVENT_VALUE[feedback.intent],
      lastSearchQueryUid: feedback.uid,
      anonymous: true,
      customData: { question: feedback.question, ...(feedback.intent === 'reason' ? { reason: feedback.reason, details: feedback.details } : {}) },
    });
  }
  const back = new URL(request.url);
  back.searchParams.delete('index');
  back.searchParams.delete('_data');
  back.searchParams.set('snippet', NEXT_STATE[feedback.intent]);
  return redirect(`${back.pathname}?${back.searchParams.toString()}`, { status: 303, headers });
}

import { Form, Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { FEEDBACK_REASONS, type SnippetFeedbackErrors, type SnippetState } from '../snippet-feedback.ts';
import type { AnswerView } from '../search-view.ts';

interface FeedbackProps {
  question: string;
  searchUid: string;
  state: SnippetState | undefined;
  /** The search page's address, without the snippet state, and with one. */
  hrefWith: (state: SnippetState | undefined) => string;
  refused: SnippetFeedbackErrors | undefined;
}

function Hidden({ question, searchUid, intent }: { question: string; searchUid: string; intent?: string }) {
  return (
    <>
      <input type="hidden" name="_component" value="SearchResults" />
      <input type="hidden" name="uid" value={searchUid} />
      <input type="hidden" name="question" value={question} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
    </>
  );
}

/**
 * Like and dislike are POST forms (REQ-SEARCH-10: like sets liked and clears disliked and closes the
 * modal; dislike sets disliked and clears liked). The feedback modal is a server-rendered
 * <dialog open> with a form; with JavaScript it becomes a true modal (focus kept inside, Escape
 * closes it).
 */
export function SnippetFeedback({ question, searchUid, state, hrefWith, refused }: FeedbackProps) {
  const t = useTranslate();
  const liked = state === 'liked';
  const disliked = state === 'disliked' || state === 'feedback' || state === 'sent';
  const modalOpen = (state === 'feedback' || Boolean(refused)) && !liked;
  return (
    <div className="snippet-feedback">
      <Form method="post" preventScrollReset className="snippet-feedback__vote">
        <Hidden question={question} searchUid={searchUid} />
        <span id="snippet-feedback-question">{t('search.feedback.question')}</span>
        <button type="submit" name="intent" value="like" className="button" aria-pressed={liked} aria-describedby="snippet-feedback-question">
          {t('search.feedback.yes')}
        </button>
        <button type="submit" name="intent" value="dislike" className="button" aria-pressed={disliked} aria-describedby="snippet-feedback-question">
          {t('search.feedback.no')}
        </button>
      </Form>
      {liked ? <p role="status">{t('search.feedback.thanks')}</p> : null}
      {state === 'disliked' ? (
        <p>
          <Link to={hrefWith('feedback')} preventScrollReset>
            {t('search.feedback.explain')}
          </Link>
        </p>
      ) : null}
      {state === 'sent' ? <p role="status">{t('search.feedback.sent')}</p> : null}
      {modalOpen ? <FeedbackDialog question={question} searchUid={searchUid} closeHref={hrefWith('disliked')} refused={refused} /> : null}
    </div>
  );
}

function FeedbackDialog({ question, searchUid, closeHref, refused }: { question: string; searchUid: string; closeHref: string; refused: SnippetFeedbackErrors | undefined }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element?.open && !element.matches(':modal')) {
      element.close();
      element.showModal();
    }
  }, []);
  const errors = refused?.errors ?? {};
  const values = refused?.values ?? {};
  return (
    <dialog
      ref={dialog}
      open
      className="feedback-dialog"
      aria-labelledby="feedback-title"
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true, replace: true });
      }}
    >
      <h2 id="feedback-title">{t('search.feedback.title')}</h2>
      <Form method="post" preventScrollReset noValidate={Boolean(refused)}>
        <Hidden question={question} searchUid={searchUid} intent="reason" />
        {errors.form ? (
          <p className="field-error" role="alert">
            {t(errors.form)}
          </p>
        ) : null}
        <fieldset aria-describedby={errors.reason ? 'feedback-reason-error' : undefined}>
          <legend>{t('search.feedback.reasonLegend')}</legend>
          {FEEDBACK_REASONS.map((reason) => (
            <label key={reason} className="choice">
              <input type="radio" name="reason" value={reason} defaultChecked={values.reason === reason} required />
              {t(`search.feedback.reason.${reason}`)}
            </label>
          ))}
          {errors.reason ? (
            <p className="field-error" id="feedback-reason-error" role="alert">
              {t(errors.reason)}
            </p>
          ) : null}
        </fieldset>
        <label htmlFor="feedback-details">{t('search.feedback.details')}</label>
        <textarea
          id="feedback-details"
          name="details"
          rows={4}
          maxLength={1000}
          defaultValue={values.details}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? 'feedback-details-error' : undefined}
        />
        {errors.details ? (
          <p className="field-error" id="feedback-details-error" role="alert">
            {t(errors.details)}
          </p>
        ) : null}
        <p className="form-actions">
          <button type="submit" className="button button--primary">
            {t('search.feedback.send')}
          </button>
          <Link to={closeHref} preventScrollReset replace>
            {t('search.feedback.cancel')}
          </Link>
        </p>
      </Form>
    </dialog>
  );
}

/** The smart snippet (REQ-SEARCH-10): the answer to the query's question, related questions, and the feedback on it. */
export function SmartSnippet({ answer, ...feedback }: Omit<FeedbackProps, 'question'> & { answer: AnswerView & { related: AnswerView[] } }) {
  const t = useTranslate();
  return (
    <section className="smart-snippet" aria-label={t('search.answer')}>
      <h2>{answer.question}</h2>
      <details open>
        <summary>{t('search.answer')}</summary>
        <div className="prose" dangerouslySetInnerHTML={{ __html: answer.answerHtml }} />
      </details>
      {answer.related.length ? (
        <div className="smart-snippet__related">
          <h3>{t('search.relatedQuestions')}</h3>
          {answer.related.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <div className="prose" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
            </details>
          ))}
        </div>
      ) : null}
      <SnippetFeedback question={answer.question} {...feedback} />
    </section>
  );
}

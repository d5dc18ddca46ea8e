import type { DeliveryResult, Submission } from '../outbox.ts';
import { classify } from './sample-request.ts';

/** The e-mail port's client: SendGrid's JSON to `{EMAIL_API_URL}` with a bearer key and the idempotency key. */
export function emailPort(options: { url: () => string; apiKey: string }) {
  return async (payload: unknown, submission: Submission): Promise<DeliveryResult> => {
    const { reference: _reference, ...mail } = payload as Record<string, unknown>;
    try {
      const response = await fetch(options.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}`, 'idempotency-key': submission.idempotencyKey },
        body: JSON.stringify(mail),
        signal: AbortSignal.timeout(10_000),
      });
      return classify(response);
    } catch (error) {
      return { kind: 'retry', error: `unreachable: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}

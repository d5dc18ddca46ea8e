import type { DeliveryResult, Submission } from '../outbox.ts';

/**
 * The sample-request port's client (REQ-PORT-2): `POST {service}/request-sample`, JSON, with the API
 * token header and the submission's idempotency key. 2xx delivered; 408, 429 and 5xx or no answer
 * retried (Retry-After honoured); other 4xx are permanent (the message is parked, not dropped).
 */
export function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export async function classify(response: Response): Promise<DeliveryResult> {
  if (response.ok) return { kind: 'delivered' };
  const detail = `${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`;
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    const wait = retryAfterMs(response);
    return { kind: 'retry', error: detail, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
  }
  return { kind: 'permanent', error: detail };
}

export function sampleRequestPort(options: { serviceUrl: () => string; apiToken: string }) {
  return async (payload: unknown, submission: Submission): Promise<DeliveryResult> => {
    let response: Response;
    try {
      response = await fetch(`${options.serviceUrl()}/request-sample`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-token': options.apiToken, 'idempotency-key': submission.idempotencyKey },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return { kind: 'retry', error: `unreachable: ${error instanceof Error ? error.message : String(error)}` };
    }
    return classify(response);
  };
}

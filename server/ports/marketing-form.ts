import type { DeliveryResult, Submission } from '../outbox.ts';
import { classify } from './sample-request.ts';

/** The marketing-form port's client (REQ-PORT-3: portalId, formGuid and the fields). */
export interface MarketingFormPayload {
  formGuid: string;
  fields: Array<{ name: string; value: string }>;
  context: { pageUri: string; pageName: string };
}

export function marketingFormPort(options: { url: () => string; portalId: string }) {
  return async (payload: unknown, submission: Submission): Promise<DeliveryResult> => {
    const { formGuid, fields, context } = payload as MarketingFormPayload;
    try {
      const response = await fetch(`${options.url()}/submissions/v3/integration/submit/${encodeURIComponent(options.portalId)}/${encodeURIComponent(formGuid)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': submission.idempotencyKey },
        body: JSON.stringify({ fields, context }),
        signal: AbortSignal.timeout(10_000),
      });
      return classify(response);
    } catch (error) {
      return { kind: 'retry', error: `unreachable: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}

import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';

/**
 * The sample-request service's read side: `GET {SAMPLE_REQUEST_URL}/request-sample?email=` with the
 * API token header lists what it has received for one requester, with each request's status
 * (the write side is the outbox's port, server/ports/sample-request.ts). Undefined: the service did
 * not answer, answered an error or answered something else.
 */

const receivedSchema = z.object({ requests: z.array(z.object({ reference: z.string(), status: z.string() })).default([]) });

/** Status by reference, as the service names it. */
export async function receivedSampleRequests(context: AppLoadContext, email: string): Promise<Map<string, string> | undefined> {
  const { sampleRequests } = context.config;
  try {
    const response = await fetch(`${sampleRequests.serviceUrl}/request-sample?${new URLSearchParams({ email })}`, { headers: { 'x-api-token': sampleRequests.apiToken }, signal: AbortSignal.timeout(3000) });
    if (!response.ok) return undefined;
    const parsed = receivedSchema.safeParse(await response.json());
    return parsed.success ? new Map(parsed.data.requests.map((entry) => [entry.reference, entry.status])) : undefined;
  } catch {
    return undefined;
  }
}

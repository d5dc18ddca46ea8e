import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { answerBeacon } from '~/lib/page-beacon.server.ts';

/**
 * GET /api/beacon?view=...&search=...: a page's analytics record, from the page's image (no
 * JavaScript); POST the same from navigator.sendBeacon. 400 for a record that is not one.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => answerBeacon(request, context);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'GET, HEAD, POST', 'Cache-Control': 'no-store' } });
  return answerBeacon(request, context);
}

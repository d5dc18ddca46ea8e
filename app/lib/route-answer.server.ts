import type { data } from '@remix-run/node';

/**
 * A loader's or action's answer with a status or headers of its own (`data(value, init)`): with
 * Single Fetch the value travels as it is, never through a JSON Response and back.
 */
export type DataAnswer<T = unknown> = ReturnType<typeof data<T>>;

/** A `data()` answer thrown on purpose (a 404, a 405), not a fault. */
export function isDataAnswer(value: unknown): value is DataAnswer {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

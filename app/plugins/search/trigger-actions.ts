/**
 * The page actions an execute trigger of the query pipeline can name (Coveo runs a client-side
 * function of that name). Ours are server-rendered calls to action, so they work without
 * JavaScript; adding one is one entry here and its dictionary key.
 */
export const TRIGGER_ACTIONS = {
  openSampleRequest: { path: '/request-sample', labelKey: 'search.action.openSampleRequest' },
} as const satisfies Record<string, { path: string; labelKey: string }>;

export type TriggerActionName = keyof typeof TRIGGER_ACTIONS;

export function isTriggerAction(name: string): name is TriggerActionName {
  return Object.hasOwn(TRIGGER_ACTIONS, name);
}

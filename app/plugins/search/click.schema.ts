import { z } from 'zod';

// Schemas live apart from the constants the components import, so the browser bundle has no zod.
/** A click beacon's query (see click.ts), read by POST /api/search/click. */
export const clickBeaconSchema = z.object({
  uid: z.string().max(100).default(''),
  pos: z.coerce.number().int().min(1).max(5000),
  id: z.string().min(1).max(2000),
  hash: z.string().max(100).default(''),
  pid: z.string().max(200).default(''),
  uri: z.string().min(1).max(2000),
  title: z.string().max(500).default(''),
  src: z.string().max(200).default(''),
  tab: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).default('default'),
  lang: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/).default('en'),
});
export type ClickBeacon = z.infer<typeof clickBeaconSchema>;

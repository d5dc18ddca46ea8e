import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import { DESIGN_CENTER_MARKETS, findApplication, findMarket } from '@voltaris/catalogue/design-center-applications';

/**
 * The design center's two static JSON files (REQ-LIST-5: a selection guide and an industry relay
 * list), served as they are under /data/ and read by the design-center pages. One schema each:
 * a file that names a product type, a parameter, a market or an application the catalogue does
 * not have is refused as a whole, so a page never shows a row whose links lead nowhere.
 */

const localizedText = z.object({ en: z.string().min(1), de: z.string().min(1), ja: z.string().min(1), zh: z.string().min(1) }).strict();

const productTypeKeys = PRODUCT_TYPES.map((type) => type.key) as [string, ...string[]];
const relayCategories = PRODUCT_TYPES.find((type) => type.key === 'relays')!.l3.map((l3) => l3.en) as [string, ...string[]];

function parameterOf(productType: string, field: string) {
  return PRODUCT_TYPES.find((type) => type.key === productType)?.parameters.find((parameter) => parameter.field === field);
}

/** A parameter window: at least one bound, and min not above max. */
const windowChecks = (value: { min?: number; max?: number }, ctx: z.RefinementCtx) => {
  if (value.min === undefined && value.max === undefined) ctx.addIssue({ code: 'custom', message: 'a row needs a min or a max', path: ['min'] });
  if (value.min !== undefined && value.max !== undefined && value.min > value.max) ctx.addIssue({ code: 'custom', message: 'min is above max', path: ['min'] });
};

export const SELECTION_KINDS = ['protect', 'sense', 'switch'] as const;
export type SelectionKind = (typeof SELECTION_KINDS)[number];

const selectionRow = z
  .object({
    kind: z.enum(SELECTION_KINDS),
    productType: z.enum(productTypeKeys),
    /** An electrical parameter of the product type, in its SI base unit. */
    parameter: z.string(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    function: localizedText,
    why: localizedText,
  })
  .strict()
  .superRefine((row, ctx) => {
    if (!parameterOf(row.productType, row.parameter)) ctx.addIssue({ code: 'custom', message: `${row.productType} has no parameter "${row.parameter}"`, path: ['parameter'] });
    windowChecks(row, ctx);
  });

export const selectionGuideSchema = z
  .object({
    version: z.literal(1),
    applications: z.array(
      z
        .object({ market: z.string(), application: z.string(), rows: z.array(selectionRow).min(1) })
        .strict()
        .superRefine((entry, ctx) => {
          if (!findApplication(entry.market, entry.application)) ctx.addIssue({ code: 'custom', message: `no application ${entry.market}/${entry.application}`, path: ['application'] });
        }),
    ),
  })
  .strict();
export type SelectionGuide = z.infer<typeof selectionGuideSchema>;
export type SelectionRow = SelectionGuide['applications'][number]['rows'][number];

export const industryRelayListSchema = z
  .object({
    version: z.literal(1),
    entries: z.array(
      z
        .object({
          industry: z.string().refine((value) => findMarket(value) !== undefined, { message: `an industry is one of ${DESIGN_CENTER_MARKETS.map((market) => market.slug).join(', ')}` }),
          /** The relays' L3 category, as the index names it. */
          category: z.enum(relayCategories),
          parameter: z.string(),
          min: z.number().finite().optional(),
          max: z.number().finite().optional(),
          use: localizedText,
          duty: localizedText,
        })
        .strict()
        .superRefine((entry, ctx) => {
          if (!parameterOf('relays', entry.parameter)) ctx.addIssue({ code: 'custom', message: `relays have no parameter "${entry.parameter}"`, path: ['parameter'] });
          windowChecks(entry, ctx);
        }),
    ),
  })
  .strict();
export type IndustryRelayList = z.infer<typeof industryRelayListSchema>;
export type RelayEntry = IndustryRelayList['entries'][number];

export const DATA_FILES = {
  selectionGuide: { file: 'selection-guide.json', url: '/data/selection-guide.json', schema: selectionGuideSchema },
  industryRelayList: { file: 'industry-relay-list.json', url: '/data/industry-relay-list.json', schema: industryRelayListSchema },
} as const;

export class DataFileError extends Error {
  constructor(readonly file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'DataFileError';
  }
}

/** What each data file holds once its schema has checked it. */
interface DataFileContents {
  selectionGuide: SelectionGuide;
  industryRelayList: IndustryRelayList;
}

/** Each file's checked contents by its path, with the modification time they were read at. */
const caches: { [K in keyof DataFileContents]: Map<string, { mtimeMs: number; data: DataFileContents[K] }> } = {
  selectionGuide: new Map(),
  industryRelayList: new Map(),
};

/** Reads and checks one file with its own schema (the caller names which, so the type is the schema's). */
function readChecked<T>(file: string, schema: z.ZodType<T>, cache: Map<string, { mtimeMs: number; data: T }>, publicDir: string): T {
  const full = path.resolve(publicDir, file);
  const { mtimeMs } = statSync(full);
  const cached = cache.get(full);
  if (cached?.mtimeMs === mtimeMs) return cached.data;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, 'utf8'));
  } catch (error) {
    throw new DataFileError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DataFileError(file, `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  cache.set(full, { mtimeMs, data: parsed.data });
  return parsed.data;
}

/**
 * Reads and checks a data file from the public folder the site serves it from; re-read when the
 * file changes (an editor's correction shows without a restart). A file that fails its schema
 * throws DataFileError naming the first problem.
 */
export function readDataFile(key: 'selectionGuide', publicDir?: string): SelectionGuide;
export function readDataFile(key: 'industryRelayList', publicDir?: string): IndustryRelayList;
export function readDataFile(key: keyof DataFileContents, publicDir = 'public/data'): SelectionGuide | IndustryRelayList {
  return key === 'selectionGuide'
    ? readChecked(DATA_FILES.selectionGuide.file, DATA_FILES.selectionGuide.schema, caches.selectionGuide, publicDir)
    : readChecked(DATA_FILES.industryRelayList.file, DATA_FILES.industryRelayList.schema, caches.industryRelayList, publicDir);
}

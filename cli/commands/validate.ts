import type { Command } from 'commander';
import type { z } from 'zod';
import {
  checkRange,
  facetIdSchema,
  highlightDelimiterSchema,
  paginationSchema,
  parseRelativeDate,
  parseSearchDate,
  parseSortCriteria,
  partNumberSchema,
  RANGE_MESSAGE,
  recentMaxLengthSchema,
  recommendationSchema,
  RuleError,
  textSchema,
  trimToReachable,
} from '../../app/lib/search-rules.ts';
import { facetRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { EXIT, UsageError, type CliIo } from '../io.ts';

/**
 * sitectl validate <kind> [value...]: checks values with the very rules the site and the search
 * service use (app/lib/search-rules.ts, REQ-CLI-1). Values come from the arguments, or one per
 * line on stdin; every input gets a report line.
 */

export interface Verdict {
  input: string;
  valid: boolean;
  message?: string;
  /** The value as the rule reads it (a normalized date, a trimmed count, ...). */
  value?: unknown;
}

interface FacetFlags {
  id?: string;
  field?: string;
  type?: string;
  numberOfValues?: string;
  allowedValues?: string;
  sort?: string;
  max?: string;
}

/**
 * A union's own message is "Invalid input": the branch the value was meant for says what is allowed
 * (a facet sort given as text is meant for the list of names, one given as an object for the object
 * form). That is the branch that read furthest into the value, and of equals one that took its type.
 */
function explained(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const score = (candidate: z.core.$ZodIssue) => candidate.path.length * 2 + (candidate.code === 'invalid_type' ? 0 : 1);
  const meant = issue.errors
    .flatMap((branch) => (branch[0] ? [branch[0]] : []))
    .reduce<z.core.$ZodIssue | undefined>((best, candidate) => (!best || score(candidate) > score(best) ? candidate : best), undefined);
  if (!meant) return issue;
  const inner = explained(meant);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

const firstMessage = (error: z.ZodError) => {
  const issue = explained(error.issues[0]!);
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};

function fromSchema<T>(input: string, schema: z.ZodType<T>, value: unknown = input): Verdict {
  const parsed = schema.safeParse(value);
  return parsed.success ? { input, valid: true, value: parsed.data } : { input, valid: false, message: firstMessage(parsed.error) };
}

function fromRule(input: string, rule: () => unknown): Verdict {
  try {
    return { input, valid: true, value: rule() };
  } catch (error) {
    if (error instanceof RuleError) return { input, valid: false, message: error.message };
    throw error;
  }
}

/** "a b", "a,b" or "a..b" (the Coveo range form); `expected` says what the two values are. */
function pair(input: string, expected: string): [string, string] {
  const parts = input.includes('..') ? input.split('..') : input.split(/[\s,]+/).filter(Boolean);
  if (parts.length !== 2) throw new UsageError(`${expected}: got "${input}".`);
  return [parts[0]!.trim(), parts[1]!.trim()];
}

const RANGE = 'A range is two values, start and end';

const dateOf = (value: string) => (/^(past|now|next)/.test(value) ? parseRelativeDate(value) : parseSearchDate(value));

const number = (raw: string, name: string) => {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new RuleError(`${name} must be a number: got "${raw}".`);
  return value;
};

/** A number given as an option's value: not a number is a usage error; whether it is allowed is the rule's to say. */
const optionNumber = (raw: string, flag: string) => {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`${flag} must be a whole number: got "${raw}".`);
  return value;
};

export const KINDS: Record<string, { summary: string; arity?: 2; check: (input: string, flags: FacetFlags) => Verdict }> = {
  date: { summary: 'a search date, YYYY/MM/DD@HH:mm:ss (REQ-VALID-6)', check: (input) => fromRule(input, () => new Date(parseSearchDate(input)).toISOString()) },
  'relative-date': { summary: 'past|now|next-amount-unit, e.g. past-3-day (REQ-VALID-7)', check: (input) => fromRule(input, () => new Date(parseRelativeDate(input)).toISOString()) },
  'date-range': {
    summary: 'start and end dates (absolute or relative); start must not be after end',
    arity: 2,
    check: (input) =>
      fromRule(input, () => {
        const [start, end] = pair(input, RANGE);
        const range = { start: dateOf(start), end: dateOf(end) };
        checkRange(range.start, range.end);
        return { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() };
      }),
  },
  'numeric-range': {
    summary: 'start and end numbers; start must not exceed end',
    arity: 2,
    check: (input) =>
      fromRule(input, () => {
        const [start, end] = pair(input, RANGE);
        const range = { start: number(start, 'start'), end: number(end, 'end') };
        if (range.start > range.end) throw new RuleError(RANGE_MESSAGE);
        return range;
      }),
  },
  facet: {
    summary: 'a facet request as JSON, or --id/--field/--type/--number-of-values/--allowed-values/--sort',
    check: (input, flags) => {
      let request: unknown;
      if (input === '(flags)') {
        request = {
          facetId: flags.id,
          field: flags.field,
          type: flags.type ?? 'specific',
          ...(flags.numberOfValues !== undefined ? { numberOfValues: optionNumber(flags.numberOfValues, '--number-of-values') } : {}),
          ...(flags.allowedValues !== undefined ? { allowedValues: { type: 'simple', values: flags.allowedValues.split(',').map((v) => v.trim()) } } : {}),
          ...(flags.sort !== undefined ? { sortCriteria: flags.sort } : {}),
        };
      } else {
        try {
          request = JSON.parse(input);
        } catch {
          return { input, valid: false, message: 'The facet request is not valid JSON.' };
        }
      }
      return fromSchema(input, facetRequestSchema, request);
    },
  },
  'facet-id': { summary: 'letters, digits, dash and underscore (REQ-VALID-3)', check: (input) => fromSchema(input, facetIdSchema) },
  sort: {
    summary: 'relevancy, qre, date, @field or nosort, with ascending/descending (REQ-VALID-5)',
    check: (input) => fromRule(input, () => parseSortCriteria(input)),
  },
  pagination: {
    summary: 'firstResult and numberOfResults, at least 0; trimmed to the 5000 reachable results (REQ-VALID-2, REQ-SEARCH-4)',
    arity: 2,
    check: (input) => {
      const [first, count] = pair(input, 'Pagination is two whole numbers, firstResult and numberOfResults (e.g. 0 12)');
      const numbers = fromRule(input, () => ({ firstResult: number(first, 'firstResult'), numberOfResults: number(count, 'numberOfResults') }));
      if (!numbers.valid) return numbers;
      const verdict = fromSchema(input, paginationSchema, numbers.value);
      if (!verdict.valid) return verdict;
      const { firstResult, numberOfResults } = verdict.value as { firstResult: number; numberOfResults: number };
      const trimmed = trimToReachable(firstResult, numberOfResults);
      return {
        ...verdict,
        value: { firstResult, numberOfResults: trimmed },
        ...(trimmed !== numberOfResults ? { message: `numberOfResults trimmed to ${trimmed} (first plus count stays within 5000)` } : {}),
      };
    },
  },
  'part-number': { summary: '4 to 10 letters, digits, hyphens, periods or spaces, at least one digit (REQ-VALID-9)', check: (input) => fromSchema(input, partNumberSchema) },
  text: { summary: 'letters, digits, slash, parentheses, underscore, period, hyphen, space; HTML stripped (REQ-VALID-10)', check: (input) => fromSchema(input, textSchema) },
  highlight: { summary: 'a highlight delimiter: a non-empty string (REQ-VALID-11)', check: (input) => fromSchema(input, highlightDelimiterSchema) },
  recommendation: {
    summary: 'skus (comma-separated) with --max 1 to 50 (REQ-VALID-12)',
    check: (input, flags) =>
      fromSchema(input, recommendationSchema, {
        skus: input.split(',').map((sku) => sku.trim()).filter(Boolean),
        ...(flags.max !== undefined ? { maxNumberOfRecommendations: optionNumber(flags.max, '--max') } : {}),
      }),
  },
  recent: { summary: 'a maxLength of recent queries or results, at least 1 (REQ-VALID-13)', check: (input) => fromSchema(input, recentMaxLengthSchema, Number(input)) },
};

export async function runValidate(kind: string, values: string[], flags: FacetFlags & { json?: boolean }, io: CliIo): Promise<number> {
  const rule = KINDS[kind];
  if (!rule) throw new UsageError(`Unknown kind "${kind}". Kinds: ${Object.keys(KINDS).join(', ')}.`);
  let inputs: string[];
  if (kind === 'facet' && values.length === 0 && (flags.id !== undefined || flags.field !== undefined)) {
    inputs = ['(flags)'];
  } else if (values.length > 0) {
    inputs = rule.arity === 2 ? [values.join(' ')] : values;
  } else {
    const lines = await io.readLines();
    if (!lines || lines.length === 0) throw new UsageError(`Give a value to validate, or pipe one per line on stdin.`);
    inputs = lines;
  }
  const verdicts = inputs.map((input) => rule.check(input, flags));
  const allValid = verdicts.every((v) => v.valid);
  if (flags.json) {
    io.out(JSON.stringify({ kind, valid: allValid, results: verdicts }, null, 2));
  } else {
    for (const verdict of verdicts) {
      const label = verdict.input === '(flags)' ? 'facet from flags' : JSON.stringify(verdict.input);
      io.out(verdict.valid ? `✔ ${label}${verdict.message ? `: ${verdict.message}` : ''}` : `✖ ${label}: ${verdict.message}`);
    }
  }
  return allValid ? EXIT.ok : EXIT.problems;
}

export function registerValidate(program: Command, io: CliIo, setExit: (code: number) => void) {
  program
    .command('validate')
    .description('check values with the site’s own search rules (REQ-CLI-1)')
    .argument('<kind>', `one of: ${Object.keys(KINDS).join(', ')}`)
    .argument('[value...]', 'values to check; none: one per line from stdin')
    .option('--id <id>', 'facet: facetId')
    .option('--field <field>', 'facet: field')
    .option('--type <type>', 'facet: specific, numericalRange, dateRange or hierarchical')
    .option('--number-of-values <n>', 'facet: numberOfValues')
    .option('--allowed-values <list>', 'facet: comma-separated allowed values')
    .option('--sort <criterion>', 'facet: sort criterion')
    .option('--max <n>', 'recommendation: maxNumberOfRecommendations')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Kinds:
${Object.entries(KINDS)
  .map(([name, kind]) => `  ${name.padEnd(15)} ${kind.summary}`)
  .join('\n')}

Examples:
  $ sitectl validate date 2024/05/17@13:45:00
  $ sitectl validate relative-date past-3-day
  $ sitectl validate numeric-range 10 5            # exit 1: start greater than end
  $ sitectl validate facet --id series --field series --number-of-values 8
  $ sitectl validate recommendation SMBJ15CA,SMBJ18CA --max 10
  $ printf '0451005\\nabc\\n' | sitectl validate part-number --json`,
    )
    .action(async (kind: string, values: string[], flags: FacetFlags & { json?: boolean }) => {
      setExit(await runValidate(kind, values, flags, io));
    });
}

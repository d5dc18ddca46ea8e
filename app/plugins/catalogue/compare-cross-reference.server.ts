import type { AppLoadContext } from '@remix-run/node';
import { normalizePartNumber, readPartNumber, type PartNumberReading } from '@voltaris/catalogue/part-numbers';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import { LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { crossReferenceNumberSchema, partNumberSchema } from '~/lib/search-rules.ts';
import { allOf, fieldCompares, fieldIs } from '~/search-api/query-expression.server.ts';
import { searchCatalogue } from './search-api.server.ts';
import { categoryTree, parameterByField, parametersOfType } from './taxonomy.server.ts';
import { MAX_COMPARE, parseCompareParts } from './url-state.ts';
import type { CompareView, CrossReferenceMatch, CrossReferenceView, PartSummary } from './view-types.ts';
import { PRODUCT, fetchParts, partOf } from './catalogue-reads.server.ts';

const TEMPERATURE_FIELDS = ['operatingtemperaturemin', 'operatingtemperaturemax'];

export async function compare(url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CompareView> {
  const { parts: requested, dropped } = parseCompareParts(url.searchParams);
  const add = url.searchParams.get('add')?.normalize('NFKC').trim().toUpperCase() ?? '';
  let addProblem: string | undefined;
  let wanted = requested;
  if (add) {
    const valid = partNumberSchema.safeParse(add);
    if (!valid.success) addProblem = 'partNumberInvalid';
    else if (requested.includes(add)) wanted = requested;
    else if (requested.length >= MAX_COMPARE) addProblem = 'compareFull';
    else wanted = [...requested, add];
  }
  const parts = await fetchParts(wanted, language, context, request);
  if (add && !addProblem && !parts.some((p) => p.partNumber === add)) addProblem = 'unknownPart';
  const byField = parameterByField(language);
  const fields: string[] = [];
  // The operating temperature range is one row of its own (ComparePage), not two rows of its ends.
  for (const part of parts) for (const parameter of parametersOfType(part.l2, language)) if (!fields.includes(parameter.field) && !TEMPERATURE_FIELDS.includes(parameter.field)) fields.push(parameter.field);
  const rows = fields.map((field) => {
    const values = parts.map((part) => part.values[field] ?? null);
    const present = values.filter((v) => v !== null);
    return { parameter: byField.get(field)!, values, differs: new Set(values.map(String)).size > 1 || present.length !== values.length };
  });
  return {
    kind: 'compare',
    parts,
    missing: wanted.filter((pn) => !parts.some((p) => p.partNumber === pn) && pn !== add),
    rows,
    hideEqual: url.searchParams.get('equal') === 'hide',
    dropped,
    add: addProblem ? add : '',
    addProblem,
  };
}

/**
 * A TVS diode's suffix says its direction (C: bidirectional), its tolerance (A: 5 % on the
 * breakdown voltage, else 10 %) and its grade (Q: AEC-Q101 automotive). Ours is read from the
 * index's series variant, as the number itself may have lost its suffix (SMBJ5-5.0 is an AQ part
 * whose full number is longer than 10 characters, part-numbers.ts).
 */
function tvsSuffix(suffix: string) {
  return { bidirectional: suffix.startsWith('C'), tolerance: /^C?A/.test(suffix) ? ('a' as const) : ('none' as const), automotive: /Q$/.test(suffix) };
}

/** The suffix our part was issued with: its series variant without the series ("SMBJ5-AQ" -> "AQ"; "-STD" none). */
function ourSuffix(raw: Record<string, unknown>, partNumber: string): string {
  const variant = typeof raw.seriesvariant === 'string' ? raw.seriesvariant : '';
  const series = typeof raw.series === 'string' ? raw.series : '';
  if (variant.startsWith(`${series}-`)) {
    const suffix = variant.slice(series.length + 1);
    return suffix === 'STD' ? '' : suffix;
  }
  return /\d(C?AQ?|CQ?)$/.exec(partNumber)?.[1] ?? '';
}

/**
 * JEDEC registrations (1N4007, 2N2222, 1N5819) carry no rating in the number: a rectifier 1N4007
 * read as a "1N4" TVS diode of 7 V offered 7 V TVS diodes. They are answered "no equivalent".
 */
const JEDEC = /^[1-4]N\d{3,4}[A-Z]{0,3}$/;

interface Candidate {
  part: PartSummary;
  reading: PartNumberReading;
  ours: boolean;
  /** The part's suffix as issued (TVS direction, tolerance, grade). */
  suffix: string;
}

/**
 * How close one of our parts is to what a typed number says. A drop-in has the same product type,
 * the same rating and the same package (the typed number's, or its series' when the series is
 * ours), and for TVS diodes the same direction; anything else is similar, never a drop-in.
 */
function grade({ part, reading, ours, suffix }: Candidate) {
  const value = part.values[reading.field];
  const distance = value === undefined || value <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(value / reading.value));
  const sameRating = distance < 0.005;
  const sameSeries = ours && part.series.toUpperCase() === reading.series;
  const samePackage = reading.packageName ? part.package === reading.packageName : sameSeries;
  const typed = tvsSuffix(reading.suffix);
  const mine = tvsSuffix(suffix);
  const tvs = reading.typeKey === 'tvs';
  const sameDirection = !tvs || typed.bidirectional === mine.bidirectional;
  // Decision 0161: a drop-in matches every rating, polarity, grade and package the number says.
  const sameTolerance = !tvs || typed.tolerance === mine.tolerance;
  const sameGrade = !tvs || typed.automotive === mine.automotive;
  const dropIn = sameRating && samePackage && sameDirection && sameTolerance && sameGrade;
  // Drop-ins first, then the same rating, the same package, the same series, then the nearest rating.
  const rank = (dropIn ? 0 : 8) + (sameRating ? 0 : 4) + (samePackage ? 0 : 2) + (sameSeries ? 0 : 1) + Math.min(distance, 50) / 100;
  return { dropIn, sameRating, samePackage, sameSeries, sameDirection, sameTolerance, sameGrade, mine, rank };
}

export async function crossReference(url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CrossReferenceView> {
  const typed = (url.searchParams.get('part') ?? '').trim();
  const base = { kind: 'crossReference' as const, query: typed };
  if (!typed) return { ...base, matches: [] };
  const valid = crossReferenceNumberSchema.safeParse(typed);
  if (!valid.success) return { ...base, matches: [], problem: 'crossReferenceInvalid' };
  const number = normalizePartNumber(valid.data);
  const locale = LANGUAGES[language].tag;
  // Ours keep REQ-VALID-9's pattern: only such a number can be one of our parts.
  const exact = partNumberSchema.safeParse(number).success ? await fetchParts([number], language, context, request) : [];
  if (exact[0]) return { ...base, matches: [{ part: exact[0], grade: 'dropIn', reason: { code: 'same' } }] };

  // What the number says under each type's scheme (part-numbers.ts): ours or another maker's.
  const readings = JEDEC.test(number) ? [] : readPartNumber(number).filter((reading) => TYPE_BY_KEY.has(reading.typeKey));
  if (readings.length === 0) return { ...base, matches: [] };
  const seriesNames = [...new Set(readings.map((reading) => reading.series))];
  const known = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('series', seriesNames)), numberOfResults: 0, facets: [{ type: 'specific', facetId: 'series', field: 'series', numberOfValues: seriesNames.length, currentValues: [] }], locale }, request);
  const ourSeries = new Set((known.facets[0]?.values ?? []).map((value) => value.value.toUpperCase()));
  // Readings through one of our series, else through a family whose package is known, else all.
  const tiers = [readings.filter((reading) => ourSeries.has(reading.series)), readings.filter((reading) => reading.packageName), readings];
  const chosen = (tiers.find((tier) => tier.length > 0) ?? []).slice(0, 4);
  const candidates: Candidate[] = [];
  await Promise.all(
    chosen.map(async (reading) => {
      const type = TYPE_BY_KEY.get(reading.typeKey)!;
      const ofType = allOf(PRODUCT, fieldIs('leveltwocategory', type.l2.en));
      const band = (low: number, high: number) => [fieldCompares(reading.field, 'greaterThanOrEqual', reading.value * low), fieldCompares(reading.field, 'lowerThanOrEqual', reading.value * high)];
      const ours = ourSeries.has(reading.series);
      // The same rating (every package), the same rating in the named package, the series itself, and the neighbourhood.
      const queries = [
        allOf(ofType, ...band(0.995, 1.005)),
        reading.packageName ? allOf(ofType, fieldIs('package', reading.packageName), ...band(0.995, 1.005)) : undefined,
        ours ? allOf(PRODUCT, fieldIs('series', reading.series)) : undefined,
        allOf(ofType, ...band(0.5, 2)),
      ].filter((aq): aq is string => aq !== undefined);
      const answers = await Promise.all(queries.map((aq) => searchCatalogue(context, { aq, numberOfResults: 200, locale }, request)));
      for (const answer of answers)
        for (const result of answer.results) {
          const part = partOf(result, language);
          candidates.push({ part, reading, ours, suffix: ourSuffix(result.raw, part.partNumber) });
        }
    }),
  );
  const byField = parameterByField(language);
  // A package the typed number names, as the page's language writes it (any of our parts in it says how).
  const displayOf = new Map(candidates.map(({ part }) => [part.package ?? '', part.packageDisplay ?? part.package ?? '']));
  const graded = candidates.map((candidate) => ({ candidate, ...grade(candidate) })).sort((a, b) => a.rank - b.rank || a.candidate.part.partNumber.localeCompare(b.candidate.part.partNumber));
  const seen = new Set<string>();
  const matches: CrossReferenceMatch[] = [];
  for (const one of graded) {
    const { part, reading } = one.candidate;
    if (seen.has(part.partNumber) || matches.length >= 5) continue;
    seen.add(part.partNumber);
    const parameter = byField.get(reading.field);
    matches.push({
      part,
      grade: one.dropIn ? 'dropIn' : 'similar',
      reason: {
        code: one.sameSeries ? 'series' : 'category',
        name: one.sameSeries ? part.series : (categoryName(reading.typeKey, language) ?? part.l2),
        ...(parameter ? { parameter: parameter.label, unit: parameter.unit, wanted: reading.value, value: part.values[reading.field] ?? null } : {}),
        sameRating: one.sameRating,
        samePackage: one.samePackage,
        ...(part.packageDisplay ? { package: part.packageDisplay } : {}),
        ...(reading.packageName ? { wantedPackage: displayOf.get(reading.packageName) ?? reading.packageName } : {}),
        ...(one.sameDirection ? {} : { direction: one.mine.bidirectional ? 'bidirectional' : 'unidirectional' }),
        ...(one.sameTolerance ? {} : { tolerance: one.mine.tolerance }),
        ...(one.sameGrade ? {} : { automotive: one.mine.automotive }),
      },
    });
  }
  return { ...base, matches };
}

const TYPE_BY_KEY = new Map(PRODUCT_TYPES.map((type) => [type.key, type]));

function categoryName(typeKey: string, language: SiteLanguage): string | undefined {
  const type = TYPE_BY_KEY.get(typeKey);
  if (!type) return undefined;
  for (const l1 of categoryTree(language)) for (const node of l1.children) if (node.indexName === type.l2.en) return node.name;
  return undefined;
}

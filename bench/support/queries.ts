/**
 * Search queries never asked before in a run, so neither the site, nginx nor the Search API can
 * reuse an answer: as real visitors mostly type. Half look like part numbers (about 50,000
 * possible), half are three words and a value (about 560,000). One generator serves every bench,
 * so their "distinct search" rows measure the same mix of queries.
 */
const WORDS = ['fuse', 'tvs', 'diode', 'relay', 'varistor', 'reed', 'switch', 'surge', 'protection', 'igbt', 'module', 'thermistor', 'ptc', 'ntc', 'esd', 'array', 'mosfet', 'rectifier', 'schottky', 'sensor', 'automotive', 'slow', 'fast', 'ceramic', 'glass', 'smd', 'bidirectional', 'gate', 'driver', 'power', 'temperature', 'current', 'overvoltage', 'resettable', 'cartridge', 'holder'];
const PART_PREFIXES = ['SMBJ', 'SMAJ', 'SMCJ', 'P6KE', '1.5KE', 'SMDJ', 'SP', 'SZ', 'TPSMB', 'LSIC'];
const PART_SUFFIXES = ['', 'A', 'CA', 'B', 'C'];
const VALUES = ['5V', '12V', '24V', '48V', '250V', '600V', '1A', '2A', '5A', '10A', '0603', '1206'];

export interface DistinctQueries {
  /** One more query, different from every one this generator gave before. */
  next(): string;
  /** `count` more of them. */
  take(count: number): string[];
}

export function distinctQueries(random: () => number = Math.random): DistinctQueries {
  const seen = new Set<string>();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const candidate = () =>
    random() < 0.5 ? `${pick(PART_PREFIXES)}${Math.floor(random() * 995) + 5}${pick(PART_SUFFIXES)}` : `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${pick(VALUES)}`;
  const next = () => {
    // Throws rather than loop forever once the combinations run out.
    for (let attempts = 0; attempts < 1000; attempts++) {
      const query = candidate();
      if (seen.has(query)) continue;
      seen.add(query);
      return query;
    }
    throw new Error(`could not make another distinct query (${seen.size} made)`);
  };
  return { next, take: (count) => Array.from({ length: count }, next) };
}

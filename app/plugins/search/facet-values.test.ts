import { describe, expect, it } from 'vitest';
import { categoryPathLabels, facetValueLabel, nameOf } from './facet-values.ts';

const t = (key: string) => (key === 'facetValue.market.Medical' ? 'Medizintechnik' : key);

describe('facet value names', () => {
  it('names a value by its own entry only, never by what Object.prototype has', () => {
    const names: Record<string, string> = { Fuses: 'Sicherungen' };
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(nameOf(names, key)).toBeUndefined();
      expect(facetValueLabel(t, 'market', key, names)).toBe(key);
      expect(categoryPathLabels(`Circuit Protection|${key}`, names)).toEqual(['Circuit Protection', key]);
    }
    // Names that came through JSON may carry an own __proto__ entry: not a name either.
    expect(nameOf(JSON.parse('{"__proto__":{}}') as Record<string, string>, '__proto__')).toBeUndefined();
    expect(facetValueLabel(t, 'category', 'Fuses', names)).toBe('Sicherungen');
    expect(facetValueLabel(t, 'market', 'Medical', names)).toBe('Medizintechnik');
  });
});

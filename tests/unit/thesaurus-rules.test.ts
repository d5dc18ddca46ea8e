import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { pipelineSchema, thesaurusProblems, type ThesaurusRule } from '@voltaris/protocol/coveo/pipeline-rules';
import { checkConfig } from '../../cli/commands/check-config.ts';
import { QueryPipeline } from '../../standins/search/pipeline.ts';

// Thesaurus rules of the query pipeline (docs/decisions/0166): synonym groups, one-way synonyms and
// replacements, and what `sitectl check-config` refuses in them.
const rules = (thesaurus: unknown[]) => pipelineSchema.parse({ thesaurus }).thesaurus as ThesaurusRule[];

describe('thesaurus checks', () => {
  it('accept the project pipeline', () => {
    const pipeline = pipelineSchema.parse(parseYaml(readFileSync('fixtures/search/pipeline.yaml', 'utf8')));
    expect(thesaurusProblems(pipeline.thesaurus)).toEqual([]);
  });

  it('refuse a rule pointing nowhere: to itself, or to a word another rule replaces', () => {
    expect(thesaurusProblems(rules([{ replace: 'termistor', with: 'Termistor' }]))).toEqual([expect.stringMatching(/rule 1 .*"termistor" to itself: it points nowhere/)]);
    expect(thesaurusProblems(rules([{ expand: 'polyfuse', to: 'resettable' }, { replace: 'resettable', with: 'ptc' }]))).toEqual([expect.stringMatching(/rule 1 .* leads "polyfuse" to "resettable", which rule 2 .* replaces: it points nowhere/)]);
  });

  it('refuse a cycle of one-way synonyms or replacements', () => {
    const problems = thesaurusProblems(rules([{ expand: 'triac', to: 'thyristor' }, { expand: 'thyristor', to: 'scr' }, { expand: 'scr', to: 'triac' }]));
    expect(problems).toEqual([expect.stringMatching(/^a cycle: "triac" → "thyristor" → "scr" → "triac"$/)]);
  });

  it('refuse a word two rules claim', () => {
    expect(thesaurusProblems(rules([['ssr', 'solid-state relay'], { expand: 'SSR', to: 'relay' }]))).toEqual([expect.stringMatching(/"ssr" is in rule 1 .* and rule 2/)]);
  });

  it('make check-config fail on such a pipeline, naming the rule', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'thesaurus-'));
    const file = path.join(dir, 'pipeline.yaml');
    writeFileSync(file, stringify({ thesaurus: [{ replace: ['resetable'], with: 'resettable' }, { replace: ['resettable'], with: 'resetable' }] }));
    const checks = await checkConfig({ SEARCH_PIPELINE: file }, false);
    const check = checks.find((c) => c.name.startsWith('thesaurus'));
    expect(check).toMatchObject({ ok: false, detail: expect.stringContaining('a cycle: "resetable" → "resettable" → "resetable"') });
  });
});

describe('the stand-in applies them', () => {
  const pipeline = new QueryPipeline(pipelineSchema.parse({ thesaurus: [['ptc', 'polyfuse'], { expand: ['triac'], to: 'thyristor' }, { replace: ['resetable', 'surge arrestor'], with: 'resettable' }] }));

  it('a synonym group both ways, a one-way synonym one way', () => {
    expect(pipeline.synonymsOf('Polyfuse')).toEqual(['ptc']);
    expect(pipeline.synonymsOf('triac')).toEqual(['thyristor']);
    expect(pipeline.synonymsOf('thyristor')).toEqual([]);
  });

  it('a replacement rewrites whole words and phrases of the query, in any case', () => {
    expect(pipeline.rewrite('Resetable fuse')).toBe('resettable fuse');
    expect(pipeline.rewrite('resetablefuse')).toBe('resetablefuse');
    expect(pipeline.rewrite('surge  arrestor 90 V')).toBe('resettable 90 V');
  });
});

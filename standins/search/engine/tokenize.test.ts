import { describe, expect, it } from 'vitest';
import { segmentWords, terms } from './tokenize.ts';

// Chinese and Japanese as typed (docs/decisions/0167): a word without spaces is read as its words.
describe('segmentWords', () => {
  it('splits a rating from the Japanese or Chinese word it is typed against', () => {
    expect(segmentWords('10Aヒューズ')).toEqual(['10A', 'ヒューズ']);
    expect(segmentWords('保险丝10A')).toEqual(['保险丝', '10A']);
    expect(segmentWords('１０Ａヒューズ')).toEqual(['１０Ａ', 'ヒューズ']);
  });

  it('splits Japanese and Chinese words typed together, keeping one-character words with a neighbour', () => {
    expect(segmentWords('表面実装ヒューズ')).toEqual(['表面', '実装', 'ヒューズ']);
    expect(segmentWords('車載用ヒューズ')).toEqual(['車載用', 'ヒューズ']);
    expect(segmentWords('如何选择保险丝')).toEqual(['如何', '选择', '保险丝']);
    expect(segmentWords('TVSダイオード')).toEqual(['TVS', 'ダイオード']);
  });

  it('leaves out a particle between words, and leaves a word without Chinese or Japanese as it is', () => {
    expect(segmentWords('リードスイッチの仕組み')).toEqual(['リード', 'スイッチ', '仕組み']);
    expect(segmentWords('SMD-Sicherung')).toEqual(['SMD-Sicherung']);
    expect(segmentWords('0451.001MR')).toEqual(['0451.001MR']);
    expect(segmentWords('用')).toEqual(['用']);
  });

  it('gives words whose terms the index holds for the whole run (character pairs)', () => {
    const whole = new Set(terms('表面実装ヒューズ'));
    for (const word of segmentWords('表面実装ヒューズ')) for (const term of terms(word)) expect(whole.has(term)).toBe(true);
  });
});

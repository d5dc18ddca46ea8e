import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { ContentStore, type ContentProblem } from '@voltaris/content-files/content-store';
import { afterAll, describe, expect, it } from 'vitest';
import { DraftReader, type EditorDraft } from './preview.ts';

// REQ-JSS-13: the preview's two draft sources (decision 0105), against the demo's content.
const published = new ContentStore({ dir: 'fixtures/content' });
const draftsDir = mkdtempSync(path.join(tmpdir(), 'preview-drafts-'));
afterAll(() => rmSync(draftsDir, { recursive: true, force: true }));

const heroDraft = (heading: string) => ({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'about-hero', fields: { heading } }] } });
const headingOf = (route: ReturnType<DraftReader['route']>) => ((route?.placeholders['jss-main']?.[0] as ComponentRendering | undefined)?.fields?.heading as { value?: string } | undefined)?.value;

describe('DraftReader', () => {
  it('reads the page editor\'s draft by lower-case item path and file language, with the published page\'s ids and shared header and footer', () => {
    const asked: string[] = [];
    const reader = new DraftReader(undefined, undefined, (itemPath, language) => {
      asked.push(`${itemPath} ${language}`);
      return { route: heroDraft('Saved in the editor'), savedAt: new Date().toISOString() };
    });
    const route = reader.route(published, '/Company/About', 'ja-JP');
    expect(asked).toEqual(['/company/about ja-jp']);
    expect(headingOf(route)).toBe('Saved in the editor');
    const live = published.getRoute('/company/about', 'ja-jp')!;
    expect(route!.itemId).toBe(live.itemId);
    expect((route!.placeholders['jss-main']![0] as ComponentRendering).uid).toBe((live.placeholders['jss-main']![0] as ComponentRendering).uid);
    expect(Object.keys(route!.placeholders)).toEqual(expect.arrayContaining(['jss-header', 'jss-footer']));
    expect(route!.itemVersion).toBe((live.itemVersion ?? 1) + 1);
  });

  it('gives a page that exists only as a draft the shared header and footer', () => {
    const reader = new DraftReader(undefined, undefined, () => ({ route: heroDraft('A new page'), savedAt: new Date().toISOString() }));
    const route = reader.route(published, '/brand-new', 'en');
    expect(headingOf(route)).toBe('A new page');
    expect(Object.keys(route!.placeholders)).toEqual(expect.arrayContaining(['jss-header', 'jss-footer']));
  });

  it('reports a draft the content schema refuses (or that cannot be read) and leaves it out', () => {
    const problems: ContentProblem[] = [];
    const broken: EditorDraft = { route: { placeholders: { 'jss-main': [{ componentName: 'not-pascal' }] } }, savedAt: new Date().toISOString() };
    expect(new DraftReader(undefined, (problem) => problems.push(problem), () => broken).route(published, '/company/about', 'en')).toBeUndefined();
    expect(new DraftReader(undefined, (problem) => problems.push(problem), () => { throw new SyntaxError('Unexpected end of JSON input'); }).route(published, '/company/about', 'en')).toBeUndefined();
    expect(problems.map((problem) => problem.file)).toEqual(['page editor draft /company/about (en)', 'page editor draft /company/about (en)']);
    expect(problems[1]!.message).toBe('Unexpected end of JSON input');
  });

  it('shows the one saved last when a draft file and the page editor both have the page', () => {
    const folder = path.join(draftsDir, 'routes', 'Company', 'About');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'en.yaml');
    writeFileSync(file, 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: about-hero\n      fields:\n        heading: From the file\n');
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    utimesSync(file, tenMinutesAgo, tenMinutesAgo);
    const savedAt = (at: Date) => () => ({ route: heroDraft('From the editor'), savedAt: at.toISOString() });
    expect(headingOf(new DraftReader(draftsDir, undefined, savedAt(new Date())).route(published, '/company/about', 'en'))).toBe('From the editor');
    expect(headingOf(new DraftReader(draftsDir, undefined, savedAt(new Date(Date.now() - 3_600_000))).route(published, '/company/about', 'en'))).toBe('From the file');
    expect(headingOf(new DraftReader(draftsDir).route(published, '/company/about', 'en'))).toBe('From the file');
  });
});

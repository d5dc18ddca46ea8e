import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The form guard lets a page's post past the rate limit through, marked, so the page can refuse it
// with the visitor's input kept (decision 0150). That is only safe while every action a post can
// reach either refuses it on the mark or takes nothing: a new route action must be one of these.

/** The actions that read `formPostsOverLimit`, or take no body at all, or end a session (takes nothing). */
const KNOWN_ACTIONS = [/cmsPageAction\(args\)/, /editorAction\(args\)/, /^export const action = readOnlyPageAction;$/m, /^export const action = refuseBodyMethods;$/m, /signOut\(request, context\)/];

describe('route actions past the form rate limit', () => {
  it('every page route\'s action refuses a marked post, takes no body, or only signs out (/api/ posts are refused by the guard itself)', () => {
    const unknown = readdirSync('app/routes')
      .filter((file) => !file.startsWith('api.') && !file.includes('.test.'))
      .filter((file) => /export (const|async function|function) action\b/.test(readFileSync(`app/routes/${file}`, 'utf8')))
      .filter((file) => !KNOWN_ACTIONS.some((pattern) => pattern.test(readFileSync(`app/routes/${file}`, 'utf8'))));
    expect(unknown).toEqual([]);
  });

  it('the page and editor actions read the mark', () => {
    expect(readFileSync('app/cms/form-action.server.ts', 'utf8')).toContain('context.formPostsOverLimit');
    expect(readFileSync('app/editor/editor-action.server.ts', 'utf8')).toContain('context.formPostsOverLimit');
  });
});

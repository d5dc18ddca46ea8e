import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import type { RouteFile } from '@voltaris/content-files/content-schema';
import { useEffect, useRef, useState } from 'react';
import { LANGUAGES, localizedPath, SITE_LANGUAGES } from '~/cms/language.ts';
import { PagePhrases } from '~/cms/use-site-shell.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import type { EditorActionAnswer } from './editor-action.server.ts';
import type { EditorData } from './editor.server.ts';
import { FILE_LANGUAGES } from './file-languages.ts';
// The registry module itself, not the root's context: the /edit routes then depend on its chunk, and
// Rollup keeps Vite's preload helper (which Puck's dynamic imports need too) in that chunk, where
// public pages load it anyway (decision 0101).
import { registry } from '~/plugins/registry.ts';
import './editor.css';
import PuckEditor from './PuckEditor.tsx';

// Puck and its styles come with this route's module, which only the /edit pages load. Not a
// dynamic import: that would make Vite's preload helper a chunk of its own, one more file and
// import on every public page.

/** The editor's answers are for one editor, now (editor.server.ts says so; errors and refusals too). */
export const editorHeaders: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

export const editorMeta: MetaFunction = ({ data }) => {
  const page = data as EditorData | undefined;
  return [{ title: page ? `Edit ${page.itemPath} (${LANGUAGES[page.language].nativeName})` : 'Page editor' }, { name: 'robots', content: 'noindex' }];
};

const STATE_WORDS = { published: '(published)', unpublished: '(unpublished)', draft: '(draft only)', none: '(none yet)' } as const;

/** A content file language by its name in its own language (English, Deutsch, ...). */
export function fileLanguageName(fileLanguage: string): string {
  const language = SITE_LANGUAGES.find((one) => FILE_LANGUAGES[one] === fileLanguage);
  return language ? LANGUAGES[language].nativeName : fileLanguage;
}

/** One line of the page's log: who did what to which language version. */
function describeAct(entry: EditorData['log'][number]): string {
  const language = fileLanguageName(entry.language);
  switch (entry.action) {
    case 'publish':
      return `${entry.by} published the ${language} version`;
    case 'restore':
      return `${entry.by} restored a previous ${language} version`;
    case 'unpublish':
      return `${entry.by} unpublished the ${language} version`;
    case 'delete':
      return `${entry.by} deleted the ${language} version`;
    case 'copy':
      return `${entry.by} copied the ${fileLanguageName(entry.copiedFrom ?? '')} version into a ${language} draft`;
  }
}

function Answer({ answer }: { answer: EditorActionAnswer | undefined }) {
  if (!answer) return null;
  // A refusal's problems, or what a save or publish that went through warns of (REQ-CMS-14).
  const lines = (answer.ok ? answer.warnings : answer.problems) ?? [];
  return (
    <div className={answer.ok ? 'editor-answer' : 'editor-answer editor-answer--problem'} role={answer.ok ? 'status' : 'alert'}>
      <p>{answer.message}</p>
      {lines.length ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function EditorPage() {
  const page = useLoaderData<EditorData>();
  const posted = useActionData<EditorActionAnswer>();
  const hydrated = useHydrated();
  const fetcher = useFetcher<EditorActionAnswer>();
  const { key: visit } = useLocation();
  const [ready, setReady] = useState(false);
  // What Save and Publish send is what the canvas shows, from the draft revision and file version
  // the canvas started from. A save's revalidation brings the server's page, which may be another
  // editor's (after a refused save): it must not slip in under the canvas, so these move only with
  // this editor's own answers, and start again from the server's page on a navigation (discard,
  // restore, copy), where the canvas is drawn anew (its key).
  const current = useRef<RouteFile>(page.route);
  const [revision, setRevision] = useState(page.revision);
  const [base, setBase] = useState(page.base);
  // The latest answer, whether from a save or publish (the fetcher) or a form (discard, restore...).
  const [shown, setShown] = useState(posted);
  const editPath = (language: (typeof SITE_LANGUAGES)[number]) => localizedPath(language, `/edit${page.itemPath === '/' ? '' : page.itemPath}`);
  const pageJson = JSON.stringify(page.route);
  const copySources = Object.values(FILE_LANGUAGES).filter((language) => language !== page.fileLanguage && ['published', 'unpublished'].includes(page.languageStates[language]));

  useEffect(() => {
    current.current = page.route;
    setRevision(page.revision);
    setBase(page.base);
    setShown(posted);
    // Only a navigation starts the canvas again; the page's data then is that navigation's. Its
    // revalidations must not (above): hence the navigation's key alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visit]);
  useEffect(() => {
    if (!fetcher.data) return;
    setShown(fetcher.data);
    if (!fetcher.data.ok) return;
    if (fetcher.data.revision !== undefined) setRevision(fetcher.data.revision);
    if (fetcher.data.version) setBase(fetcher.data.version);
  }, [fetcher.data]);
  // Every rendering's module, before the canvas draws them (the browser fetches a rendering's code on demand).
  useEffect(() => {
    if (!hydrated) return;
    registry.learnModules?.(page.renderingModules);
    void (registry.preload?.(Object.keys(page.renderingModules)) ?? Promise.resolve()).then(() => setReady(true));
  }, [hydrated, page.renderingModules]);

  const submit = (intent: 'save' | 'publish', route: RouteFile) =>
    fetcher.submit({ intent, page: JSON.stringify(route), revision: String(revision), ...(base ? { base } : {}) }, { method: 'post' });
  const busy = fetcher.state !== 'idle';
  const actions = (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => submit('save', current.current)}>
        Save draft
      </button>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => submit('publish', current.current)}>
        Publish
      </button>
    </>
  );

  return (
    <main id="main" className="editor">
      <header className="editor__bar">
        <h1>
          Editing <a href={localizedPath(page.language, page.itemPath)}>{page.itemPath}</a> ({LANGUAGES[page.language].nativeName})
        </h1>
        <nav aria-label="Languages of this page">
          <ul className="editor__languages">
            {SITE_LANGUAGES.map((language) => (
              <li key={language}>
                <Link to={editPath(language)} reloadDocument aria-current={language === page.language ? 'page' : undefined}>
                  {LANGUAGES[language].nativeName}
                </Link>{' '}
                {STATE_WORDS[page.languageStates[FILE_LANGUAGES[language]]]}
              </li>
            ))}
          </ul>
        </nav>
        <p className="editor__state">
          {page.source === 'draft' && page.draft ? `Draft saved by ${page.draft.savedBy} at ${page.draft.savedAt}.` : page.source === 'published' ? 'Showing the published page.' : page.history.length ? 'Nothing is published here now: its earlier versions are kept below.' : 'A new page: nothing is published here yet.'} Signed in as {page.editor}.
        </p>
        {page.unpublished ? (
          <p className="editor-notice" role="status">
            This language version is unpublished: visitors get &ldquo;not found&rdquo;, and the sitemap and the navigation leave it out. Publishing puts it back.
          </p>
        ) : null}
        {page.draft?.copiedFrom ? (
          <p className="editor-notice" role="status">
            This draft is a copy of the {fileLanguageName(page.draft.copiedFrom)} version, marked for translation: translate it, then publish.
          </p>
        ) : null}
        {page.changedOnDisk ? (
          <p className="editor-answer editor-answer--problem" role="alert">
            The published content file changed on disk after this draft began. Publishing is refused until you discard the draft or reload from the file; nothing will be overwritten.
          </p>
        ) : null}
        {page.publishedProblem ? (
          <p className="editor-answer editor-answer--problem" role="alert">
            The published file does not parse: {page.publishedProblem}
          </p>
        ) : null}
        {page.linkWarnings.length ? (
          <div className="editor-notice" role="status">
            <p>Links visitors see as text only, because their page is not published:</p>
            <ul className="editor-link-warnings">
              {page.linkWarnings.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Answer answer={shown} />
        {/* Without scripts: publish what is shown (the draft), or discard it. */}
        <Form method="post" className="editor__forms">
          <input type="hidden" name="page" value={pageJson} />
          <input type="hidden" name="revision" value={page.revision} />
          {page.base ? <input type="hidden" name="base" value={page.base} /> : null}
          {!hydrated ? (
            <button type="submit" name="intent" value="publish" className="button button--primary">
              Publish what is shown
            </button>
          ) : null}
          {page.source === 'draft' ? (
            <button type="submit" name="intent" value="discard" className="button">
              Discard the draft
            </button>
          ) : null}
        </Form>
      </header>
      <PagePhrases.Provider value={page.phrases}>
        {hydrated && ready ? (
          <PuckEditor
              key={visit}
              route={page.route}
              renderingData={page.renderingData}
              media={page.media}
              title={page.itemPath}
              language={page.language}
              headerActions={actions}
              onChange={(route) => (current.current = route)}
              onPublish={(route) => submit('publish', route)}
            />
        ) : (
          <section className="editor__outline">
            <h2>Components on this page</h2>
            <ol>
              {(page.route.placeholders['jss-main'] ?? []).map((rendering, index) => (
                <li key={rendering.uid ?? index}>{rendering.componentName}</li>
              ))}
            </ol>
            <p>The drag-and-drop editor needs JavaScript.</p>
          </section>
        )}
      </PagePhrases.Provider>
      <section className="editor__page" aria-labelledby="editor-page">
        <h2 id="editor-page">This page</h2>
        {page.languageStates[page.fileLanguage] === 'none' && copySources.length ? (
          <Form method="post" className="editor__forms">
            <label htmlFor="editor-copy-from">Start the {LANGUAGES[page.language].nativeName} version as a copy of</label>
            <select id="editor-copy-from" name="from" defaultValue={copySources.includes('en') ? 'en' : copySources[0]}>
              {copySources.map((language) => (
                <option key={language} value={language}>
                  {fileLanguageName(language)}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="copy" className="button">
              Copy into a draft
            </button>
          </Form>
        ) : null}
        {page.itemPath !== '/' && page.languageStates[page.fileLanguage] === 'published' ? (
          <Form method="post" className="editor__forms">
            {page.base ? <input type="hidden" name="base" value={page.base} /> : null}
            <button type="submit" name="intent" value="unpublish" className="button">
              Unpublish the {LANGUAGES[page.language].nativeName} version
            </button>
          </Form>
        ) : null}
        {page.itemPath !== '/' && page.languages.length ? (
          <Form method="post" className="editor__forms">
            <label>
              <input type="checkbox" name="confirm" value="yes" /> Delete this page in every language
            </label>
            <button type="submit" name="intent" value="delete" className="button">
              Delete the page
            </button>
          </Form>
        ) : null}
        <h3>What happened to it</h3>
        {page.log.length ? (
          <ol className="editor__log">
            {page.log.map((entry) => (
              <li key={`${entry.at}-${entry.language}-${entry.action}`}>
                {entry.at}: {describeAct(entry)}
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing published through the editor yet.</p>
        )}
      </section>
      <section className="editor__history" aria-labelledby="editor-history">
        <h2 id="editor-history">Previous versions</h2>
        {page.history.length ? (
          <ol>
            {page.history.map((entry) => (
              <li key={entry.id}>
                Published until {entry.replacedAt} (replaced by {entry.replacedBy}){' '}
                <Form method="post" className="editor__restore">
                  <input type="hidden" name="version" value={entry.id} />
                  {page.base ? <input type="hidden" name="base" value={page.base} /> : null}
                  <button type="submit" name="intent" value="restore" className="button">
                    Restore this version
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        ) : (
          <p>None yet: each publish keeps the version it replaces.</p>
        )}
      </section>
    </main>
  );
}

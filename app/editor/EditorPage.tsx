import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import type { RouteFile } from '@voltaris/content-files/content-schema';
import { useEffect, useRef, useState } from 'react';
import { LANGUAGES, localizedPath, SITE_LANGUAGES } from '~/cms/language.ts';
import { PagePhrases } from '~/cms/use-site-shell.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { useRegistry } from '~/cms/components/registry-context.tsx';
import type { EditorActionAnswer, EditorData } from './editor.server.ts';
import { FILE_LANGUAGES } from './file-languages.ts';
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

function Answer({ answer }: { answer: EditorActionAnswer | undefined }) {
  if (!answer) return null;
  return (
    <div className={answer.ok ? 'editor-answer' : 'editor-answer editor-answer--problem'} role={answer.ok ? 'status' : 'alert'}>
      <p>{answer.message}</p>
      {!answer.ok && answer.problems?.length ? (
        <ul>
          {answer.problems.map((problem) => (
            <li key={problem}>{problem}</li>
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
  const registry = useRegistry();
  const [ready, setReady] = useState(false);
  const current = useRef<RouteFile>(page.route);
  const [revision, setRevision] = useState(page.revision);
  const editPath = (language: (typeof SITE_LANGUAGES)[number]) => localizedPath(language, `/edit${page.itemPath === '/' ? '' : page.itemPath}`);
  const pageJson = JSON.stringify(page.route);

  useEffect(() => {
    current.current = page.route;
    setRevision(page.revision);
  }, [page.route, page.revision]);
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.revision !== undefined) setRevision(fetcher.data.revision);
  }, [fetcher.data]);
  // Every rendering's module, before the canvas draws them (the browser fetches a rendering's code on demand).
  useEffect(() => {
    if (!hydrated) return;
    registry.learnModules?.(page.renderingModules);
    void (registry.preload?.(Object.keys(page.renderingModules)) ?? Promise.resolve()).then(() => setReady(true));
  }, [hydrated, registry, page.renderingModules]);

  const submit = (intent: 'save' | 'publish', route: RouteFile) =>
    fetcher.submit({ intent, page: JSON.stringify(route), revision: String(revision), ...(page.base ? { base: page.base } : {}) }, { method: 'post' });
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
                {page.languages.includes(FILE_LANGUAGES[language]) ? '(published)' : '(none yet)'}
              </li>
            ))}
          </ul>
        </nav>
        <p className="editor__state">
          {page.source === 'draft' && page.draft ? `Draft saved by ${page.draft.savedBy} at ${page.draft.savedAt}.` : page.source === 'published' ? 'Showing the published page.' : 'A new page: nothing is published here yet.'} Signed in as {page.editor}.
        </p>
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
        <Answer answer={fetcher.data ?? posted} />
        {/* Without scripts: publish what is shown (the draft), or discard it. */}
        <Form method="post" className="editor__forms">
          <input type="hidden" name="page" value={pageJson} />
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
              route={page.route}
              renderingData={page.renderingData}
              media={page.media}
              title={page.itemPath}
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

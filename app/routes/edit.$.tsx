import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { EditorPage, editorHeaders, editorMeta } from '~/editor/EditorPage.tsx';
import { withErrorPhrases } from '~/cms/error-phrases.server.ts';
import { editorAction } from '~/editor/editor-action.server.ts';
import { withErrorTitle } from '~/editor/editor-meta.ts';
import { loadEditor } from '~/editor/editor.server.ts';

/** GET/POST /edit/<page>: the page editor (issue 28), for Internal-Admin and editors. */
export const loader = (args: LoaderFunctionArgs) => loadEditor(args);
// Its refusals (403, 400) in the page's language, as the loader's (editor.server.ts loadEditor).
export const action = (args: ActionFunctionArgs) => withErrorPhrases(args.request, args.context, () => editorAction(args));
export const headers = editorHeaders;
export const meta = withErrorTitle(editorMeta);
export const ErrorBoundary = ErrorPage;
export default EditorPage;

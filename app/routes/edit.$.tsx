import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { EditorPage, editorHeaders, editorMeta } from '~/editor/EditorPage.tsx';
import { editorAction } from '~/editor/editor-action.server.ts';
import { loadEditor } from '~/editor/editor.server.ts';

/** GET/POST /edit/<page>: the page editor (issue 28), for Internal-Admin and editors. */
export const loader = (args: LoaderFunctionArgs) => loadEditor(args);
export const action = (args: ActionFunctionArgs) => editorAction(args);
export const headers = editorHeaders;
export const meta = editorMeta;
export const ErrorBoundary = ErrorPage;
export default EditorPage;

import { createContext, useContext } from 'react';

/**
 * Sitecore Pages' editing of a page (issue 32): present only under /api/editing/render, so public
 * pages read null here and render exactly as before. Shared by the server and the browser.
 */

/** What a `component:update` message changes in one rendering (JSS's ComponentUpdateEventArgs details). */
export interface RenderingUpdate {
  fields?: Record<string, unknown>;
  params?: Record<string, string>;
}

export type EditingMode = 'edit' | 'preview' | 'library';

export interface EditingState {
  mode: EditingMode;
  /** Chromes (metadata mode's `<code type="text/sitecore">` markers) are emitted in edit and library mode. */
  chromes: boolean;
  /** Fields and params Pages sent by `component:update`, by rendering uid, applied without a reload. */
  updates: Readonly<Record<string, RenderingUpdate>>;
}

/** What the editing route's loader adds to the page data: the mode and Pages' client scripts and data. */
export interface EditingPageInfo {
  mode: EditingMode;
  clientScripts: string[];
  clientData: Record<string, Record<string, unknown>>;
  /** The one rendering the Design Library shows (mode=library). */
  libraryUid?: string;
}

const EditingContext = createContext<EditingState | null>(null);
export const EditingProvider = EditingContext.Provider;

export function useEditing(): EditingState | null {
  return useContext(EditingContext);
}

/** A rendering uid as updates are keyed: without braces, lower case (Pages and layout data differ). */
export function uidKey(uid: string): string {
  return uid.replace(/[{}]/g, '').toLowerCase();
}

/** JSS's DEFAULT_PLACEHOLDER_UID: a placeholder of the route itself (which has no uid). */
export const DEFAULT_PLACEHOLDER_UID = '00000000-0000-0000-0000-000000000000';

/** JSS's PAGES_EDITING_MARKER: Pages' canvas knows a metadata-mode page by this data script. */
export const PAGES_EDITING_MARKER = 'jss-hrz-editing';

/** JSS's EDITING_COMPONENT_PLACEHOLDER and EDITING_COMPONENT_ID (the Design Library's one rendering). */
export const EDITING_COMPONENT_PLACEHOLDER = 'editing-componentmode-placeholder';
export const EDITING_COMPONENT_ID = 'editing-component';

/** JSS's HIDDEN_RENDERING_NAME: what personalization puts where a variant hides a rendering. */
export const HIDDEN_RENDERING_NAME = 'Hidden Rendering';

/** Whether a field has nothing to show (JSS's isFieldValueEmpty, for the shapes of REQ-JSS-3). */
export function isFieldEmpty(field: unknown): boolean {
  if (!field || typeof field !== 'object') return true;
  const value = (field as { value?: unknown }).value;
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'object') {
    const shaped = value as { src?: unknown; href?: unknown };
    if ('src' in shaped) return !shaped.src;
    if ('href' in shaped) return !shaped.href;
  }
  return false;
}

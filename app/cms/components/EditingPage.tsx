import { useLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { CmsPage } from './CmsPage.tsx';
import { EditingScripts } from './EditingChromes.tsx';
import { Placeholder } from './Placeholder.tsx';
import { EDITING_COMPONENT_ID, EDITING_COMPONENT_PLACEHOLDER, EditingProvider, uidKey, type EditingPageInfo, type EditingState, type RenderingUpdate } from '../editing.ts';
import { PagePhrases } from '../use-site-shell.ts';

interface EditingLoaderData {
  route: unknown;
  phrases?: Record<string, string>;
  editing: EditingPageInfo;
}

/** A `component:update` message from Pages (JSS's ComponentUpdateEventArgs). */
function updateOf(data: unknown): { uid: string; givenUid: string; update: RenderingUpdate } | undefined {
  if (!data || typeof data !== 'object' || (data as { name?: unknown }).name !== 'component:update') return undefined;
  const details = (data as { details?: { uid?: unknown; fields?: unknown; params?: unknown } }).details;
  if (!details || typeof details.uid !== 'string' || !details.uid) return undefined;
  const fields = details.fields && typeof details.fields === 'object' ? (details.fields as Record<string, unknown>) : undefined;
  const params = details.params && typeof details.params === 'object' ? (details.params as Record<string, string>) : undefined;
  return { uid: uidKey(details.uid), givenUid: details.uid, update: { ...(fields ? { fields } : {}), ...(params ? { params } : {}) } };
}

/** REQ-JSS-13: JSS's design-library status event (`getDesignLibraryStatusEvent`), posted to the frame's parent. */
function postStatus(status: 'ready' | 'rendered', uid: string) {
  if (window.parent !== window) window.parent.postMessage({ name: 'component:status', message: { status, uid } }, '*');
}

/**
 * Sitecore Pages' page (issue 32): the CMS page with metadata-mode chromes, or in the Design Library
 * (mode=library) its one rendering, as JSS's ComponentLibraryLayout shows it. Pages' `component:update`
 * messages (from the frame's parent only) change fields and params in place, without a reload. The
 * parent is told, with JSS's design-library status event, `ready` once the canvas listens (in edit
 * mode too, with an empty uid: the whole page; decision 0105) and `rendered` with a rendering's uid
 * once an update of it is on screen, so Pages (and a test) posts once instead of guessing when.
 */
export function EditingPage() {
  const { editing, route, phrases } = useLoaderData<EditingLoaderData>();
  const [updates, setUpdates] = useState<Record<string, RenderingUpdate>>({});
  // The last update applied (a count, so the same uid twice is told twice).
  const [applied, setApplied] = useState<{ uid: string; count: number } | undefined>();
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const received = updateOf(event.data);
      if (!received) return;
      setUpdates((current) => {
        const previous = current[received.uid];
        return { ...current, [received.uid]: { fields: { ...previous?.fields, ...received.update.fields }, params: { ...previous?.params, ...received.update.params } } };
      });
      setApplied((current) => ({ uid: received.givenUid, count: (current?.count ?? 0) + 1 }));
    };
    window.addEventListener('message', receive);
    if (editing.mode !== 'preview') postStatus('ready', editing.mode === 'library' ? (editing.libraryUid ?? '') : '');
    return () => window.removeEventListener('message', receive);
  }, [editing.mode, editing.libraryUid]);
  // Effects run after the commit: the update is on screen when the parent hears of it.
  useEffect(() => {
    if (applied) postStatus('rendered', applied.uid);
  }, [applied]);
  const state = useMemo<EditingState>(() => ({ mode: editing.mode, chromes: editing.mode !== 'preview', updates }), [editing.mode, updates]);
  return (
    <EditingProvider value={state}>
      {editing.mode === 'library' ? (
        <PagePhrases.Provider value={phrases}>
          <main>
            <div id={EDITING_COMPONENT_ID}>
              <Placeholder name={EDITING_COMPONENT_PLACEHOLDER} placeholders={(route as RouteData).placeholders} />
            </div>
          </main>
        </PagePhrases.Provider>
      ) : (
        <CmsPage />
      )}
      {editing.mode === 'preview' ? null : <EditingScripts clientScripts={editing.clientScripts} clientData={editing.clientData} />}
    </EditingProvider>
  );
}

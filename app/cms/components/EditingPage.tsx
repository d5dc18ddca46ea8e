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
function updateOf(data: unknown): { uid: string; update: RenderingUpdate } | undefined {
  if (!data || typeof data !== 'object' || (data as { name?: unknown }).name !== 'component:update') return undefined;
  const details = (data as { details?: { uid?: unknown; fields?: unknown; params?: unknown } }).details;
  if (!details || typeof details.uid !== 'string' || !details.uid) return undefined;
  const fields = details.fields && typeof details.fields === 'object' ? (details.fields as Record<string, unknown>) : undefined;
  const params = details.params && typeof details.params === 'object' ? (details.params as Record<string, string>) : undefined;
  return { uid: uidKey(details.uid), update: { ...(fields ? { fields } : {}), ...(params ? { params } : {}) } };
}

/**
 * Sitecore Pages' page (issue 32): the CMS page with metadata-mode chromes, or in the Design Library
 * (mode=library) its one rendering, as JSS's ComponentLibraryLayout shows it. Pages' `component:update`
 * messages (from the frame's parent only) change fields and params in place, without a reload; the
 * Design Library is told `component:status` ready once the rendering is on screen.
 */
export function EditingPage() {
  const { editing, route, phrases } = useLoaderData<EditingLoaderData>();
  const [updates, setUpdates] = useState<Record<string, RenderingUpdate>>({});
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const received = updateOf(event.data);
      if (!received) return;
      setUpdates((current) => {
        const previous = current[received.uid];
        return { ...current, [received.uid]: { fields: { ...previous?.fields, ...received.update.fields }, params: { ...previous?.params, ...received.update.params } } };
      });
    };
    window.addEventListener('message', receive);
    if (editing.mode === 'library' && window.parent !== window) window.parent.postMessage({ name: 'component:status', message: { status: 'ready', uid: editing.libraryUid ?? '' } }, '*');
    return () => window.removeEventListener('message', receive);
  }, [editing.mode, editing.libraryUid]);
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

import { data as routeData, type LoaderFunctionArgs } from '@remix-run/node';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { withErrorPhrases } from '~/cms/error-phrases.server.ts';
import { locatePage } from '~/cms/page-location.server.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { RENDERING_MODULES } from '~/plugins/component-modules.server.ts';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import { listComponentManifests, pagePlaceholders, type ComponentManifest, type PlaceholderManifest } from '~/plugins/manifest.ts';
import { EDITOR_CACHE_CONTROL, editorPaths, requireEditor } from './editor.server.ts';

export interface GalleryData {
  language: SiteLanguage;
  manifests: ComponentManifest[];
  placeholders: PlaceholderManifest[];
  phrases: Record<string, string>;
  renderingModules: RenderingModules;
}

/** GET /edit/components: every rendering, its fields and an example (issue 28's gallery), for editors. */
export async function loadGallery({ request, context }: LoaderFunctionArgs) {
  // A refusal (403, 404) in the page's language: its message's phrases go with it.
  await withErrorPhrases(request, context, async () => {
    editorPaths(context);
    await requireEditor(request, context);
  });
  const { language } = locatePage(request, context);
  const manifests = listComponentManifests();
  const body: GalleryData = { language, manifests, placeholders: pagePlaceholders(), phrases: await loadDictionary(context, language), renderingModules: RENDERING_MODULES };
  return routeData(body, { headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
}

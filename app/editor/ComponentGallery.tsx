import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { useEffect, useState } from 'react';
import { useRegistry } from '~/cms/components/registry-context.tsx';
// The registry module itself, not the root's context: the /edit routes then depend on its chunk, and
// Rollup keeps Vite's preload helper (which Puck's dynamic imports need too) in that chunk, where
// public pages load it anyway (decision 0101).
import { registry } from '~/plugins/registry.ts';
import { LANGUAGES, localizedPath, SITE_LANGUAGES } from '~/cms/language.ts';
import { PagePhrases } from '~/cms/use-site-shell.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { exampleIn, FIELD_TYPE_NAMES, type ComponentManifest, type FieldManifest } from '~/plugins/manifest-types.ts';
import type { GalleryData } from './gallery.server.ts';
import { toLayoutFields } from './puck-mapping.ts';
import './editor.css';

export const galleryMeta: MetaFunction = () => [{ title: 'Components' }, { name: 'robots', content: 'noindex' }];

function FieldList({ fields }: { fields: readonly FieldManifest[] }) {
  return (
    <ul className="editor-gallery__fields">
      {fields.map((field) => (
        <li key={field.name}>
          <code>{field.name}</code>: {field.label}, {FIELD_TYPE_NAMES[field.type]}
          {field.required ? ', required' : ''}
          {field.options ? ` (one of ${field.options.join(', ')})` : ''}
          {field.item ? <FieldList fields={field.item} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Example({ manifest, language }: { manifest: ComponentManifest; language: string }) {
  const registry = useRegistry();
  const definition = registry.getComponent(manifest.name);
  const example = exampleIn(manifest, language);
  if (!definition || !example || manifest.server) return null;
  const fields = toLayoutFields(manifest.fields, example as Record<string, unknown>) as ComponentFields;
  const { Component } = definition;
  return (
    <div className="editor-gallery__example">
      <Component rendering={{ componentName: manifest.name, uid: manifest.name, dataSource: 'example', fields, params: {} }} fields={fields} params={{}} lead={false} />
    </div>
  );
}

/**
 * The component gallery (issue 28): every rendering the manifests describe, with its fields, where
 * it may go and, once the page runs scripts, an example drawn by the real component.
 */
export function ComponentGallery() {
  const gallery = useLoaderData<GalleryData>();
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!hydrated) return;
    registry.learnModules?.(gallery.renderingModules);
    void (registry.preload?.(Object.keys(gallery.renderingModules)) ?? Promise.resolve()).then(() => setReady(true));
  }, [hydrated, gallery.renderingModules]);
  return (
    <main id="main" className="editor editor-gallery">
      <h1>Components</h1>
      <p>
        Every rendering editors may place, with its fields. In other languages:{' '}
        {SITE_LANGUAGES.filter((language) => language !== gallery.language && language !== 'zh').map((language) => (
          <a key={language} href={localizedPath(language, '/edit/components')}>
            {LANGUAGES[language].nativeName}{' '}
          </a>
        ))}
      </p>
      <h2>Placeholders of a page</h2>
      <ul>
        {gallery.placeholders.map((placeholder) => (
          <li key={placeholder.name}>
            <code>{placeholder.name}</code> ({placeholder.label}): {placeholder.allowed.join(', ')}
          </li>
        ))}
      </ul>
      <PagePhrases.Provider value={gallery.phrases}>
        {gallery.manifests.map((manifest) => (
          <section key={manifest.name} className="editor-gallery__item" id={manifest.name} aria-labelledby={`${manifest.name}-title`}>
            <h2 id={`${manifest.name}-title`}>
              {manifest.label} <code>{manifest.name}</code>
            </h2>
            <p>{manifest.description}</p>
            <p>
              Plugin <code>{manifest.plugin}</code>; {manifest.datasource === 'required' ? 'takes its content from a content item (datasource)' : 'reads the page\'s address, no content item'}
              {manifest.server ? `; its data is loaded on the server (${manifest.server})` : ''}; placed {manifest.placement === 'page' ? 'on pages' : 'in the header and footer'}.
            </p>
            {manifest.fields.length ? <FieldList fields={manifest.fields} /> : <p>No fields.</p>}
            {manifest.params?.length ? <p>Parameters: {manifest.params.map((param) => `${param.name} (${param.options.join(', ')})`).join('; ')}</p> : null}
            {ready ? <Example manifest={manifest} language={gallery.language} /> : null}
          </section>
        ))}
      </PagePhrases.Provider>
    </main>
  );
}

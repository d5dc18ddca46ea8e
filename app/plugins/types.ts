import type { ComponentType } from 'react';
import type { ComponentFields, ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';

export interface RenderingProps<Fields = ComponentFields> {
  rendering: ComponentRendering;
  /** The datasource item's fields; present whenever the component renders (the datasource check ran). */
  fields: Fields;
  params: Record<string, string>;
  /** Server data of renderings that load some (the plugin's renderings.server.ts). */
  data?: unknown;
  /**
   * The first rendering of the page's main placeholder: its heading is the page's one h1 (a page
   * has one, for screen readers and search engines); further down a heading is a section's h2.
   */
  lead?: boolean;
}

/**
 * A rendering's React half, exported by the module its manifest names (app/plugins/manifest.ts
 * holds everything else about it: fields, datasource rule, phrases, server half).
 */
export interface ComponentDefinition {
  /** The `componentName` the CMS uses for this rendering (its manifest's name). */
  name: string;
  // The registry holds components with different field shapes; each checks its own props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous map of components
  Component: ComponentType<RenderingProps<any>>;
  /**
   * Modules (paths under app/plugins/) the component imports on demand for the data its loader
   * gave it: the document preloads them beside the rendering's own module.
   */
  preloadsFor?: (data: unknown) => readonly string[];
}

/** A module's export that is a rendering's React half (the browser's registry, which has no manifests, finds them so). */
export function isComponentDefinition(value: unknown): value is ComponentDefinition {
  return typeof value === 'object' && value !== null && typeof (value as ComponentDefinition).name === 'string' && 'Component' in value;
}

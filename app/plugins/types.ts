import type { ComponentType } from 'react';
import type { ComponentFields, ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import type { SearchSectionDefinition } from './search/definitions.ts';

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

export interface ComponentDefinition {
  /** The `componentName` the CMS uses for this rendering. */
  name: string;
  // The registry holds components with different field shapes; each checks its own props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous map of components
  Component: ComponentType<RenderingProps<any>>;
  /**
   * Fields holding CMS rich text, sanitized on the server before rendering. `name` for a field of
   * the datasource, `list[].name` for a field of each item in a multilist.
   */
  richTextFields?: readonly string[];
  /** 'required' (default): without a chosen content item the rendering shows REQ-CMS-3's message. */
  datasource?: 'required' | 'none';
  /**
   * The dictionary phrases the component's text comes from, beyond the shell's keys (SHELL_PHRASES):
   * namespaces (the part of a key before its first dot), single keys, or key prefixes (`ns.field.*`).
   * A page is sent only the phrases of the renderings it has.
   */
  phrases?: readonly string[];
  /**
   * Modules (paths under app/plugins/) the component imports on demand for the data its loader
   * gave it: the document preloads them beside the rendering's own module.
   */
  preloadsFor?: (data: unknown) => readonly string[];
}

/** What a plugin contributes. The registry is the only place that knows the list of plugins. */
export interface SitePlugin {
  name: string;
  components?: readonly ComponentDefinition[];
  /**
   * The components that have a server half (a data loader, a form action) in the plugin's
   * `renderings.server.ts`: named here so the browser bundle never imports it, and checked
   * against it both ways when the server starts (registry.server.ts).
   */
  serverRenderings?: readonly string[];
  /** Search tabs (REQ-SEARCH-2): whereToBuy, designcenter, mainsearch, parametric. */
  searchTabs?: readonly SearchSectionDefinition[];
  /** Search scopes (REQ-SEARCH-3): Products, Applications, Design Center, Technical Documents, Company. */
  searchScopes?: readonly SearchSectionDefinition[];
}

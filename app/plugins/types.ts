import type { ComponentType, ReactNode } from 'react';
import type { ComponentFields, ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';

/**
 * What a rendering's component gets. `Data` is what its loader returns (the plugin's
 * renderings.server.ts, typed by the same rendering-data map as the component): a rendering
 * with a loader always has it when it renders (a failed loader shows the error block instead), a
 * rendering without one has none.
 */
export type RenderingProps<Fields = ComponentFields, Data = undefined> = {
  rendering: ComponentRendering;
  /** The datasource item's fields; present whenever the component renders (the datasource check ran). */
  fields: Fields;
  params: Record<string, string>;
  /**
   * The first rendering of the page's main placeholder: its heading is the page's one h1 (a page
   * has one, for screen readers and search engines); further down a heading is a section's h2.
   */
  lead?: boolean;
  /**
   * Draws one of the rendering's own placeholders (a container's columns) by its name: the page's
   * Placeholder with the rendering's nested renderings, or in the page editor Puck's slot. A
   * container takes it from here, so its module imports no page code and no editor code.
   */
  placeholder?: (name: string) => ReactNode;
} & (undefined extends Data ? { data?: Data } : { data: Data });

/**
 * A rendering's React half, exported by the module its manifest names (app/plugins/manifest.ts
 * holds everything else about it: fields, datasource rule, phrases, server half).
 */
export interface ComponentDefinition<TData = undefined> {
  /** The `componentName` the CMS uses for this rendering (its manifest's name). */
  name: string;
  // Each component checks its own fields' shape (the CMS sends them untyped).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields are checked by the component that reads them
  Component: ComponentType<RenderingProps<any, TData>>;
  /**
   * Modules (paths under app/plugins/) the component imports on demand for the data its loader
   * gave it: the document preloads them beside the rendering's own module.
   */
  preloadsFor?: (data: TData) => readonly string[];
}

/**
 * A rendering of any data shape, as the registries hold them: each definition's data type is
 * checked where it is declared (component and loader against the plugin's rendering data map);
 * the page passes each rendering the data its own loader returned.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of renderings of different data types
export type AnyComponentDefinition = ComponentDefinition<any>;

/** A module's export that is a rendering's React half (the browser's registry, which has no manifests, finds them so). */
export function isComponentDefinition(value: unknown): value is AnyComponentDefinition {
  return typeof value === 'object' && value !== null && typeof (value as AnyComponentDefinition).name === 'string' && 'Component' in value;
}

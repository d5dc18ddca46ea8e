/**
 * The component manifest's vocabulary (decision 0073): what a rendering is to everyone who is not
 * React. The server (rich text to sanitize, phrases to send), `sitectl content check` (field types),
 * the page editor (its fields, slots and palette) and the Sitecore editing host (its config and
 * field chromes) read the same description. This module and every `<plugin>/manifest.ts` import
 * nothing that renders, so the CLI never loads React through them.
 */

/**
 * The kinds of field editors fill in. `text`: one line; `richText`: HTML (sanitized on the server);
 * `image`: `{src, alt}` from the media library; `link`: `{href, text, linktype}`, internal or
 * external; `number`; `date`: ISO 8601 (`2026-03-01` or with a time); `checkbox`: true or false;
 * `list`: items with fields of their own (`item` describes them).
 */
export const FIELD_TYPES = ['text', 'richText', 'image', 'link', 'number', 'date', 'checkbox', 'list'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** How each field type is named to editors and in `sitectl content check`'s messages. */
export const FIELD_TYPE_NAMES: Readonly<Record<FieldType, string>> = {
  text: 'single-line text',
  richText: 'rich text (HTML)',
  image: 'an image {src, alt}',
  link: 'a link {href, text}',
  number: 'a number',
  date: 'a date (YYYY-MM-DD)',
  checkbox: 'true or false',
  list: 'a list of items with fields',
};

export interface FieldManifest {
  name: string;
  type: FieldType;
  /** The label editors see. */
  label: string;
  /** A hint under the field. */
  help?: string;
  /** Publishing refuses the rendering without a value in it. */
  required?: boolean;
  /** A text field limited to these values (a choice in the editor). */
  options?: readonly string[];
  /** A list's items: their own fields. */
  item?: readonly FieldManifest[];
  /** A list's items' name in the editor ("Link", "Tab"). */
  itemLabel?: string;
}

/** A rendering parameter (Sitecore's rendering parameters): a setting of the rendering, not content. */
export interface ParamManifest {
  name: string;
  label: string;
  options: readonly string[];
  help?: string;
}

/** A placeholder a rendering exposes, and the renderings editors may put into it. */
export interface PlaceholderManifest {
  name: string;
  label: string;
  /** componentNames allowed here; the editor offers only these, publishing refuses others. */
  allowed: readonly string[];
}

export interface ComponentManifest {
  /** The `componentName` of the CMS. */
  name: string;
  /** The plugin (folder under app/plugins/) it belongs to. */
  plugin: string;
  /** What editors see in the palette and the gallery. */
  label: string;
  description: string;
  /** The module under app/plugins/ that exports its rendering (`{ name, Component }`). */
  module: string;
  /**
   * 'required': the rendering shows the fields of a content item (its datasource) and without one
   * shows REQ-CMS-3's message; 'none': it reads the page's address or a service instead.
   */
  datasource: 'required' | 'none';
  fields: readonly FieldManifest[];
  params?: readonly ParamManifest[];
  placeholders?: readonly PlaceholderManifest[];
  /**
   * The dictionary phrases its text comes from beyond the shell's keys: namespaces, single keys or
   * key prefixes (`ns.field.*`). A page is sent only the phrases of the renderings it has.
   */
  phrases?: readonly string[];
  /** Its server half (loader, form action, cache policy): the plugin's `renderings.server.ts`, or none. */
  server?: string;
  /** Where editors may place it: 'page' (the main placeholder), 'chrome' (header and footer only). */
  placement: 'page' | 'chrome';
  /** Example content for the gallery and a new rendering in the editor, shorthand as in content files (English). */
  example?: Readonly<Record<string, unknown>>;
  /** The example's fields in the other languages, over the English example (a list is given whole). */
  examples?: Readonly<Record<'de' | 'ja-jp' | 'zh', Readonly<Record<string, unknown>>>>;
}

/** A rendering's example content in a site language (en, de, ja-jp, zh): the gallery's and a new rendering's start. */
export function exampleIn(manifest: ComponentManifest, language: string): Readonly<Record<string, unknown>> | undefined {
  if (!manifest.example) return undefined;
  const translated = language === 'en' ? undefined : manifest.examples?.[language as keyof NonNullable<ComponentManifest['examples']>];
  return translated ? { ...manifest.example, ...translated } : manifest.example;
}

export interface PluginManifest {
  name: string;
  renderings: readonly ComponentManifest[];
}

type RenderingDeclaration = Omit<ComponentManifest, 'plugin' | 'server' | 'datasource' | 'placement' | 'fields'> & {
  datasource?: 'required' | 'none';
  placement?: 'page' | 'chrome';
  fields?: readonly FieldManifest[];
  /** It has a server half in the plugin's renderings.server.ts. */
  server?: boolean;
};

/** A plugin's manifest from its renderings: fills in the plugin, the server half's file and the defaults. */
export function definePlugin(name: string, renderings: readonly RenderingDeclaration[]): PluginManifest {
  return {
    name,
    renderings: renderings.map(({ server, datasource = 'required', placement = 'page', fields = [], ...rest }) => ({
      ...rest,
      plugin: name,
      datasource,
      placement,
      fields,
      ...(server ? { server: `${name}/renderings.server.ts` } : {}),
    })),
  };
}

/** Field shorthands for the manifests. */
export const field = {
  text: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'text', label, ...extra }),
  richText: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'richText', label, ...extra }),
  image: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'image', label, ...extra }),
  link: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'link', label, ...extra }),
  number: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'number', label, ...extra }),
  date: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'date', label, ...extra }),
  checkbox: (name: string, label: string, extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'checkbox', label, ...extra }),
  list: (name: string, label: string, itemLabel: string, item: readonly FieldManifest[], extra: Partial<FieldManifest> = {}): FieldManifest => ({ name, type: 'list', label, itemLabel, item, ...extra }),
};

/** The heading and lead most list renderings take from their content item. */
export const titleAndIntro = [field.text('title', 'Title'), field.text('intro', 'Introduction')];
export const headingAndIntro = [field.text('heading', 'Heading'), field.text('intro', 'Introduction')];

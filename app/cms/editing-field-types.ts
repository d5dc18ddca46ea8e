import { getComponentManifest, type FieldManifest, type FieldType } from '../plugins/manifest.ts';

/**
 * The Sitecore field type of each field Pages edits (its `metadata.fieldType`, which picks Pages'
 * field editor), from the component manifest (decision 0073, decision 0078): the templates the
 * content host serves are the manifests' fields, so the type is the manifest's, never guessed from
 * a value. React-free: the layout stand-in (standins/launcher.ts) reads it.
 */
const SITECORE_FIELD_TYPES: Readonly<Record<FieldType, string>> = {
  text: 'single-line text',
  richText: 'rich text',
  image: 'image',
  link: 'general link',
  number: 'number',
  date: 'date',
  checkbox: 'checkbox',
  list: 'multilist',
};

/** The page template's own fields (the route's), which no rendering's manifest describes. */
const PAGE_TEMPLATE_FIELDS: Readonly<Record<string, FieldType>> = {
  pageTitle: 'text',
  metaDescription: 'text',
  robots: 'text',
  access: 'text',
  redirectTo: 'text',
};

/** A Sitecore field type by the manifest's field type. */
export function sitecoreFieldType(type: FieldType): string {
  return SITECORE_FIELD_TYPES[type];
}

/**
 * The Sitecore field type of a field: of a rendering (`componentName`) or of the page itself
 * (undefined), by its path (`['tabs', 'content']` for a list item's field). Undefined for a field
 * neither the manifest nor the page template declares.
 */
export function editingFieldType(componentName: string | undefined, path: readonly string[]): string | undefined {
  if (componentName === undefined) {
    const type = path.length === 1 ? PAGE_TEMPLATE_FIELDS[path[0]!] : undefined;
    return type && sitecoreFieldType(type);
  }
  let fields: readonly FieldManifest[] | undefined = getComponentManifest(componentName)?.fields;
  let found: FieldManifest | undefined;
  for (const name of path) {
    found = fields?.find((one) => one.name === name);
    fields = found?.item;
  }
  return found && sitecoreFieldType(found.type);
}

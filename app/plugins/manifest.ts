import { catalogueManifest } from './catalogue/manifest.ts';
import { companyManifest } from './company/manifest.ts';
import { contentManifest } from './content/manifest.ts';
import { designCenterManifest } from './design-center/manifest.ts';
import { faqManifest } from './faq/manifest.ts';
import { formsManifest } from './forms/manifest.ts';
import { FIELD_TYPE_NAMES, type ComponentManifest, type FieldManifest, type PlaceholderManifest, type PluginManifest } from './manifest-types.ts';
import { portalManifest } from './portal/manifest.ts';
import { searchManifest } from './search/manifest.ts';
import { siteChromeManifest } from './site-chrome/manifest.ts';

export type { ComponentManifest, FieldManifest, FieldType, ParamManifest, PlaceholderManifest, PluginManifest } from './manifest-types.ts';
export { FIELD_TYPE_NAMES, FIELD_TYPES } from './manifest-types.ts';

/**
 * Every plugin of the site and its renderings: the one list (decision 0073). The registries
 * (registry.ts, registry.server.ts, the browser's registry.browser.ts and component-modules) are
 * derived from it; `sitectl content check`, the page editor and the editing host read it. Adding a
 * plugin is adding its manifest here. React-free: nothing here imports a component.
 */
export const PLUGIN_MANIFESTS: readonly PluginManifest[] = [
  siteChromeManifest,
  contentManifest,
  searchManifest,
  catalogueManifest,
  formsManifest,
  faqManifest,
  companyManifest,
  portalManifest,
  designCenterManifest,
];

/**
 * The placeholders of a page (the layout's), and what each allows: the header and footer their
 * chrome, the main placeholder every rendering placed on pages.
 */
export function pagePlaceholders(plugins: readonly PluginManifest[] = PLUGIN_MANIFESTS): PlaceholderManifest[] {
  const all = plugins.flatMap((plugin) => plugin.renderings);
  const named = (placement: ComponentManifest['placement']) => all.filter((rendering) => rendering.placement === placement).map((rendering) => rendering.name);
  return [
    { name: 'jss-header', label: 'Header', allowed: named('chrome').filter((name) => name === 'Header') },
    { name: 'jss-main', label: 'Main', allowed: named('page') },
    { name: 'jss-footer', label: 'Footer', allowed: named('chrome').filter((name) => name === 'Footer') },
  ];
}

/** Checks a list of plugin manifests: names unique, placeholders allow only known renderings. Throws on a problem. */
export function checkManifests(plugins: readonly PluginManifest[]): void {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const plugin of plugins) {
    for (const rendering of plugin.renderings) {
      const other = owner.get(rendering.name);
      if (other) problems.push(`Component "${rendering.name}" is registered twice (plugins "${other}" and "${plugin.name}")`);
      owner.set(rendering.name, plugin.name);
      if (rendering.plugin !== plugin.name) problems.push(`Component "${rendering.name}" says plugin "${rendering.plugin}" but is listed by plugin "${plugin.name}"`);
      const fieldNames = new Set<string>();
      for (const one of rendering.fields) {
        if (fieldNames.has(one.name)) problems.push(`Component "${rendering.name}": field "${one.name}" is declared twice`);
        fieldNames.add(one.name);
        if (one.type === 'list' && !one.item?.length) problems.push(`Component "${rendering.name}": list field "${one.name}" declares no item fields`);
      }
    }
  }
  for (const plugin of plugins) {
    for (const rendering of plugin.renderings) {
      for (const placeholder of rendering.placeholders ?? []) {
        for (const name of placeholder.allowed) if (!owner.has(name)) problems.push(`Component "${rendering.name}": placeholder "${placeholder.name}" allows "${name}", which no plugin provides`);
      }
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

checkManifests(PLUGIN_MANIFESTS);

const BY_NAME = new Map(PLUGIN_MANIFESTS.flatMap((plugin) => plugin.renderings.map((rendering) => [rendering.name, rendering] as const)));

/** Every rendering's manifest, in the plugins' order. */
export function listComponentManifests(): ComponentManifest[] {
  return [...BY_NAME.values()];
}

/** One rendering's manifest by its componentName; undefined when no plugin provides it. */
export function getComponentManifest(name: string): ComponentManifest | undefined {
  return BY_NAME.get(name);
}

/** The paths of a rendering's rich-text fields, as the server sanitizes them: `content`, `tabs[].content`. */
export function richTextPaths(fields: readonly FieldManifest[], prefix = ''): string[] {
  return fields.flatMap((one) => {
    if (one.type === 'richText') return [`${prefix}${one.name}`];
    if (one.type === 'list') return richTextPaths(one.item ?? [], `${prefix}${one.name}[].`);
    return [];
  });
}

/** A field whose value does not fit its manifest: which component, which field (dotted path into lists), what is wrong. */
export interface FieldProblem {
  component: string;
  field: string;
  message: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Sitecore's date field value: 20260301T000000Z. */
const SITECORE_DATE = /^\d{8}T\d{6}Z?$/;

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'nothing (null)';
  if (typeof value === 'object') return `an object with ${Object.keys(value).join(', ') || 'no keys'}`;
  if (typeof value === 'string') return `text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}

/** A field's value as content files write it (`x`) or as the layout service sends it (`{value: x}`). */
function unwrap(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && Object.keys(value).length === 1) return (value as { value: unknown }).value;
  return value;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function fieldValueProblem(manifest: FieldManifest, raw: unknown): string | undefined {
  const value = unwrap(raw);
  const expected = () => `expected ${FIELD_TYPE_NAMES[manifest.type]}, found ${describe(value)}`;
  switch (manifest.type) {
    case 'text':
      // YAML reads `2024` as a number: a number is text that happens to be digits.
      if (typeof value !== 'string' && typeof value !== 'number') return expected();
      if (typeof value === 'string' && /[\r\n]/.test(value)) return 'expected single-line text, found a line break';
      if (manifest.options && value !== '' && !manifest.options.includes(String(value))) return `"${String(value)}" is not one of ${manifest.options.join(', ')}`;
      return undefined;
    case 'richText':
      return typeof value === 'string' ? undefined : expected();
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : expected();
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : expected();
    case 'date': {
      if (typeof value !== 'string') return expected();
      const iso = SITECORE_DATE.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : ISO_DATE.test(value) ? value : undefined;
      return iso && !Number.isNaN(Date.parse(iso)) ? undefined : expected();
    }
    case 'image':
      return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { src?: unknown }).src === 'string' ? undefined : expected();
    case 'link':
      return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { href?: unknown }).href === 'string' ? undefined : expected();
    case 'list':
      return Array.isArray(value) ? undefined : expected();
  }
}

/**
 * Checks a rendering's fields against its manifest: each field's value has the field's type, a
 * list's items have their fields' types, no field is one the rendering does not declare, and
 * required fields have a value. Takes content files' shorthand or the layout service's `{value}`.
 */
export function checkRenderingFields(manifest: ComponentManifest, fields: Readonly<Record<string, unknown>> | undefined, options: { requireValues?: boolean } = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const visit = (declared: readonly FieldManifest[], values: Readonly<Record<string, unknown>>, prefix: string) => {
    const byName = new Map(declared.map((one) => [one.name, one]));
    for (const [name, value] of Object.entries(values)) {
      const one = byName.get(name);
      const path = `${prefix}${name}`;
      if (!one) {
        problems.push({ component: manifest.name, field: path, message: `not a field of ${manifest.name} (its fields: ${declared.map((d) => d.name).join(', ') || 'none'})` });
        continue;
      }
      const problem = fieldValueProblem(one, value);
      if (problem) {
        problems.push({ component: manifest.name, field: path, message: problem });
        continue;
      }
      if (one.type === 'list') {
        (unwrap(value) as unknown[]).forEach((item, index) => {
          const itemFields = item && typeof item === 'object' ? (item as { fields?: unknown }).fields : undefined;
          if (itemFields === undefined || itemFields === null) return;
          if (typeof itemFields !== 'object' || Array.isArray(itemFields)) {
            problems.push({ component: manifest.name, field: `${path}[${index}]`, message: `expected an item {fields: ...}, found ${describe(item)}` });
            return;
          }
          visit(one.item ?? [], itemFields as Record<string, unknown>, `${path}[${index}].`);
        });
      }
    }
    if (options.requireValues) {
      for (const one of declared) {
        if (one.required && isEmpty(unwrap(values[one.name]))) problems.push({ component: manifest.name, field: `${prefix}${one.name}`, message: `${one.label} is required` });
      }
    }
  };
  visit(manifest.fields, fields ?? {}, '');
  return problems;
}

import { z } from 'zod';
import { isSafeLinkAddress, LINK_ADDRESS_RULE } from './link-address.ts';

/**
 * The format editors write under `fixtures/content/` (docs/decisions/0003-content-files.md):
 * YAML shaped like Sitecore JSS disconnected-mode route files. Shorthand field values are
 * expanded into LayoutServiceData `{value}` fields by `toLayoutFields`.
 */

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'field names are letters, digits and underscores');
const placeholderName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'placeholder names are lower-case words joined by dashes');
const componentName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'component names are PascalCase, e.g. HeroBanner');

const imageValue = z
  .object({
    src: z.string().min(1, 'an image needs a src'),
    alt: z.string().default(''),
    width: z.union([z.string(), z.number()]).optional(),
    height: z.union([z.string(), z.number()]).optional(),
  })
  .strict();

// Sitecore's General Link also has a `javascript` kind: the site draws none (link-address.ts).
export const LINK_TYPES = ['internal', 'external', 'media', 'mailto', 'anchor'] as const;

const linkValue = z
  .object({
    href: z.string().refine((href) => href === '' || isSafeLinkAddress(href), LINK_ADDRESS_RULE),
    text: z.string().optional(),
    linktype: z.enum(LINK_TYPES).optional(),
    target: z.string().optional(),
    title: z.string().optional(),
    anchor: z.string().optional(),
    querystring: z.string().optional(),
    class: z.string().optional(),
    maskedUrl: z.string().refine(isSafeLinkAddress, LINK_ADDRESS_RULE).optional(),
  })
  .strict();

export interface ContentItemInput {
  id?: string;
  name?: string;
  displayName?: string;
  url?: string;
  fields: Record<string, FieldInput>;
}
export type FieldInput = string | number | boolean | ContentItemInput[] | Record<string, unknown>;

const fieldInput: z.ZodType<FieldInput> = z.lazy(() =>
  z.union([
    scalar,
    z.array(contentItem),
    z.object({ value: z.unknown() }).strict(),
    imageValue,
    linkValue,
  ], { error: 'a field is text, a number, true/false, a list of items with fields, {value: ...}, an image {src, alt} or a link {href, text}' }),
);

const contentItem: z.ZodType<ContentItemInput> = z.lazy(() =>
  z
    .object({
      id: z.string().optional(),
      name: z.string().optional(),
      displayName: z.string().optional(),
      url: z.string().optional(),
      fields: z.record(fieldName, fieldInput).default({}),
    })
    .strict(),
);

export interface RenderingInput {
  componentName: string;
  uid?: string;
  dataSource?: string;
  params?: Record<string, string | number | boolean>;
  fields?: Record<string, FieldInput>;
  placeholders?: Record<string, RenderingInput[]>;
  /**
   * REQ-JSS-12 personalization (Sitecore's experiences, issue 32): by variant id, the rendering a variant shows
   * instead of this one, or `hidden: true` where the variant hides it. A page variant's id is one
   * word (`returningcustomer`); a component variant's is `<rendering>_<variant>`. The live site shows
   * the default (this rendering); Sitecore Pages shows the variant its `sc_variant` names.
   */
  experiences?: Record<string, ExperienceInput>;
}
export type ExperienceInput = RenderingInput | { hidden: true };

const variantId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'variant ids are letters, digits, dashes and underscores (a component variant: <rendering>_<variant>)');

const rendering: z.ZodType<RenderingInput> = z.lazy(() =>
  z
    .object({
      componentName,
      uid: z.string().optional(),
      dataSource: z.string().optional(),
      params: z.record(z.string(), scalar).optional(),
      fields: z.record(fieldName, fieldInput).optional(),
      placeholders: z.record(placeholderName, z.array(rendering)).optional(),
      experiences: z.record(variantId, z.union([z.object({ hidden: z.literal(true) }).strict(), rendering])).optional(),
    })
    .strict()
    .refine((r) => !r.fields || Object.keys(r.fields).length === 0 || Boolean(r.dataSource), {
      message: 'a rendering with fields needs a dataSource: name the content item the fields come from',
      path: ['dataSource'],
    }),
);

export const routeFileSchema = z
  .object({
    name: z.string().optional(),
    displayName: z.string().optional(),
    template: z.string().default('App Route'),
    /**
     * `pending`: the page is not yet in every language (a new page from the editor starts in one);
     * `sitectl content check` lists its missing languages as expected rather than failing.
     */
    translation: z.literal('pending').optional(),
    /**
     * The language version is kept but not served (Sitecore's publishing restriction "publishable"
     * off): visitors get 404, the sitemap leaves it out, and internal links to it in this language
     * are hidden. The page editor's unpublish sets it; publishing the page again clears it.
     */
    unpublished: z.literal(true).optional(),
    fields: z.record(fieldName, fieldInput).default({}),
    placeholders: z.record(placeholderName, z.array(rendering)).default({}),
  })
  .strict();
export type RouteFile = z.infer<typeof routeFileSchema>;

/** Placeholders every route shares (header, footer), as SXA partial designs do. */
export const sharedFileSchema = z.object({ placeholders: z.record(placeholderName, z.array(rendering)) }).strict();
export type SharedFile = z.infer<typeof sharedFileSchema>;

export const dictionaryFileSchema = z.record(
  z.string().min(1),
  z.union([z.string(), z.number()]).transform(String),
);

/** Sitecore language names as file names, lower-cased: en.yaml, de.yaml, ja-jp.yaml, zh-cn.yaml. */
export const languageFileName = /^([a-z]{2,3}(?:-[a-z0-9]{2,4})?)\.ya?ml$/;

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(file)'}: ${issue.message}`)
    .join('; ');
}

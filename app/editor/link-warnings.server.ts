import type { RenderingInput, RouteFile } from '@voltaris/content-files/content-schema';
import { ContentStore, internalLinkTarget } from '@voltaris/content-files/content-store';
import { richTextAnchors, richTextLinkTarget } from '@voltaris/content-files/rich-text-links';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { FILE_LANGUAGES } from './file-languages.ts';
import type { EditorPaths, FileLanguage } from './page-store.server.ts';

/**
 * REQ-CMS-14 for editors: the links of the edited page that visitors will not see as links, because
 * the page they go to is unpublished or has no version in the link's language. The editor's canvas
 * still shows them; this says which component and field hold them. Publishing goes ahead: the
 * link comes back by itself once its page is published.
 */

export interface LinkWarning {
  component: string;
  /** Where on the page: `jss-main #2`. */
  where: string;
  /** The field, dotted into lists (`links[1].link`). */
  field: string;
  href: string;
  /** The content language the link goes to. */
  language: string;
}

const unwrap = (value: unknown): unknown => (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && Object.keys(value).length === 1 ? (value as { value: unknown }).value : value);

/** The links of `route` (a page in `language`) visitors get as plain text, as the content folder is now. */
export function hiddenLinksOf(paths: EditorPaths, route: RouteFile, language: FileLanguage): LinkWarning[] {
  const store = new ContentStore({ dir: paths.contentDir });
  const warnings: LinkWarning[] = [];
  const visitFields = (fields: Record<string, unknown>, at: Omit<LinkWarning, 'field' | 'href' | 'language'>, prefix: string) => {
    for (const [name, raw] of Object.entries(fields)) {
      const value = unwrap(raw);
      const field = `${prefix}${name}`;
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          const itemFields = (item as { fields?: unknown } | null)?.fields;
          if (itemFields && typeof itemFields === 'object') visitFields(itemFields as Record<string, unknown>, at, `${field}[${index + 1}].`);
        });
      } else if (typeof value === 'string') {
        for (const { href } of richTextAnchors(value)) {
          const to = richTextLinkTarget(href, language);
          if (to && store.hidesLinksTo(to.itemPath, to.language)) warnings.push({ ...at, field, href, language: to.language });
        }
      } else {
        const target = internalLinkTarget(value);
        if (target && store.hidesLinksTo(target, language)) warnings.push({ ...at, field, href: (value as { href: string }).href, language });
      }
    }
  };
  const visit = (placeholders: Record<string, RenderingInput[]> | undefined, prefix: string) => {
    for (const [placeholder, renderings] of Object.entries(placeholders ?? {})) {
      renderings.forEach((rendering, index) => {
        const where = `${prefix}${placeholder} #${index + 1}`;
        visitFields((rendering.fields ?? {}) as Record<string, unknown>, { component: rendering.componentName, where }, '');
        visit(rendering.placeholders, `${where} > `);
      });
    }
  };
  visit(route.placeholders, '');
  return warnings;
}

/** One warning as the editor reads it. */
export function describeLinkWarning(warning: LinkWarning): string {
  const language = SITE_LANGUAGES.find((one) => FILE_LANGUAGES[one] === warning.language);
  return `${warning.component} (${warning.where}) field "${warning.field}": the link to ${warning.href} goes to a page not published in ${language ? LANGUAGES[language].nativeName : warning.language}; visitors see its text without the link until that page is published.`;
}

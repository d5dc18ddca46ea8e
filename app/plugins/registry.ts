import { cataloguePlugin } from './catalogue/index.ts';
import { companyPlugin } from './company/index.ts';
import { contentPlugin } from './content/index.ts';
import { createRegistry } from './create-registry.ts';
import { faqPlugin } from './faq/index.ts';
import { formsPlugin } from './forms/index.ts';
import { searchPlugin } from './search/index.ts';
import { siteChromePlugin } from './site-chrome/index.ts';

/** Every plugin of the site. Adding a plugin is adding it here; nothing else lists them. */
export const registry = createRegistry([siteChromePlugin, contentPlugin, searchPlugin, cataloguePlugin, formsPlugin, faqPlugin, companyPlugin]);

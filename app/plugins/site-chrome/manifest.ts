import { definePlugin, field } from '../manifest-types.ts';

/** The header and footer every page shares (its content comes from the CMS like any other). */
export const siteChromeManifest = definePlugin('site-chrome', [
  {
    name: 'Header',
    label: 'Header',
    description: 'The site\'s header: logo, navigation with its menus, search box, language and account.',
    module: 'site-chrome/Header.tsx',
    placement: 'chrome',
    fields: [
      field.text('siteName', 'Site name'),
      field.image('logo', 'Logo'),
      field.list('navigation', 'Navigation', 'Menu', [field.link('link', 'Link'), field.text('title', 'Title'), field.list('links', 'Menu links', 'Link', [field.link('link', 'Link')])]),
    ],
  },
  {
    name: 'Footer',
    label: 'Footer',
    description: 'The site\'s footer: columns of links and the copyright line.',
    module: 'site-chrome/Footer.tsx',
    placement: 'chrome',
    fields: [field.text('copyright', 'Copyright'), field.list('columns', 'Columns', 'Column', [field.text('title', 'Title'), field.list('links', 'Links', 'Link', [field.link('link', 'Link')])])],
  },
]);

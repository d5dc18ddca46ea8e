import { definePlugin, field } from '../manifest-types.ts';

const IMAGE_SIZES = ['486x260', '600x600'] as const;
const link = (name: string, label: string) => field.link(name, label);

/** The page components editors assemble pages from (REQ-CMS-2). */
export const contentManifest = definePlugin('content', [
  {
    name: 'HeroBanner',
    label: 'Hero banner',
    description: 'The page\'s opening: a heading (the page\'s h1 when first), a lead, an image and a call to action.',
    module: 'content/HeroBanner.tsx',
    fields: [field.text('heading', 'Heading', { required: true }), field.text('subheading', 'Lead'), field.image('image', 'Image'), link('cta', 'Call to action')],
    params: [{ name: 'imageSize', label: 'Image size', options: IMAGE_SIZES }],
    example: { heading: 'Circuit protection for every design', subheading: 'Fuses, PTCs and TVS diodes, qualified to AEC-Q.', image: { src: '/media/about-plant.svg', alt: 'Our manufacturing plant' } },
  },
  {
    name: 'AnchorTabs',
    label: 'Anchor tabs',
    description: 'Sections of rich text, each reachable by its anchor, with a tab row linking to them.',
    module: 'content/AnchorTabs.tsx',
    fields: [
      field.text('title', 'Title'),
      field.list('tabs', 'Tabs', 'Tab', [field.text('anchorId', 'Anchor', { help: 'letters, digits and dashes; the address part after #' }), field.text('title', 'Tab title', { required: true }), field.richText('content', 'Content')]),
    ],
    example: { title: 'Overview', tabs: [{ fields: { anchorId: 'features', title: 'Features', content: '<p>Low resistance, fast clearing.</p>' } }] },
  },
  {
    name: 'ResourceLibrary',
    label: 'Resource library',
    description: 'The technical documents, filtered by type, language and the A-to-Z index, read from the document index.',
    module: 'content/ResourceLibrary.tsx',
    fields: [field.text('title', 'Title'), field.text('intro', 'Introduction')],
    phrases: ['index', 'resources'],
    server: true,
    example: { title: 'Resource library', intro: 'Datasheets, application notes and certificates.' },
  },
  {
    name: 'ApplicationGuide',
    label: 'Application guide',
    description: 'Cards of the design center\'s applications, by market, with an introduction.',
    module: 'content/ApplicationGuide.tsx',
    fields: [field.text('title', 'Title'), field.richText('intro', 'Introduction')],
    phrases: ['index', 'applications', 'designCenter'],
    server: true,
    example: { title: 'Application guide', intro: '<p>Find the parts for your application.</p>' },
  },
  {
    name: 'RichText',
    label: 'Rich text',
    description: 'A section of formatted text under a heading.',
    module: 'content/RichText.tsx',
    fields: [field.text('heading', 'Heading'), field.richText('content', 'Text', { required: true })],
    example: { heading: 'Who we are', content: '<p>Voltaris Components designs and builds circuit protection.</p>' },
  },
  {
    name: 'Image',
    label: 'Image',
    description: 'An image from the media library with a caption.',
    module: 'content/ContentImage.tsx',
    fields: [field.image('image', 'Image', { required: true }), field.text('caption', 'Caption')],
    params: [{ name: 'size', label: 'Size', options: IMAGE_SIZES }],
    example: { image: { src: '/media/about-lab.svg', alt: 'Surge test laboratory' }, caption: 'Our surge test laboratory.' },
  },
  {
    name: 'LinkList',
    label: 'Link list',
    description: 'A titled list of links, internal or external.',
    module: 'content/LinkList.tsx',
    fields: [field.text('title', 'Title'), field.list('links', 'Links', 'Link', [link('link', 'Link')])],
    example: { title: 'The company', links: [{ fields: { link: { href: '/company/careers', text: 'Careers', linktype: 'internal' } } }] },
  },
]);

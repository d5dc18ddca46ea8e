import { definePlugin, field } from '../manifest-types.ts';
import { COLUMN_PLACEHOLDERS } from './columns.ts';

const IMAGE_SIZES = ['486x260', '600x600'] as const;
const link = (name: string, label: string) => field.link(name, label);
/** What a column holds: the renderings that fit half a page's width. */
const IN_A_COLUMN = ['RichText', 'Image', 'LinkList'] as const;

/** The page components editors assemble pages from (REQ-CMS-2). */
export const contentManifest = definePlugin('content', [
  {
    name: 'HeroBanner',
    label: 'Hero banner',
    description: 'The page\'s opening: a heading (the page\'s h1 when first), a lead, an image and a call to action.',
    module: 'content/HeroBanner.tsx',
    fields: [field.text('heading', 'Heading', { required: true }), field.text('subheading', 'Lead'), field.image('image', 'Image'), link('cta', 'Call to action')],
    params: [{ name: 'imageSize', label: 'Image size', options: IMAGE_SIZES }],
    example: { heading: 'Circuit protection for every design', subheading: 'Fuses, PTCs and TVS diodes, qualified to AEC-Q.', image: { src: '/media/about-plant.svg', alt: 'Our manufacturing plant' } }, examples: { de: { heading: 'Schaltungsschutz für jedes Design', subheading: 'Sicherungen, PTCs und TVS-Dioden, qualifiziert nach AEC-Q.', image: { src: '/media/about-plant.svg', alt: 'Unser Werk' } }, 'ja-jp': { heading: 'あらゆる設計に回路保護を', subheading: 'AEC-Q認定のヒューズ、PTC、TVSダイオード。', image: { src: '/media/about-plant.svg', alt: '当社の製造工場' } }, zh: { heading: '为每一个设计提供电路保护', subheading: '通过 AEC-Q 认证的保险丝、PTC 和 TVS 二极管。', image: { src: '/media/about-plant.svg', alt: '我们的生产工厂' } } },
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
    example: { title: 'Overview', tabs: [{ fields: { anchorId: 'features', title: 'Features', content: '<p>Low resistance, fast clearing.</p>' } }] }, examples: { de: { title: 'Überblick', tabs: [{ fields: { anchorId: 'features', title: 'Merkmale', content: '<p>Niedriger Widerstand, schnelles Abschalten.</p>' } }] }, 'ja-jp': { title: '概要', tabs: [{ fields: { anchorId: 'features', title: '特長', content: '<p>低抵抗、高速遮断。</p>' } }] }, zh: { title: '概述', tabs: [{ fields: { anchorId: 'features', title: '特点', content: '<p>低电阻，快速分断。</p>' } }] } },
  },
  {
    name: 'ResourceLibrary',
    label: 'Resource library',
    description: 'The technical documents, filtered by type, language and the A-to-Z index, read from the document index.',
    module: 'content/ResourceLibrary.tsx',
    fields: [field.text('title', 'Title'), field.text('intro', 'Introduction')],
    phrases: ['index', 'resources'],
    server: true,
    example: { title: 'Resource library', intro: 'Datasheets, application notes and certificates.' }, examples: { de: { title: 'Dokumentenbibliothek', intro: 'Datenblätter, Applikationsschriften und Zertifikate.' }, 'ja-jp': { title: '資料ライブラリ', intro: 'データシート、アプリケーションノート、認証書。' }, zh: { title: '资料库', intro: '数据手册、应用笔记和证书。' } },
  },
  {
    name: 'ApplicationGuide',
    label: 'Application guide',
    description: 'Cards of the design center\'s applications, by market, with an introduction.',
    module: 'content/ApplicationGuide.tsx',
    fields: [field.text('title', 'Title'), field.richText('intro', 'Introduction')],
    phrases: ['index', 'applications', 'designCenter'],
    server: true,
    example: { title: 'Application guide', intro: '<p>Find the parts for your application.</p>' }, examples: { de: { title: 'Anwendungsleitfaden', intro: '<p>Finden Sie die Bauteile für Ihre Anwendung.</p>' }, 'ja-jp': { title: 'アプリケーションガイド', intro: '<p>用途に合った部品を見つけましょう。</p>' }, zh: { title: '应用指南', intro: '<p>为您的应用找到合适的器件。</p>' } },
  },
  {
    name: 'RichText',
    label: 'Rich text',
    description: 'A section of formatted text under a heading.',
    module: 'content/RichText.tsx',
    fields: [field.text('heading', 'Heading'), field.richText('content', 'Text', { required: true })],
    example: { heading: 'Who we are', content: '<p>Voltaris Components designs and builds circuit protection.</p>' }, examples: { de: { heading: 'Wer wir sind', content: '<p>Voltaris Components entwickelt und fertigt Schaltungsschutz.</p>' }, 'ja-jp': { heading: '私たちについて', content: '<p>Voltaris Componentsは回路保護部品を設計・製造しています。</p>' }, zh: { heading: '关于我们', content: '<p>Voltaris Components 设计并制造电路保护器件。</p>' } },
  },
  {
    name: 'Image',
    label: 'Image',
    description: 'An image from the media library with a caption.',
    module: 'content/ContentImage.tsx',
    fields: [field.image('image', 'Image', { required: true }), field.text('caption', 'Caption')],
    params: [{ name: 'size', label: 'Size', options: IMAGE_SIZES }],
    example: { image: { src: '/media/about-lab.svg', alt: 'Surge test laboratory' }, caption: 'Our surge test laboratory.' }, examples: { de: { image: { src: '/media/about-lab.svg', alt: 'Stoßspannungslabor' }, caption: 'Unser Stoßspannungslabor.' }, 'ja-jp': { image: { src: '/media/about-lab.svg', alt: 'サージ試験ラボ' }, caption: '当社のサージ試験ラボ。' }, zh: { image: { src: '/media/about-lab.svg', alt: '浪涌测试实验室' }, caption: '我们的浪涌测试实验室。' } },
  },
  {
    name: 'LinkList',
    label: 'Link list',
    description: 'A titled list of links, internal or external.',
    module: 'content/LinkList.tsx',
    fields: [field.text('title', 'Title'), field.list('links', 'Links', 'Link', [link('link', 'Link')])],
    example: { title: 'The company', links: [{ fields: { link: { href: '/company/careers', text: 'Careers', linktype: 'internal' } } }] }, examples: { de: { title: 'Das Unternehmen', links: [{ fields: { link: { href: '/company/careers', text: 'Karriere', linktype: 'internal' } } }] }, 'ja-jp': { title: '会社情報', links: [{ fields: { link: { href: '/company/careers', text: '採用情報', linktype: 'internal' } } }] }, zh: { title: '公司', links: [{ fields: { link: { href: '/company/careers', text: '招贤纳士', linktype: 'internal' } } }] } },
  },
  {
    name: 'Columns',
    label: 'Two columns',
    description: 'A section of two columns side by side, each holding rich text, images or link lists.',
    module: 'content/Columns.tsx',
    datasource: 'none',
    placeholders: COLUMN_PLACEHOLDERS.map((name, index) => ({ name, label: index === 0 ? 'First column' : 'Second column', allowed: IN_A_COLUMN })),
  },
]);

import { definePlugin, field } from '../manifest-types.ts';

const table = { fields: [field.text('title', 'Title'), field.richText('intro', 'Introduction')], server: true, phrases: ['designCenter'] } as const;

/** The design center: applications and markets, selection guides and relay tables. */
export const designCenterManifest = definePlugin('design-center', [
  { name: 'DesignCenterApplication', label: 'Design center application', description: 'A market or an application of the design center, chosen by the page\'s address.', module: 'design-center/DesignCenterPage.tsx', datasource: 'none', server: true, phrases: ['designCenter'] },
  { ...table, name: 'SelectionGuide', label: 'Selection guide', description: 'A filterable table of parts for a design task.', module: 'design-center/DataTables.tsx', example: { title: 'Selection guide', intro: '<p>Choose a fuse by its rating.</p>' }, examples: { de: { title: 'Auswahlhilfe', intro: '<p>Wählen Sie eine Sicherung nach ihrem Nennwert.</p>' }, 'ja-jp': { title: '選定ガイド', intro: '<p>定格からヒューズを選びます。</p>' }, zh: { title: '选型指南', intro: '<p>按额定值选择保险丝。</p>' } } },
  { ...table, name: 'IndustryRelayList', label: 'Industry relay list', description: 'A filterable table of industrial relays.', module: 'design-center/DataTables.tsx', example: { title: 'Industrial relays', intro: '<p>Relays by market.</p>' }, examples: { de: { title: 'Industrierelais', intro: '<p>Relais nach Markt.</p>' }, 'ja-jp': { title: '産業用リレー', intro: '<p>市場別のリレー。</p>' }, zh: { title: '工业继电器', intro: '<p>按市场分类的继电器。</p>' } } },
]);

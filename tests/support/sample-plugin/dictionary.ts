/** The lines an editor adds to the CMS dictionary for this plugin (fixtures/content/dictionary/<language>.yaml). */
export const LEAD_TIMES_PHRASES: Readonly<Record<'en' | 'de' | 'ja-jp' | 'zh-cn', Record<string, string>>> = {
  en: { 'leadTimes.heading': 'Standard lead times', 'leadTimes.weeks': 'Shipped within {{weeks}} weeks of your order', 'leadTimes.asOf': 'As of {{date}}' },
  de: { 'leadTimes.heading': 'Standardlieferzeiten', 'leadTimes.weeks': 'Versand innerhalb von {{weeks}} Wochen nach Ihrer Bestellung', 'leadTimes.asOf': 'Stand: {{date}}' },
  'ja-jp': { 'leadTimes.heading': '標準納期', 'leadTimes.weeks': 'ご注文から{{weeks}}週間以内に出荷', 'leadTimes.asOf': '{{date}}現在' },
  'zh-cn': { 'leadTimes.heading': '标准交货期', 'leadTimes.weeks': '下单后 {{weeks}} 周内发货', 'leadTimes.asOf': '截至 {{date}}' },
};

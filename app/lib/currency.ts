import type { SiteLanguage } from '~/cms/language.ts';

/**
 * The currency a visitor is quoted in, by the site's language (decision 0173): the global English
 * site in US dollars, German in euros, Japanese in yen, the Chinese site in renminbi.
 */
const CURRENCY_OF: Record<SiteLanguage, string> = { en: 'USD', de: 'EUR', 'ja-jp': 'JPY', zh: 'CNY' };

export function currencyOf(language: SiteLanguage): string {
  return CURRENCY_OF[language];
}

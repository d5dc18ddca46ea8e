/** The content folder's file languages by the site's languages (routes/<path>/<file language>.yaml). */
export const FILE_LANGUAGES = { en: 'en', de: 'de', 'ja-jp': 'ja-jp', zh: 'zh-cn' } as const;
export type FileLanguage = (typeof FILE_LANGUAGES)[keyof typeof FILE_LANGUAGES];

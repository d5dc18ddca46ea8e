// The site's languages, which the platform (server/) needs too: the code lives in server/language.ts
// (decision 0097, server/ imports nothing from app/); the app's modules import it by this name.
export * from '../../server/language.ts';

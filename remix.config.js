// Remix never reads this file by itself when it runs on Vite (REQ-PLATFORM-1): vite.config.ts
// imports it and hands it to the Remix plugin, so the options live in one place.

/** @type {import('@remix-run/dev').VitePluginConfig} */
const remixConfig = {
  ignoredRouteFiles: ['**/*.server.*', '**/*.test.*', '**/__*.*', '**/.*'],
  serverModuleFormat: 'esm',
  // The CMS pages (index and splat) sit under a pathless route that sends their renderings'
  // phrases, which the browser keeps while only the query changes (app/routes/_page.tsx). Nested
  // here rather than by renaming the files, so the pages keep their route ids (`routes/$`,
  // `routes/_index`), which page data requests name (`?_routes=`).
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route(undefined, 'routes/_page.tsx', { id: 'routes/_page' }, () => {
        route(undefined, 'routes/_index.tsx', { id: 'routes/_index', index: true });
        route('*', 'routes/$.tsx', { id: 'routes/$' });
      });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

export default remixConfig;

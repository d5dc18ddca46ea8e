// Remix never reads this file by itself when it runs on Vite (REQ-PLATFORM-1): vite.config.ts
// imports it and hands it to the Remix plugin, so the options live in one place.

/** @type {import('@remix-run/dev').VitePluginConfig} */
const remixConfig = {
  ignoredRouteFiles: ['**/*.server.*', '**/*.test.*', '**/__*.*', '**/.*'],
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

export default remixConfig;

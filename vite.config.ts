import { constants as zlib } from 'node:zlib';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import remixConfig from './remix.config.js';
import { lazyComponents } from './scripts/vite-lazy-components.ts';
import { siteModulesFromTheSite } from './scripts/vite-site-modules.ts';

// The browser's files are compressed once here, as hard as gzip and brotli go, and served as they
// are (express-static-gzip, decision 0032); the server build is not.
const precompressed = compression({
  algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
  include: /\.(js|css|svg|json|txt|map)$/,
});

/**
 * Puck's stylesheet (the page editor, /edit only) imports its font from rsms.me: the site's
 * Content-Security-Policy allows no other origin, and editors need no web font. The import is
 * dropped; the editor uses the site's fonts.
 */
function puckWithoutRemoteFont(): Plugin {
  return {
    name: 'puck-without-remote-font',
    enforce: 'pre',
    transform(code, id) {
      if (!/@puckeditor[\\/]core[\\/].*\.css$/.test(id)) return null;
      return code.replace(/@import\s+(?:url\()?["']https:\/\/rsms\.me\/[^"']*["']\)?\s*;/g, '');
    },
  };
}

// No manualChunks: Vite's preload helper stays in the browser registry's chunk, which every public
// page loads, because the /edit routes import that module themselves (decision 0101).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [siteModulesFromTheSite(), lazyComponents(), puckWithoutRemoteFont(), remix(remixConfig), ...(isSsrBuild ? [] : [precompressed])],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  // SITE_SOURCEMAPS=1: hidden source maps (no file names them) for bench:browser --profile to read.
  build: { target: 'es2022', sourcemap: process.env.SITE_SOURCEMAPS === '1' ? 'hidden' : false },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));

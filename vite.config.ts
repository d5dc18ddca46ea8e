import { constants as zlib } from 'node:zlib';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import remixConfig from './remix.config.js';
import { lazyComponents } from './scripts/vite-lazy-components.ts';

// The browser's files are compressed once here, as hard as gzip and brotli go, and served as they
// are (express-static-gzip, decision 0032); the server build is not.
const precompressed = compression({
  algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
  include: /\.(js|css|svg|json|txt|map)$/,
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lazyComponents(), remix(remixConfig), ...(isSsrBuild ? [] : [precompressed])],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { target: 'es2022' },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));

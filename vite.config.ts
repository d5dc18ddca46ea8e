import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import remixConfig from './remix.config.js';

export default defineConfig({
  plugins: [remix(remixConfig)],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { target: 'es2022' },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});

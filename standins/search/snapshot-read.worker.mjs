// The snapshot reader's entry when the site runs from TypeScript (tests, `npm run dev`); the built
// site starts build/node/snapshot-read.worker.mjs instead. A worker thread does not inherit the
// TypeScript loader of the thread that starts it (tsx's hooks are registered per thread).
import { register } from 'tsx/esm/api';

register();
await import('./snapshot-read.worker.ts');

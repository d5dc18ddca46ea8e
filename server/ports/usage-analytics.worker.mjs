// The analytics thread's entry (decision 0034). A worker thread does not inherit the TypeScript
// loader of the thread that starts it (tsx's hooks are registered per thread), so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./usage-analytics.worker.ts');

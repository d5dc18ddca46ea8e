// Injected by build-node.mjs into each built entry: a bundled CommonJS module's __dirname and
// __filename are the bundle's (an ES module has neither).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const __filename = fileURLToPath(import.meta.url);
export const __dirname = dirname(__filename);

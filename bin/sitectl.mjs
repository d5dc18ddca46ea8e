#!/usr/bin/env node
// The CLI is TypeScript shared with the site; tsx loads it without a separate build.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../cli/index.ts');
process.exitCode = await run(process.argv);

#!/usr/bin/env node
// The CLI is TypeScript shared with the site; tsx loads it without a separate build.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`sitectl ... | head`) closes the pipe: it has what it asked for, so
// sitectl ends at once and quietly, as grep or ripgrep do, instead of dying on Node's EPIPE trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { run } = await import('../cli/index.ts');
process.exitCode = await run(process.argv);

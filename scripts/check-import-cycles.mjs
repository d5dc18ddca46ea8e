// `npm run lint:cycles`: fails on an import circle among the product's modules (issue 29). A circle
// makes every change to one of its files a change to all of them, and loaded the whole React tree
// into the CLI once. Type-only imports count too: they tie the files together for the reader.
// Usage: node scripts/check-import-cycles.mjs [dir ...]   (default: app server cli)
import madge from 'madge';

const dirs = process.argv.slice(2);
const result = await madge(dirs.length ? dirs : ['app', 'server', 'cli'], {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
});
const circles = result.circular();
if (circles.length) {
  console.error(`${circles.length} import circle${circles.length === 1 ? '' : 's'}:`);
  for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(' > ')}`);
  process.exit(1);
}
console.info(`no import circle among ${Object.keys(result.obj()).length} modules`);

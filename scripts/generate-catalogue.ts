/**
 * npm run catalogue -- [--products 20000] [--seed 20261123] [--out catalogue.jsonl]
 *
 * Writes the generated catalogue (the one the embedded search service indexes) as JSON lines, one
 * document per line, so it can be inspected or loaded into a real index. Same seed, same file.
 */
import { createWriteStream } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_SEED, generateCatalogue } from '../standins/search/catalogue/generate.ts';

const options = z
  .object({
    products: z.coerce.number({ error: '--products must be a number' }).int().min(1, '--products must be at least 1').max(2_000_000, '--products must be at most 2000000').default(20_000),
    seed: z.coerce.number({ error: '--seed must be a number' }).int().min(0, '--seed must be at least 0').default(DEFAULT_SEED),
    out: z.string().min(1).optional(),
  })
  .safeParse(Object.fromEntries(process.argv.slice(2).join(' ').split(/\s*--/).filter(Boolean).map((pair) => pair.trim().split(/\s+/, 2))));

if (!options.success) {
  for (const issue of options.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const { products, seed, out } = options.data;
const started = performance.now();
const catalogue = generateCatalogue({ products, seed });
const stream = out ? createWriteStream(out) : process.stdout;
for (const doc of catalogue.documents) stream.write(`${JSON.stringify(doc)}\n`);
if (out) stream.end();
console.error(`${catalogue.documents.length} documents (${catalogue.products} products, seed ${seed}) in ${Math.round(performance.now() - started)} ms${out ? ` -> ${out}` : ''}`);

// `npm run decisions:index`: writes docs/decisions/README.md, the index of the decision records
// (number, title, status, superseded by), from the records themselves: a record's title is its
// first line, its status its `Status:` line (decision 0182). Run it after adding a record.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const records = readdirSync(dir)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort();

const rows = records.map((name) => {
  const text = readFileSync(dir + name, 'utf8');
  const number = name.slice(0, 4);
  const title = (/^#\s*(.*)$/m.exec(text)?.[1] ?? name)
    .replace(new RegExp(`^${number}:?\\s*`), '')
    .replace(/\|/g, '\\|');
  const statusLine = /^(?:\*\*)?status(?:\*\*)?:?\s*(.*)$/im.exec(text)?.[1] ?? '';
  const status = /^[A-Za-z][A-Za-z ,-]*?(?=\s*[(;.:]|\s+\d|$)/.exec(statusLine.trim())?.[0]?.replace(/\s+by$/, '') || 'none';
  const supersededBy = [...statusLine.matchAll(/superseded by ((?:\d{4}(?:,\s*|\s+and\s+)?)+)/gi)].map((match) => (match[1] ?? '').trim()).join(', ');
  return `| [${number}](${name}) | ${title} | ${status} | ${supersededBy} |`;
});

const moved = [
  ['0063', 'small debts of 24 Nov', 'folded into 0059 (flows without a page through the beacon), 0050 (one memory store), 0090 (run until signalled), 0033 (dictionary keys), 0047 (header groups at hydration)'],
  ['0070', 'leftovers of 25 Nov', 'folded into 0007 (`check-config --dotenv`), 0066 (search token in process), 0037 (content service down is 503), 0067 (error pages name no versions; refusals in built-in words), 0027 (the callback in the language the sign-in started from)'],
  ['0124', 'speed targets, 27 Nov afternoon', 'a measurement log: [measurements/2026-11-27-speed-targets-afternoon.md](../measurements/2026-11-27-speed-targets-afternoon.md); what it settled is in 0091'],
  ['0128', 'speed targets, 27 Nov evening', 'a measurement log: [measurements/2026-11-27-speed-targets-evening.md](../measurements/2026-11-27-speed-targets-evening.md); what it settled is in 0091'],
  ['0131', 'speed targets, 27 Nov late evening', 'a measurement log: [measurements/2026-11-27-speed-targets-late-evening.md](../measurements/2026-11-27-speed-targets-late-evening.md); what it settled is in 0091 and 0130'],
];

const page = `# Decision records

One file per real choice, \`NNNN-short-title.md\`, written from [TEMPLATE.md](TEMPLATE.md): the title,
a \`Status:\` line (accepted, superseded by NNNN, proposed, for the lead), the context, the decision and
what was rejected, its consequences and, where it measured, the figures. A record is a decision, not a
journal: a later change to it is a new record that amends or supersedes it, or an "Amended" section in
it. Dated benchmark runs go to [../measurements/](../measurements/).

This index is written by \`npm run decisions:index\` (scripts/decisions-index.mjs) from the records'
first and \`Status:\` lines: run it after adding one.

| number | title | status | superseded by |
| --- | --- | --- | --- |
${rows.join('\n')}

## Numbers no longer here

| number | was | now |
| --- | --- | --- |
${moved.map(([number, was, now]) => `| ${number} | ${was} | ${now} |`).join('\n')}
`;
writeFileSync(dir + 'README.md', page);
console.info(`docs/decisions/README.md: ${rows.length} records`);

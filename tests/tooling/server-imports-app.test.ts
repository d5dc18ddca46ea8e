import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `npm run lint` holds the one direction between the site's two halves (decision 0097): app/ may
// import server/, server/ never imports app/ (or the Remix build would bundle a copy of server/).
const eslint = new ESLint();
const messagesFor = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
};

describe('server/ never imports app/', () => {
  it('fails on an import of app/ from server/, relative or through ~/', async () => {
    const code = "import { PAGE_METHODS } from '../../app/lib/http-errors.server.ts';\nimport type { ShellData } from '~/cms/page-data.ts';\nexport const methods: [string, ShellData?] = [PAGE_METHODS];\n";
    const messages = await messagesFor('server/ports/probe.ts', code);
    expect(messages.map((message) => message.line)).toEqual([1, 2]);
    expect(messages[0]?.message).toMatch(/server\/ never imports app\/ \(decision 0097\)/);
  });

  it('lets app/ import server/ and server/ import itself', async () => {
    expect(await messagesFor('app/lib/probe.server.ts', "import { logger } from '../../server/log.ts';\nexport const log = logger;\n")).toEqual([]);
    expect(await messagesFor('server/probe.ts', "import { logger } from './log.ts';\nexport const log = logger;\n")).toEqual([]);
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { built } from '../support/demo-site.ts';

// Decision 0086: `node build/node/demo.js` started without NODE_ENV ran Vite's development
// server (the configuration's default). A built entry runs the build: production mode.
describe.runIf(built)('a built entry started without NODE_ENV', () => {
  it('runs in production mode, serving the built pages, not Vite\'s development server', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'built-entry-'));
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', CATALOGUE_PRODUCTS: '500', DATA_DIR: dataDir };
    Reflect.deleteProperty(env, 'NODE_ENV');
    const child = spawn(process.execPath, ['build/node/demo.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const line = /Site ready on .*/.exec(output)?.[0];
          if (line) resolve(line);
        });
        child.once('exit', (code) => reject(new Error(`the demo ended (${code}) before it was ready: ${output.slice(-1000)}`)));
      });
      expect(ready).toContain('NODE_ENV=production');
      const url = /Site ready on (\S+)/.exec(ready)![1]!;
      const home = await (await fetch(`${url}/`)).text();
      expect(home).not.toContain('/@vite/client');
      expect(home).toMatch(/\/assets\/[\w-]+\.js/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The machine's own Node.js, when it is older than the project's (decision 0183): `node
// build/node/demo.js` typed by hand gets it, not the Node.js 22 that npm scripts run on.
const machineNode = '/usr/bin/node';
const machineMajor = existsSync(machineNode) ? Number(/^v(\d+)/.exec(spawnSync(machineNode, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? 0) : 0;
describe.runIf(built && machineMajor > 0 && machineMajor < 22)('the built demo entry on an older Node.js', () => {
  it('says in one line which Node.js it needs and how to start it, and exits 1', () => {
    const run = spawnSync(machineNode, ['build/node/demo.js'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, PORT: '0' } });
    const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/needs Node\.js >=22/);
    expect(lines[0]).toContain('npm run serve');
    expect(lines[0]).not.toContain('SyntaxError');
    expect(run.status).toBe(1);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildSite {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts tests/support/site-process.ts in its own Node process with the given environment. */
export function startChildSite(env: Record<string, string>): Promise<ChildSite> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/site-process.ts'], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /READY (\S+)/.exec(output)?.[1];
      if (url) resolve({ url, process: child, stop });
    });
    child.once('exit', (code) => reject(new Error(`the site process ended (${code}) before it was ready: ${errors.slice(-2000)}`)));
  });
}

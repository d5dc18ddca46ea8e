import { stdin as processStdin } from 'node:process';

/** Where a command reads and writes; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Lines piped on stdin, or undefined when stdin is a terminal. */
  readLines(): Promise<string[] | undefined>;
  /** Colours and progress bars only on a terminal. */
  isTerminal: boolean;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTerminal: Boolean(process.stdout.isTTY),
  async readLines() {
    if (processStdin.isTTY) return undefined;
    let data = '';
    processStdin.setEncoding('utf8');
    for await (const chunk of processStdin) data += chunk;
    return data.split(/\r?\n/).filter((line) => line.trim() !== '');
  },
};

/** Exit codes of every command: 0 all good, 1 problems found, 2 usage error. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

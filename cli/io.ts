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

/** Whether the command line asks for --json (read from argv: a usage error comes before options are parsed). */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * A usage error: the human message on stderr (commander writes its own there), and with --json also
 * an object on stdout, so a script reading the JSON learns why there is no report instead of
 * finding nothing.
 */
export function reportUsageError(io: CliIo, json: boolean, error: { code: string; message: string; human?: string }): number {
  if (error.human !== undefined) io.err(error.human);
  if (json) io.out(JSON.stringify({ ok: false, error: { code: error.code, message: error.message, exitCode: EXIT.usage } }, null, 2));
  return EXIT.usage;
}

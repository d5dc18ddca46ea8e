import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerCheckConfig } from './commands/check-config.ts';
import { registerContent } from './commands/content.ts';
import { registerReplay } from './commands/replay.ts';
import { registerValidate } from './commands/validate.ts';
import { asksForJson, EXIT, processIo, reportUsageError, UsageError, type CliIo } from './io.ts';

/** The site's version: sitectl ships with it (bin/sitectl.mjs loads this file from the repository). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** sitectl: checks search configuration, replays queries and validates facet and date inputs. */
export function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command('sitectl')
    .description('Companion CLI of the Voltaris site: validate search inputs, check content and configuration.')
    .version(packageVersion(), '-V, --version', 'print the version of sitectl')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 all good, 1 problems found, 2 usage error. With --json, a usage error is also an\nobject on stdout: {"ok": false, "error": {"code", "message", "exitCode": 2}}.')
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) });
  registerValidate(program, io, setExit);
  registerContent(program, io, setExit);
  registerReplay(program, io, setExit);
  registerCheckConfig(program, io, setExit);
  for (const command of program.commands) command.exitOverride().showHelpAfterError();
  return program;
}

/** Runs sitectl and answers its exit code: 0 all good, 1 problems found, 2 usage error. */
export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  let exit: number = EXIT.ok;
  const program = buildProgram(io, (code) => {
    exit = code;
  });
  try {
    await program.parseAsync(argv);
    return exit;
  } catch (error) {
    const json = asksForJson(argv);
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return EXIT.ok;
      // Commander has written its message (and the help) to stderr already.
      return reportUsageError(io, json, { code: error.code, message: error.message.replace(/^error: /, '') });
    }
    if (error instanceof UsageError) {
      return reportUsageError(io, json, { code: 'sitectl.usageError', message: error.message, human: `sitectl: ${error.message}` });
    }
    throw error;
  }
}

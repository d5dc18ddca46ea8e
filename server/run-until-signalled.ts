import { ConfigError, loadConfig, type SiteConfig } from './config.ts';

/**
 * What an entry does around its start: reads the configuration, starts, and closes on SIGINT or
 * SIGTERM (exit 0 once closed, 1 if closing failed). A configuration the start refuses is one
 * line per problem and exit 1, not a stack trace. Production's entry and the demo launcher differ
 * only in what `start` starts.
 */
export async function runUntilSignalled(start: (config: SiteConfig) => Promise<{ close(): Promise<void> }>): Promise<void> {
  try {
    const running = await start(loadConfig());
    const stop = () => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

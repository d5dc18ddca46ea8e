import { ConfigError, loadConfig, type SiteConfig } from './config.ts';
import { logger } from './log.ts';
import { startTracing } from './tracing.ts';

/**
 * What an entry does around its start: installs tracing (server/tracing.ts: the trace context
 * always, spans when OTEL_* asks), reads the configuration, starts, and stops on SIGINT or SIGTERM:
 * no new requests, those in flight finish within DRAIN_TIMEOUT_MS, the outbox gives up its claims,
 * spans are flushed; exit 0 once closed, 1 if closing failed (decision 0090). A configuration the
 * start refuses is one line per problem and exit 1, not a stack trace. Production's entry and the
 * demo launcher differ only in what `start` starts.
 */
export async function runUntilSignalled(start: (config: SiteConfig) => Promise<{ close(): Promise<void> }>): Promise<void> {
  const tracing = startTracing();
  try {
    const running = await start(loadConfig());
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      // A second signal while stopping changes nothing: the bound already applies.
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping: finishing requests in flight');
      running
        .close()
        .then(() => tracing.shutdown())
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'stopping failed');
            process.exit(1);
          },
        );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

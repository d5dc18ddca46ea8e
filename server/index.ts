import { ConfigError, loadConfig } from './config.ts';
import { startSite } from './site.ts';

try {
  const config = loadConfig();
  const site = await startSite(config);
  console.info(`Site ready on ${site.url} (${config.mode}${config.layout.embedded ? ', embedded layout service' : ''})`);
  const stop = () => {
    site.close().then(
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

import { ConfigError, loadConfig } from '../server/config.ts';
import { describeDemo, startDemoSite } from './launcher.ts';

// The demo's entry (`npm start`, `npm run dev`): one process, the site and its stand-ins on one origin.
try {
  const config = loadConfig();
  const site = await startDemoSite(config);
  console.info(`Site ready on ${site.url} (${describeDemo(config)})`);
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

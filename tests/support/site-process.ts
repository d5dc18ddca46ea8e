/**
 * The built site in a child process, for tests whose request might block the event loop (issue 19:
 * a backtracking regex would freeze the test runner too if the site shared its thread). Prints
 * `READY <url>` once listening; the configuration comes from the environment, as in standins/start.ts.
 */
import { loadConfig } from '../../server/config.ts';
import { startDemoSite } from '../../standins/launcher.ts';

const site = await startDemoSite(loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }));
process.stdout.write(`READY ${site.url}\n`);
process.once('SIGTERM', () => void site.close().finally(() => process.exit(0)));

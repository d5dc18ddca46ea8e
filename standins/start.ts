import { runUntilSignalled } from '../server/run-until-signalled.ts';
import { describeDemo, startDemoSite } from './launcher.ts';

// The demo's entry (`npm start`, `npm run dev`): one process, the site and its stand-ins on one origin.
await runUntilSignalled(async (config) => {
  const site = await startDemoSite(config);
  console.info(`Site ready on ${site.url} (${describeDemo(config)}; Node.js ${process.version})`);
  return site;
});

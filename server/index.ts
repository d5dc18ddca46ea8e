import { ConfigError, loadConfig, type SiteConfig } from './config.ts';
import { startSite } from './site.ts';

/** The start line says which mode runs, so a demo is never mistaken for a live site (decision 0038). */
function describeMode(config: SiteConfig): string {
  const build = `NODE_ENV=${config.mode}`;
  if (config.siteMode === 'production') return `production mode, no stand-ins, ${build}`;
  const standIns = [
    config.layout.embedded && 'layout',
    config.search.embedded && 'search',
    config.auth.embedded && 'sign-in',
    config.email.embedded && 'e-mail',
    config.marketingForms.embedded && 'marketing forms',
    config.sampleRequests.embedded && 'samples',
    config.stock.embedded && 'stock',
    config.cadModels.embedded && 'CAD models',
    config.solr.embedded && 'Solr content',
  ].filter(Boolean);
  return `demo mode: ${standIns.length ? `embedded stand-ins with published credentials (${standIns.join(', ')})` : 'no stand-in needed'}; SITE_MODE=production for a live site; ${build}`;
}

try {
  const config = loadConfig();
  const site = await startSite(config);
  console.info(`Site ready on ${site.url} (${describeMode(config)})`);
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

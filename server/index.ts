import { ConfigError, type SiteConfig } from './config.ts';
import { runUntilSignalled } from './run-until-signalled.ts';
import { startSite } from './site.ts';

/**
 * Production's entry: the site alone, every outside service configured. It mounts no stand-in;
 * the demo, with its stand-ins, starts from standins/start.ts (`npm start`).
 */

/** The services a demo configuration expects on the site's own origin, which this entry does not serve. */
function expectedStandIns(config: SiteConfig): string[] {
  const ports: Array<[string, boolean]> = [
    ['SITECORE_API_HOST', config.layout.embedded],
    ['SEARCH_API_URL', config.search.embedded],
    ['OIDC_ISSUER', config.auth.embedded],
    ['EMAIL_API_URL', config.email.embedded],
    ['MARKETING_FORMS_URL', config.marketingForms.embedded],
    ['SAMPLE_REQUEST_URL', config.sampleRequests.embedded],
    ['STOCK_API_URL', config.stock.embedded],
    ['CAD_MODEL_API_URL', config.cadModels.embedded],
    ['SOLR_URL', config.solr.embedded],
    ['MEDIA_LIBRARY_URL', config.mediaLibrary.embedded],
  ];
  return ports.filter(([, embedded]) => embedded).map(([variable]) => variable);
}

await runUntilSignalled(async (config) => {
  const unset = expectedStandIns(config);
  if (unset.length) {
    throw new ConfigError([`${unset.join(', ')}: unset, and this entry starts no stand-in; run the demo with \`npm start\` (standins/start.ts), or set them (SITE_MODE=production requires them)`]);
  }
  const site = await startSite(config);
  console.info(`Site ready on ${site.url} (${config.siteMode} mode, no stand-ins, NODE_ENV=${config.mode}, Node.js ${process.version})`);
  return site;
});

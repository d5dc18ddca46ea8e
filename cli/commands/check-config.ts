import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { Command } from 'commander';
import { LANGUAGES, SITE_LANGUAGES } from '../../app/cms/language.ts';
import { facetIdSchema } from '../../app/lib/search-rules.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from '../../app/plugins/search/sections.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from '../../app/plugins/search/definitions.ts';
import { ConfigError, loadConfig, type SiteConfig } from '../../server/config.ts';
import { parseQuery, type QueryNode } from '@voltaris/protocol/coveo/query-syntax';
import { loadPipeline, thesaurusProblems } from '@voltaris/protocol/coveo/pipeline-rules';
import { facetRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { EXPIRED_TOKEN_MESSAGE, SEARCH_API_BASE } from '@voltaris/protocol/coveo/api';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { resolveSearchEndpoint } from '../search-endpoint.ts';

/**
 * sitectl check-config [--dotenv F] [--online]: the search configuration (REQ-SEARCH-15, REQ-CLI-2), every tab,
 * scope and facet the search plugin registers, and the query-pipeline rules; online, the Search
 * API itself: its fields, a test query, and the expired-token answer.
 */

export interface ConfigCheck {
  name: string;
  ok: boolean;
  detail: string;
}

function fieldsOf(node: QueryNode | null, out = new Set<string>()): Set<string> {
  if (!node) return out;
  if (node.kind === 'field' || node.kind === 'range' || node.kind === 'exists') out.add(node.field);
  if (node.kind === 'and' || node.kind === 'or') node.children.forEach((child) => fieldsOf(child, out));
  if (node.kind === 'not') fieldsOf(node.child, out);
  return out;
}

function extraFacets(config: SiteConfig): SearchFacetDefinition[] {
  return config.search.extraFacetFields.map((field) => ({ id: field, field, type: 'specific', numberOfValues: 8, label: field, title: field }));
}

export async function checkConfig(env: Record<string, string | undefined>, online: boolean): Promise<ConfigCheck[]> {
  const checks: ConfigCheck[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  let config: SiteConfig;
  try {
    config = loadConfig(env);
    add('environment', true, 'every variable is valid');
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) add('environment', false, problem);
      return checks;
    }
    throw error;
  }
  const { search } = config;
  add('organizationId', search.organizationId !== '', search.organizationId);
  add('accessToken', search.accessToken !== '', `${search.accessToken.slice(0, 4)}… (${search.accessToken.length} characters)`);
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const proxyBaseUrl = search.apiUrl ?? `http://${host}:${config.port}${SEARCH_API_BASE}`;
  add('search.proxyBaseUrl is absolute', /^https?:\/\//.test(proxyBaseUrl), proxyBaseUrl);
  for (const code of SITE_LANGUAGES) {
    const tag = LANGUAGES[code].tag;
    let valid = true;
    try {
      Intl.getCanonicalLocales(tag);
    } catch {
      valid = false;
    }
    add(`locale for ${code}`, valid, tag);
  }
  add('timezone', true, search.timezone);
  add('authentication providers', true, search.authenticationProviders.length ? search.authenticationProviders.join(', ') : 'none');
  add('analytics', true, 'disabled on the server; the browser sends them when a visitor allows it');

  const sections: Array<[string, SearchSectionDefinition]> = [
    ...SEARCH_TABS.map((tab) => [`tab ${tab.id}`, tab] as [string, SearchSectionDefinition]),
    ...SEARCH_SCOPES.map((scope) => [`scope ${scope.id}`, scope] as [string, SearchSectionDefinition]),
  ];
  const facets = new Map<string, SearchFacetDefinition>();
  const expressionFields = new Set<string>();
  for (const [name, section] of sections) {
    const problems: string[] = [];
    if (!facetIdSchema.safeParse(section.id).success) problems.push(`id "${section.id}" is not letters, digits, dash and underscore`);
    try {
      fieldsOf(parseQuery(section.expression), expressionFields);
    } catch (error) {
      problems.push(`expression: ${error instanceof Error ? error.message : error}`);
    }
    if (!section.label.trim()) problems.push('no label');
    add(name, problems.length === 0, problems.join('; ') || `${section.expression || '(no filter)'}; ${section.facets.length} facets`);
    for (const facet of section.facets) facets.set(facet.id, facet);
  }
  for (const facet of extraFacets(config)) facets.set(facet.id, facet);
  for (const facet of facets.values()) {
    const parsed = facetRequestSchema.safeParse({
      type: facet.type,
      facetId: facet.id,
      field: facet.field,
      numberOfValues: facet.numberOfValues,
      ...(facet.delimitingCharacter ? { delimitingCharacter: facet.delimitingCharacter } : {}),
    });
    const problem = parsed.success ? (facet.label.trim() ? '' : 'no label') : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    add(`facet ${facet.id}`, problem === '', problem || `${facet.type} on @${facet.field}, ${facet.numberOfValues} values`);
  }
  try {
    const rules = loadPipeline(search.pipelinePath);
    add('query pipeline rules', true, `${search.pipelinePath}: ${rules.triggers.length} triggers, ${rules.thesaurus.length} thesaurus rules, ${rules.rankingBoosts.length} ranking expressions`);
    const problems = thesaurusProblems(rules.thesaurus);
    add('thesaurus (no rule pointing nowhere, no cycle)', problems.length === 0, problems.join('; ') || `${rules.thesaurus.length} rules: synonym groups, one-way synonyms and replacements`);
  } catch (error) {
    add('query pipeline rules', false, error instanceof Error ? error.message : String(error));
  }

  if (online) {
    const endpoint = await resolveSearchEndpoint(env);
    const call = (path: string, token: string, body?: object) =>
      fetch(`${endpoint.apiUrl}${path}?organizationId=${encodeURIComponent(endpoint.organizationId)}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
    try {
      const fieldsResponse = await call('/fields', endpoint.accessToken);
      const known = new Set(((await fieldsResponse.json()) as { fields?: Array<{ name: string }> }).fields?.map((f) => f.name.replace(/^@/, '').toLowerCase()) ?? []);
      const everyDocumentHas = new Set(['uri', 'urihash', 'permanentid', 'objecttype', 'language']);
      const wanted = new Set([...[...facets.values()].map((f) => f.field.toLowerCase()), ...expressionFields]);
      const unknown = [...wanted].filter((field) => !known.has(field) && !everyDocumentHas.has(field));
      add('Search API knows every facet and expression field', fieldsResponse.ok && unknown.length === 0, unknown.length ? `unknown fields: ${unknown.map((f) => `@${f}`).join(', ')}` : `${wanted.size} fields found at ${endpoint.apiUrl} (${endpoint.origin})`);
      const query = await call('', endpoint.accessToken, { q: 'fuse', numberOfResults: 1 });
      const answer = (await query.json()) as { results?: unknown[]; totalCountFiltered?: number; message?: string };
      add('a test query succeeds', query.ok && Array.isArray(answer.results), query.ok ? `${answer.totalCountFiltered} results for "fuse"` : `HTTP ${query.status}: ${answer.message ?? ''}`);
      const expired = await call('', search.expiredToken, { q: 'fuse' });
      const expiredBody = (await expired.json()) as { message?: string };
      add('an expired token is reported (REQ-ERR-2)', expired.status === 419 && expiredBody.message === EXPIRED_TOKEN_MESSAGE, `HTTP ${expired.status}: ${expiredBody.message ?? ''}`);
    } catch (error) {
      add('Search API reachable', false, `${endpoint.apiUrl}: ${error instanceof Error ? error.message : error}`);
    } finally {
      await endpoint.close();
    }
  }
  return checks;
}

export function registerCheckConfig(program: Command, io: CliIo, setExit: (code: number) => void) {
  program
    .command('check-config')
    .description('check the search configuration, tabs, scopes, facets and pipeline rules; --online also the Search API')
    // Not `--env-file`: Node 20 takes that option for itself wherever it appears and exits before sitectl runs.
    .option('--dotenv <file>', 'read the environment from this dotenv file (on top of the process environment)')
    .option('--online', 'also call the configured Search API')
    .option('--json', 'machine-readable output')
    .addHelpText('after', '\nExamples:\n  $ sitectl check-config\n  $ PORT=3000 sitectl check-config --online\n  $ sitectl check-config --dotenv .env.production --json')
    .action(async (options: { dotenv?: string; online?: boolean; json?: boolean }) => {
      let env: Record<string, string | undefined> = process.env;
      if (options.dotenv) {
        let text: string;
        try {
          text = readFileSync(options.dotenv, 'utf8');
        } catch {
          throw new UsageError(`cannot read ${options.dotenv}`);
        }
        env = { ...process.env, ...parseEnv(text) };
      }
      const checks = await checkConfig(env, Boolean(options.online));
      const ok = checks.every((c) => c.ok);
      if (options.json) io.out(JSON.stringify({ ok, checks }, null, 2));
      else {
        const width = Math.max(...checks.map((c) => c.name.length));
        for (const c of checks) io.out(`${c.ok ? '✔' : '✖'} ${c.name.padEnd(width)}  ${c.detail}`);
      }
      setExit(ok ? EXIT.ok : EXIT.problems);
    });
}

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { loadConfig } from '../../server/config.ts';
import { SEARCH_API_BASE } from './router.ts';
import { createEmbeddedSearch } from './service.ts';

// The search stand-in alone, for tools that need a Search API when no site runs (sitectl replay and
// check-config start it as a child process). Configured from the environment like the site; prints
// `READY <Search API URL>` once listening on 127.0.0.1, and stops on SIGTERM or when stdin closes.
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const search = createEmbeddedSearch({ ...config.search, controlToken: config.standIns.controlToken, rateLimitPerMinute: 0 });
const server = createServer(search.handle).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}${SEARCH_API_BASE}\n`);
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.on('end', stop).resume();

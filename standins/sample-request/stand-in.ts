import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import express, { type Router } from 'express';
import { z } from 'zod';
import { codedError, failureSwitch, type StandInMode } from '../stand-in-failure.ts';

export { STAND_IN_MODES, type StandInMode } from '../stand-in-failure.ts';

/**
 * The sample-request service's embedded stand-in (REQ-PORT-2: `POST {service}/request-sample` with an
 * API token header). It keeps requests in its own SQLite file, one per idempotency key (a
 * redelivered request is accepted again but stored once), and lists a requester's requests for
 * SampleList. For tests it can be told to fail: answer 500, 429 (Retry-After), or drop the
 * connection ('down'), by SAMPLE_REQUEST_STANDIN_MODE at start or `POST {base}/_control` (with the control token).
 */
export const SAMPLE_SERVICE_BASE = '/sample-service';

/** Where the sample team has got to with a request (they move it on with PATCH). */
const SAMPLE_STATUSES = ['received', 'approved', 'shipped', 'declined'] as const;

const sampleRequestSchema = z.object({
  reference: z.string().min(1).max(40),
  requester: z.object({ email: z.string().email(), name: z.string().max(200) }),
  parts: z.array(z.object({ partNumber: z.string().min(1).max(20), quantity: z.number().int().min(1).max(100) })).min(1).max(10),
  shipping: z.record(z.string(), z.string().max(300)),
  region: z.string().max(40),
});

export function createSampleRequestStandIn(options: { apiToken: string; dataDir: string; controlToken: string; mode?: StandInMode }) {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(path.join(options.dataDir, 'sample-service.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL UNIQUE,
    reference TEXT NOT NULL,
    email TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'received',
    received_at INTEGER NOT NULL,
    deliveries INTEGER NOT NULL DEFAULT 1
  )`);
  const router: Router = express.Router();
  const json = express.json({ limit: '64kb' });
  const authorised = (token: string | undefined) => token === options.apiToken;
  const failure = failureSwitch({ initial: options.mode, service: 'sample service', controlToken: options.controlToken, errorBody: codedError });
  router.post(`${SAMPLE_SERVICE_BASE}/_control`, ...failure.control);

  router.post(`${SAMPLE_SERVICE_BASE}/request-sample`, json, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (!authorised(req.get('x-api-token'))) return res.status(401).json({ error: 'unauthorized' });
    const key = req.get('idempotency-key') ?? '';
    const parsed = sampleRequestSchema.safeParse(req.body);
    if (!key || !parsed.success) return res.status(400).json({ error: 'invalid_request', message: parsed.success ? 'The Idempotency-Key header is required.' : parsed.error.issues[0]!.message });
    const inserted = db
      .prepare('INSERT INTO requests (idempotency_key, reference, email, body, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO UPDATE SET deliveries = deliveries + 1')
      .run(key, parsed.data.reference, parsed.data.requester.email.toLowerCase(), JSON.stringify(parsed.data), Date.now());
    res.status(inserted.changes ? 200 : 200).json({ reference: parsed.data.reference, status: 'received' });
  });

  // The sample team's side: `PATCH {base}/request-sample/{reference} {"status": "shipped"}`.
  router.patch(`${SAMPLE_SERVICE_BASE}/request-sample/:reference`, json, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (!authorised(req.get('x-api-token'))) return res.status(401).json(codedError('unauthorized', 401));
    const next = z.object({ status: z.enum(SAMPLE_STATUSES) }).safeParse(req.body);
    if (!next.success) return res.status(400).json(codedError(`status is one of ${SAMPLE_STATUSES.join(', ')}`, 400));
    const updated = db.prepare('UPDATE requests SET status = ? WHERE reference = ?').run(next.data.status, req.params.reference);
    if (!updated.changes) return res.status(404).json({ error: 'not_found', message: `No request ${req.params.reference}.` });
    res.json({ reference: req.params.reference, status: next.data.status });
  });

  router.get(`${SAMPLE_SERVICE_BASE}/request-sample`, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (!authorised(req.get('x-api-token'))) return res.status(401).json({ error: 'unauthorized' });
    const email = typeof req.query.email === 'string' ? req.query.email.toLowerCase() : '';
    const rows = db.prepare('SELECT idempotency_key, reference, body, status, received_at, deliveries FROM requests WHERE email = ? ORDER BY received_at DESC').all(email) as Array<{ idempotency_key: string; reference: string; body: string; status: string; received_at: number; deliveries: number }>;
    res.json({
      requests: rows.map((row) => ({ reference: row.reference, idempotencyKey: row.idempotency_key, status: row.status, receivedAt: new Date(row.received_at).toISOString(), deliveries: row.deliveries, request: JSON.parse(row.body) as unknown })),
    });
  });

  return { router, close: () => db.close() };
}

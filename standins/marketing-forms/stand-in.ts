import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import express, { type Router } from 'express';
import { z } from 'zod';
import { controlGuard, failureSwitch, type StandInMode } from '../stand-in-failure.ts';

/**
 * The marketing-form service's embedded stand-in (REQ-PORT-3: a portalId, a formGuid and the fields),
 * in the shape of HubSpot's forms API: `POST {base}/submissions/v3/integration/submit/{portalId}/
 * {formGuid}` with `{fields: [{name, value}], context: {pageUri, pageName}}`. It keeps each
 * submission once per Idempotency-Key, and the marketing subscription status per e-mail (REQ-FORM-7:
 * OPT_IN, OPT_OUT, NOT_OPTED) set by submissions of the `subscription` form. It can be told to
 * fail like the other stand-ins.
 */
export const MARKETING_FORMS_BASE = '/marketing-forms';
const SUBSCRIPTION_FORM = 'subscription';
export const SUBSCRIPTION_STATUSES = ['OPT_IN', 'OPT_OUT', 'NOT_OPTED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const submissionSchema = z.object({
  fields: z.array(z.object({ name: z.string().min(1).max(100), value: z.string().max(10_000) })).min(1).max(50),
  context: z.object({ pageUri: z.string().max(2000).optional(), pageName: z.string().max(300).optional() }).optional(),
});

export function createMarketingFormsStandIn(options: { dataDir: string; portalId: string; controlToken: string; mode?: StandInMode }) {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(path.join(options.dataDir, 'marketing-forms.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY AUTOINCREMENT, idempotency_key TEXT NOT NULL UNIQUE, form_guid TEXT NOT NULL, email TEXT NOT NULL, body TEXT NOT NULL, received_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS subscriptions (email TEXT PRIMARY KEY, status TEXT NOT NULL, updated_at INTEGER NOT NULL);`);
  const router: Router = express.Router();
  const json = express.json({ limit: '64kb' });
  // HubSpot's form submission takes no credential; the stand-in's switch and listing take the control token.
  const errorBody = (message: string) => ({ status: 'error', message });
  const failure = failureSwitch({ initial: options.mode, service: 'marketing-form service', controlToken: options.controlToken, errorBody });
  router.post(`${MARKETING_FORMS_BASE}/_control`, ...failure.control);

  router.post(`${MARKETING_FORMS_BASE}/submissions/v3/integration/submit/:portalId/:formGuid`, json, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (req.params.portalId !== options.portalId) return res.status(404).json({ status: 'error', message: `No portal ${req.params.portalId}.` });
    const key = req.get('idempotency-key');
    const submission = submissionSchema.safeParse(req.body);
    if (!key || !submission.success) return res.status(400).json({ status: 'error', message: submission.success ? 'Idempotency-Key is required.' : submission.error.issues[0]!.message });
    const field = (name: string) => submission.data.fields.find((entry) => entry.name === name)?.value ?? '';
    const email = field('email').toLowerCase();
    const stored = db.prepare('INSERT INTO submissions (idempotency_key, form_guid, email, body, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING').run(key, req.params.formGuid, email, JSON.stringify(submission.data), Date.now());
    if (stored.changes && req.params.formGuid === SUBSCRIPTION_FORM) {
      const status = field('subscription_status');
      if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status) || !email) return res.status(400).json({ status: 'error', message: 'email and subscription_status (OPT_IN, OPT_OUT) are required.' });
      db.prepare('INSERT INTO subscriptions (email, status, updated_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at').run(email, status, Date.now());
    }
    res.json({ inlineMessage: 'Thanks for submitting the form.' });
  });

  router.get(`${MARKETING_FORMS_BASE}/subscriptions`, (req, res) => {
    if (failure.failIfTold(req, res)) return;
    const email = String(req.query.email ?? '').toLowerCase();
    const row = db.prepare('SELECT status FROM subscriptions WHERE email = ?').get(email) as { status: SubscriptionStatus } | undefined;
    res.json({ email, status: row?.status ?? 'NOT_OPTED' });
  });

  // Not a HubSpot endpoint: what the stand-in received, for tests (every enquiry: control token only).
  router.get(`${MARKETING_FORMS_BASE}/submissions`, controlGuard({ token: options.controlToken, errorBody }), (req, res) => {
    const formGuid = String(req.query.formGuid ?? '');
    const rows = db.prepare('SELECT form_guid, email, body FROM submissions WHERE form_guid = ? ORDER BY id DESC LIMIT 100').all(formGuid) as Array<{ form_guid: string; email: string; body: string }>;
    res.json({ submissions: rows.map((row) => ({ formGuid: row.form_guid, email: row.email, ...(JSON.parse(row.body) as object) })) });
  });

  return { router, close: () => db.close() };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import express, { type Router } from 'express';
import { z } from 'zod';
import { controlGuard, failureSwitch, type StandInMode } from '../stand-in-failure.ts';

/**
 * The e-mail port's embedded stand-in: `POST /api/sendgrid` (REQ-PORT-1) in SendGrid's v3 mail/send
 * JSON shape, with a bearer key. It keeps each mail once per idempotency key in its own SQLite
 * file; `GET /api/sendgrid/messages?to=` lists them and a mailbox page shows them at /dev/mailbox,
 * both with the stand-ins' control token (not SendGrid endpoints: for tests and demos).
 */
export const EMAIL_PATH = '/api/sendgrid';

const sendGridMailSchema = z.object({
  personalizations: z.array(z.object({ to: z.array(z.object({ email: z.string().email(), name: z.string().optional() })).min(1) })).min(1),
  from: z.object({ email: z.string().email(), name: z.string().optional() }),
  subject: z.string().min(1).max(300),
  content: z.array(z.object({ type: z.enum(['text/plain', 'text/html']), value: z.string().max(100_000) })).min(1),
});
type SendGridMail = z.infer<typeof sendGridMailSchema>;

export function createEmailStandIn(options: { apiKey: string; dataDir: string; controlToken: string; showMailbox: boolean; mode?: StandInMode }) {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(path.join(options.dataDir, 'mailbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS mails (id INTEGER PRIMARY KEY AUTOINCREMENT, idempotency_key TEXT NOT NULL UNIQUE, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, received_at INTEGER NOT NULL)`);
  const router: Router = express.Router();
  const authorised = (header: string | undefined) => header === `Bearer ${options.apiKey}`;
  const errorBody = (message: string) => ({ errors: [{ message }] });
  const failure = failureSwitch({ initial: options.mode, service: 'mail service', controlToken: options.controlToken, errorBody });
  router.post(`${EMAIL_PATH}/_control`, ...failure.control);

  router.post(EMAIL_PATH, express.json({ limit: '256kb' }), (req, res) => {
    if (failure.failIfTold(req, res)) return;
    if (!authorised(req.get('authorization'))) return res.status(401).json({ errors: [{ message: 'The provided authorization grant is invalid.' }] });
    const mail = sendGridMailSchema.safeParse(req.body);
    const key = req.get('idempotency-key');
    if (!mail.success || !key) return res.status(400).json({ errors: [{ message: mail.success ? 'Idempotency-Key is required.' : mail.error.issues[0]!.message }] });
    db.prepare('INSERT INTO mails (idempotency_key, recipient, subject, body, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING').run(
      key,
      mail.data.personalizations[0]!.to[0]!.email.toLowerCase(),
      mail.data.subject,
      JSON.stringify(mail.data),
      Date.now(),
    );
    res.status(202).end();
  });

  const messages = (to: string) =>
    (db.prepare('SELECT recipient, subject, body, received_at FROM mails WHERE recipient = ? ORDER BY id DESC LIMIT 100').all(to.toLowerCase()) as Array<{ recipient: string; subject: string; body: string; received_at: number }>).map((row) => ({
      to: row.recipient,
      subject: row.subject,
      text: (JSON.parse(row.body) as SendGridMail).content.find((part) => part.type === 'text/plain')?.value ?? '',
      receivedAt: new Date(row.received_at).toISOString(),
    }));

  router.get(`${EMAIL_PATH}/messages`, controlGuard({ token: options.controlToken, errorBody }), (req, res) => {
    res.json({ messages: messages(String(req.query.to ?? '')) });
  });

  if (options.showMailbox) {
    // Basic's challenge: a browser asks for the token (any user name, the token as password).
    router.get('/dev/mailbox', controlGuard({ token: options.controlToken, errorBody, challenge: 'Basic' }), (req, res) => {
      const to = String(req.query.to ?? '');
      const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
      const list = to ? messages(to) : [];
      res.type('html').send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body><main><h1>Development mailbox</h1><form method="get"><label>Recipient <input name="to" type="email" value="${escape(to)}"></label> <button>Show</button></form>${list
          .map((mail) => `<article><h2>${escape(mail.subject)}</h2><p>${escape(mail.receivedAt)} to ${escape(mail.to)}</p><pre>${escape(mail.text)}</pre></article>`)
          .join('')}</main></body></html>`,
      );
    });
  }
  return { router, close: () => db.close() };
}

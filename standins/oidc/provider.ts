import { randomBytes, randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import pino from 'pino';
import { isStoreUnavailable, MemoryProviderStore, type ProviderStore } from './store.ts';
import { sharedAdapter } from './adapter.ts';
import { claimsOf, findSeededAccount, SCOPE_CLAIMS, SEEDED_ACCOUNTS } from './accounts.ts';
import { loginPage, logoutPage, LOGIN_STYLES, type LoginLanguage, loggedOutPage } from './pages.ts';

/**
 * The embedded OpenID Connect provider (oidc-provider) on the site's own origin under /oidc, with
 * the seeded accounts and plain-HTML login pages in four languages (no JavaScript needed). It
 * stands in for the real identity provider, which replaces it by configuration (OIDC_ISSUER).
 */
export const OIDC_MOUNT = '/oidc';

interface EmbeddedProviderOptions {
  /** The provider's origin; the issuer is `{origin}/oidc`. */
  origin: string;
  /** The site signing in with it, when it is not on the provider's own origin. */
  clientOrigin?: string;
  clientId: string;
  clientSecret: string;
  /** Seconds an access token lives (a session is refreshed with the refresh token before). */
  accessTokenTtl: number;
  secureCookies: boolean;
  /** Failed passwords allowed per account and client address within `signInWindowSeconds` (5). */
  signInFailuresAllowed?: number;
  /** Failed passwords allowed per client address, whatever the account (30). */
  signInFailuresPerAddress?: number;
  signInWindowSeconds?: number;
  /**
   * Where the provider keeps its state (grants, tokens, sessions, the signing key) and the sign-in
   * throttle its counts: the site's shared store, so every process is one provider. Unset: memory.
   */
  store?: ProviderStore;
  /** Signs the provider's cookies; the same in every process (derived from SESSION_SECRET). */
  cookieSecret?: string;
  /** More origins the site is reached on (the Chinese host): each gets its redirect URIs. */
  moreClientOrigins?: string[];
}

interface EmbeddedProvider {
  issuer: string;
  router: Router;
}

/**
 * Counts failed passwords (issue 19, item 5): per account and client address, so one guesser
 * cannot lock an account for everyone else, and per address, so one guesser cannot spray many
 * accounts. A window starts with its first failure; a correct password clears its account's count.
 * The counts are in the site's shared store, so a guesser gains nothing by spreading tries over
 * the site's processes.
 */
export class SignInThrottle {
  constructor(
    private readonly options: { perAccount: number; perAddress: number; windowMs: number },
    private readonly store: ProviderStore = new MemoryProviderStore(),
  ) {}

  private keys(email: string, address: string): Array<[string, number]> {
    return [
      [`sign-in-failures:${email.trim().toLowerCase()}|${address}`, this.options.perAccount],
      [`sign-in-failures:*|${address}`, this.options.perAddress],
    ];
  }

  /** Seconds to wait before trying again, or 0 when a try is allowed. */
  async waitSeconds(email: string, address: string): Promise<number> {
    const now = Date.now();
    let wait = 0;
    for (const [key, limit] of this.keys(email, address)) {
      const window = await this.store.peek(key);
      if (window.count >= limit && window.resetAt > now) wait = Math.max(wait, Math.ceil((window.resetAt - now) / 1000));
    }
    return wait;
  }

  async failed(email: string, address: string): Promise<void> {
    for (const [key] of this.keys(email, address)) await this.store.hit(key, this.options.windowMs);
  }

  async succeeded(email: string, address: string): Promise<void> {
    await this.store.delete(this.keys(email, address)[0]![0]);
  }
}

const LANGUAGES: LoginLanguage[] = ['en', 'de', 'ja', 'zh'];

function languageOf(uiLocales: unknown): LoginLanguage {
  const first = typeof uiLocales === 'string' ? uiLocales.split(' ')[0]!.slice(0, 2).toLowerCase() : 'en';
  return (LANGUAGES as string[]).includes(first) ? (first as LoginLanguage) : 'en';
}

/**
 * The provider's signing key: made by the first process to start and kept in the shared store, so
 * every process signs with it and publishes it (a token from one verifies against another's JWKS).
 */
async function sharedSigningKey(store: ProviderStore): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const made = JSON.stringify({ ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' });
  const year = 365 * 24 * 3600 * 1000;
  if (await store.setIfAbsent('oidc:signing-key', made, year)) return JSON.parse(made) as Record<string, unknown>;
  const kept = await store.get('oidc:signing-key');
  return JSON.parse(kept ?? made) as Record<string, unknown>;
}

const log = pino({ name: 'oidc-stand-in' });

export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  const issuer = `${options.origin}${OIDC_MOUNT}`;
  const store = options.store ?? new MemoryProviderStore();
  const signingKey = await sharedSigningKey(store);
  const clientOrigins = [...new Set([options.clientOrigin ?? options.origin, ...(options.moreClientOrigins ?? [])])];

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: clientOrigins.map((origin) => `${origin}/login/callback`),
        // The site's home, and /logout, which takes the sign-out back to the language it began in.
        post_logout_redirect_uris: clientOrigins.flatMap((origin) => [`${origin}/`, `${origin}/logout`]),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    adapter: sharedAdapter(store),
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [options.cookieSecret ?? randomBytes(32).toString('hex')], long: { signed: true, secure: options.secureCookies }, short: { signed: true, secure: options.secureCookies } },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'address', 'groups'],
    claims: { ...SCOPE_CLAIMS } as unknown as Configuration['claims'],
    // The site reads the profile from the ID token: release the scopes' claims there too.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(languageOf(ctx.oidc.params?.ui_locales), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(languageOf(ctx.oidc.params?.ui_locales));
        },
      },
    },
    ttl: { AccessToken: options.accessTokenTtl, IdToken: options.accessTokenTtl, RefreshToken: 14 * 24 * 3600, Session: 14 * 24 * 3600, Grant: 14 * 24 * 3600, Interaction: 3600, AuthorizationCode: 60 },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = SEEDED_ACCOUNTS.find((candidate) => candidate.sub === sub);
      return account ? { accountId: account.sub, claims: () => claimsOf(account) as { sub: string } } : undefined;
    },
    renderError: (ctx, out, error) => {
      ctx.type = 'html';
      const escape = (text: unknown) => String(text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
      if (isStoreUnavailable(error)) {
        // Its grants live in the shared store (Redis): signing in waits for it to come back.
        const errorId = randomUUID();
        log.error({ errorId, path: ctx.path, err: error }, 'sign-in provider: the shared store (Redis) is unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', '10');
        ctx.set('Cache-Control', 'no-store');
        ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign-in unavailable</title></head><body><main><h1>Sign-in is unavailable for a moment</h1><p>Please try again in a minute.</p><p>Error reference: <code>${escape(errorId)}</code></p><p><a href="/">Home</a></p></main></body></html>`;
        return;
      }
      ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escape(out.error)}: ${escape(out.error_description)}</p><p><a href="/">Home</a></p></main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The site's Express app already trusts its loopback proxy; the provider must see https too.
  provider.proxy = true;

  const throttle = new SignInThrottle({ perAccount: options.signInFailuresAllowed ?? 5, perAddress: options.signInFailuresPerAddress ?? 30, windowMs: (options.signInWindowSeconds ?? 15 * 60) * 1000 }, store);
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });

  // The provider's forms (sign-in, sign-out) end in a redirect to the client's callback, which may
  // be another origin (the Chinese site's host): browsers hold a form's redirects to form-action too.
  const formTargets = clientOrigins.filter((origin) => origin !== new URL(issuer).origin);
  router.use(OIDC_MOUNT, (_req, res, next) => {
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string' && formTargets.length > 0) res.setHeader('Content-Security-Policy', policy.replace("form-action 'self'", `form-action 'self' ${formTargets.join(' ')}`));
    next();
  });

  router.get(`${OIDC_MOUNT}/interaction.css`, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(LOGIN_STYLES);
  });

  router.get(`${OIDC_MOUNT}/interaction/:uid`, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const language = languageOf(details.params.ui_locales);
      if (details.prompt.name === 'login') {
        res.set('Cache-Control', 'no-store').type('html').send(loginPage(language, { action: `${OIDC_MOUNT}/interaction/${details.uid}/login`, email: typeof details.params.login_hint === 'string' ? details.params.login_hint : '' }));
        return;
      }
      // The site is the provider's own first-party client: consent is given, not asked.
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new Error('The grant of this sign-in was not found.');
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (error) {
      next(error);
    }
  });

  router.post(`${OIDC_MOUNT}/interaction/:uid/login`, form, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const language = languageOf(details.params.ui_locales);
      const email = typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : '';
      const password = typeof req.body?.password === 'string' ? req.body.password.slice(0, 200) : '';
      const address = req.ip ?? 'unknown';
      const wait = await throttle.waitSeconds(email, address);
      if (wait > 0) {
        // Checked before the password: a right guess while waiting must look like any other.
        res.status(429).set({ 'Cache-Control': 'no-store', 'Retry-After': String(wait) }).type('html').send(loginPage(language, { action: `${OIDC_MOUNT}/interaction/${details.uid}/login`, email, throttledMinutes: Math.ceil(wait / 60) }));
        return;
      }
      const account = email && password ? findSeededAccount(email, password) : undefined;
      if (!account) {
        if (email) await throttle.failed(email, address);
        res.status(401).set('Cache-Control', 'no-store').type('html').send(loginPage(language, { action: `${OIDC_MOUNT}/interaction/${details.uid}/login`, email, failed: true }));
        return;
      }
      await throttle.succeeded(email, address);
      await provider.interactionFinished(req, res, { login: { accountId: account.sub, remember: false } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });

  const handler = provider.callback();
  router.use(OIDC_MOUNT, (req, res) => void handler(req, res));
  return { issuer, router };
}

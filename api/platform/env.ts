import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { DEFAULT_HOST, DEFAULT_PORT, localOrigin } from '../../core/origin.ts';

/** The bytes of each FILE_KEYS key (AES-256: api/storage/file-crypto.ts). */
const FILE_KEY_BYTES = 32;

/** Why a FILE_KEYS value cannot be used (null when it can): checked when the environment is read. */
export function fileKeysProblem(value: string): string | null {
  const ids = new Set<string>();
  for (const entry of value.split(',')) {
    const match = /^\s*([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/]+={0,2})\s*$/.exec(entry);
    if (!match) return 'FILE_KEYS lists id:base64key pairs, comma-separated (openssl rand -base64 32 for a key)';
    if (Buffer.from(match[2]!, 'base64').byteLength !== FILE_KEY_BYTES)
      return `FILE_KEYS key ${match[1]} is not ${FILE_KEY_BYTES} bytes (openssl rand -base64 32)`;
    if (ids.has(match[1]!)) return `FILE_KEYS names key ${match[1]} twice`;
    ids.add(match[1]!);
  }
  return null;
}

// Every variable the process reads, with its embedded default. `.env.example` mirrors this.
const port = v.pipe(
  v.optional(v.string(), String(DEFAULT_PORT)),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(65535),
);

/**
 * The embedded development secrets: public (they are in this repository), so production refuses
 * every one of them (server/modes.ts).
 */
export const EMBEDDED_SECRETS = {
  AUTH_JWT_SECRET: 'dev-only-insecure-jwt-secret-change-me-0123456789',
  API_CLIENT_SECRET: 'dev-only-client-secret-change-me',
  API_KEY: 'dev-only-server-api-key',
  WEB_API_KEY: 'dev-only-web-api-key',
  SANITY_WEBHOOK_SECRET: 'dev-only-sanity-webhook-secret-change-me',
} as const;

export const EnvSchema = v.object({
  /**
   * The server's mode: development (the embedded default: stand-ins and dev tools, loopback only),
   * test (the same, for test runs) or production (no dev tools; refuses unsafe settings).
   */
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), DEFAULT_HOST),
  /** Public origin used for canonical URLs and links in e-mails; by default where HOST and PORT listen. */
  SITE_URL: v.optional(v.pipe(v.string(), v.url())),
  /**
   * Which proxies in front of the server may name the client (X-Forwarded-For): unset = none, the
   * client is the socket's peer; a hop count ("1"); or addresses and CIDR ranges, comma-separated,
   * with the shorthands loopback, linklocal and uniquelocal ("loopback, 10.0.0.0/8").
   */
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.regex(/^[\w.:/,\s-]*$/)), ''),
  /**
   * Per-address rate limits group IPv6 clients by this many leading bits (a phone or a home gets a
   * whole /64, so counting full addresses would give it unlimited buckets); IPv4 counts per address.
   */
  RATE_LIMIT_IPV6_PREFIX: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(16), v.maxValue(128)),
    '64',
  ),
  /** Where the embedded PGlite database and other runtime state live. */
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data'),
  /** A real PostgreSQL; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /**
   * Connections this process keeps to DATABASE_URL. Few suit a small machine: more connections
   * than cores only add PostgreSQL processes competing for them (see README, API benchmark).
   */
  DATABASE_POOL_MAX: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(500)),
    '4',
  ),
  /** Minutes an unpaid reservation holds its nights before it expires (the payment window). */
  RESERVATION_HOLD_MINUTES: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1440)),
    '30',
  ),
  /** Where npm start keeps (and rebuilds) the site build. */
  SITE_BUILD_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), 'dist'),
  /** Test-only: enables POST /api/dev/fixtures/hotel, which creates a hotel of its own for a browser test. */
  TEST_FIXTURE_ROUTES: v.optional(
    v.pipe(
      v.picklist(['0', '1']),
      v.transform((x) => x === '1'),
    ),
    '0',
  ),
  /**
   * Test-only: a reservation create carrying `x-test-crash-after-commit: 1` kills its node (SIGKILL)
   * after its transaction committed and before it answers: the lost answer an Idempotency-Key is for.
   */
  TEST_CRASH_AFTER_COMMIT: v.optional(
    v.pipe(
      v.picklist(['0', '1']),
      v.transform((x) => x === '1'),
    ),
    '0',
  ),
  /** Test-only: enables /__fault/<status>/ routes that exercise the error pages. */
  TEST_FAULT_ROUTES: v.optional(
    v.pipe(
      v.picklist(['0', '1']),
      v.transform((x) => x === '1'),
    ),
    '0',
  ),

  // --- Operations (README "Operations": metrics, logs, readiness and shutdown).
  /**
   * Whether a starting node applies the migrations itself: auto (the default) does in development
   * and test, not in production, where `npm run ops -- migrate` runs once per deployment and the
   * nodes wait (unready) until the database is current.
   */
  MIGRATE_ON_START: v.optional(v.picklist(['auto', '0', '1']), 'auto'),
  /** Seconds a node keeps accepting after SIGTERM, answering /api/ready with 503, before it closes. */
  SHUTDOWN_DELAY_SECONDS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0), v.maxValue(120)),
    '0',
  ),
  /** Seconds a stopping node waits for requests in flight before cutting their connections. */
  SHUTDOWN_GRACE_SECONDS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0), v.maxValue(300)),
    '10',
  ),
  /** Port of the metrics listener (GET /metrics, Prometheus text); unset = none. */
  METRICS_PORT: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65535))),
  /** Address the metrics listener binds: loopback by default (it answers anyone who reaches it). */
  METRICS_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /** When set, GET /metrics on the site's port answers with this bearer token (and 401 without). */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32))),
  /** Log level: fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Log form: json (one object per line) or pretty (readable); unset = pretty in development, else json. */
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'])),

  // --- Auth (api/auth/README.md). EMBEDDED DEVELOPMENT DEFAULTS: public, never use them in production.
  /** HS256 key for access tokens. Embedded development default; set a long random value in production. */
  AUTH_JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32)), EMBEDDED_SECRETS.AUTH_JWT_SECRET),
  /** Access-token lifetime in seconds (default 15 minutes). */
  AUTH_ACCESS_TTL_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(30)), '900'),
  /** Refresh-token (session) lifetime in seconds (default 30 days). */
  AUTH_REFRESH_TTL_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(60)), '2592000'),
  /** Confidential client (servers, mobile app): Basic auth on /api/oauth2/token. Embedded development defaults. */
  API_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty()), 'bobobox-server-dev'),
  API_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(16)), EMBEDDED_SECRETS.API_CLIENT_SECRET),
  API_KEY: v.optional(v.pipe(v.string(), v.minLength(8)), EMBEDDED_SECRETS.API_KEY),
  /** Public web client: no secret, bound to its own API key (both ship in the browser bundle). */
  WEB_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty()), 'bobobox-web'),
  WEB_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8)), EMBEDDED_SECRETS.WEB_API_KEY),
  /**
   * HMAC key of the stay passes (the QR code a host scans, api/account). Unset in development: derived
   * from AUTH_JWT_SECRET (stayPassSecret). Production refuses to start without its own value.
   */
  STAY_PASS_SECRET: v.optional(v.pipe(v.string(), v.minLength(32))),
  /**
   * Keys that encrypt stored files at rest (api/storage/file-crypto.ts): `id:base64key` pairs,
   * comma-separated, each 32 bytes (openssl rand -base64 32); the first encrypts new files, every one
   * listed still opens old ones (rotation: docs/privacy.md). Unset in development: a key derived from
   * AUTH_JWT_SECRET. Production refuses to start without it.
   */
  FILE_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => fileKeysProblem(value) === null,
        (issue) => fileKeysProblem(String(issue.input)) ?? '',
      ),
    ),
  ),

  // --- Outgoing mail (api/outbox). Unset SMTP_URL = embedded SMTP sink + /dev/outbox/.
  /** Real SMTP relay, e.g. smtps://user:pass@smtp.example.com:465. When set, /dev/outbox/ does not exist. */
  SMTP_URL: v.optional(v.pipe(v.string(), v.url())),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Bobobox <no-reply@bobobox.local>'),
  /** The operators' address notified of each contact message and partnership proposal (api/forms). */
  FORMS_NOTIFY_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email()), 'partners@bobobox.local'),

  // --- Payment gateway (api/payments/gateway). Unset MIDTRANS_SERVER_KEY = the embedded loopback
  // sandbox gateway + /dev/payment-simulator/. Set both keys to talk to Midtrans (no simulator).
  /** Midtrans server key (Basic auth of the Core API and the notification signature). */
  MIDTRANS_SERVER_KEY: v.optional(v.pipe(v.string(), v.minLength(8))),
  /** Midtrans client key (public: the browser tokenises cards with it). Required with the server key. */
  MIDTRANS_CLIENT_KEY: v.optional(v.pipe(v.string(), v.minLength(8))),
  /** Core API base; Midtrans' own sandbox by default, https://api.midtrans.com for production. */
  MIDTRANS_BASE_URL: v.optional(v.pipe(v.string(), v.url()), 'https://api.sandbox.midtrans.com'),

  // --- Travel insurance (api/insurance). Unset INSURER_API_URL = the sandbox insurer (development only).
  /** The insurance partner's policy API (POST /policies, GET /policies/{reference}). */
  INSURER_API_URL: v.optional(v.pipe(v.string(), v.url())),
  /** Its API key (Bearer). Required with INSURER_API_URL. */
  INSURER_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8))),

  // --- Single sign-on (issue 29; api/profile/sso.service.ts). Each provider needs its client id and
  // secret; development also offers the local provider (/dev/oidc/, never in production).
  /** Google ("Continue with Google"): an OAuth client of type web, redirect URI {SITE_URL}/api/auth/sso/google/callback. */
  SSO_GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(8))),
  SSO_GOOGLE_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(8))),
  /** Any other OpenID provider by its issuer URL (discovery), with the name the buttons show. */
  SSO_OIDC_ISSUER: v.optional(v.pipe(v.string(), v.url())),
  SSO_OIDC_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  SSO_OIDC_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(8))),
  SSO_OIDC_NAME: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(40)), 'OpenID'),
  /**
   * Sign in with Apple: the Services ID (client id; return URL {SITE_URL}/api/auth/sso/apple/callback),
   * the team, and a Sign in with Apple key (its id and its .p8 private key, PEM; "\n" may stand for
   * line breaks). The client secret is a JWT signed with that key, minted by the server.
   */
  SSO_APPLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  SSO_APPLE_TEAM_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{10}$/))),
  SSO_APPLE_KEY_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{10}$/))),
  SSO_APPLE_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.includes('PRIVATE KEY'))),
  /** Apple's issuer; change it only to run the Apple flow against a stand-in (the tests do). */
  SSO_APPLE_ISSUER: v.optional(v.pipe(v.string(), v.url()), 'https://appleid.apple.com'),

  // --- The results map of /search/ (issue 28). Unset = the site's own offline style (/map/style.json).
  /** A hosted MapLibre style (OpenStreetMap vector tiles, for example); its origin joins the CSP's connect-src. */
  MAP_STYLE_URL: v.optional(v.pipe(v.string(), v.url())),

  // --- Measurement (api/events/README.md). Unset GTM_ID = no third party: events go to /api/events only.
  /**
   * A Google Tag Manager container (GTM-XXXXXXX). When set, pages load it 3 s after their load event
   * (never on 2g or with data saver), and the CSP allows its origins; changing it rebuilds the site.
   */
  GTM_ID: v.optional(v.pipe(v.string(), v.regex(/^GTM-[A-Z0-9]{1,12}$/, 'GTM_ID looks like GTM-XXXXXXX'))),

  // --- Content (Sanity). Unset SANITY_PROJECT_ID = the bundled dataset in content/dataset/.
  /** Secret of the Sanity webhook calling POST /api/hooks/sanity. EMBEDDED DEVELOPMENT DEFAULT: replace in production. */
  SANITY_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16)), EMBEDDED_SECRETS.SANITY_WEBHOOK_SECRET),
  /**
   * The Studio's origins (comma-separated), the only ones allowed to read GET /api/site/build-status
   * cross-origin (sanity dev serves the Studio on http://localhost:3333; a hosted Studio is
   * https://<name>.sanity.studio).
   */
  STUDIO_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.url('STUDIO_ORIGINS lists origins such as https://bobobox.sanity.studio'))),
    ),
    'http://localhost:3333',
  ),
});

export type Env = Omit<v.InferOutput<typeof EnvSchema>, 'SITE_URL'> & { SITE_URL: string };

/**
 * The key stay passes are signed with: STAY_PASS_SECRET, or in development a key derived from
 * AUTH_JWT_SECRET (so it is as public as that default; server/modes.ts refuses production without it).
 */
export function stayPassSecret(env: Pick<Env, 'STAY_PASS_SECRET' | 'AUTH_JWT_SECRET'>): string {
  return env.STAY_PASS_SECRET ?? createHmac('sha256', env.AUTH_JWT_SECRET).update('bobobox stay pass v1').digest('hex');
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const input = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.output, SITE_URL: result.output.SITE_URL ?? localOrigin(result.output.HOST, result.output.PORT) };
}

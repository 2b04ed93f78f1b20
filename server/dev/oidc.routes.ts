import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import Provider from 'oidc-provider';
import type { AppDeps } from '../../api/platform/deps.ts';
import { escapeHtml } from '../../core/html.ts';
import { LOCAL_PROVIDER_CLIENT_ID, localProviderSecret } from '../../api/profile/sso.service.ts';

// The embedded default's OpenID provider (issue 29, item 2): a real one (oidc-provider) at
// /dev/oidc/, discovery at /dev/oidc/.well-known/openid-configuration, so the whole single sign-on
// redirect runs in a browser with no network. Development only, loopback only (server/compose.ts);
// production refuses to start with it, like every development tool. Its sign-in page makes test people
// on the spot: an e-mail, a name, and whether the provider vouches for the e-mail (verified or not),
// so each browser test owns its person. Its memory is its only store: one process, development only.

export const DEV_OIDC_PATH = '/dev/oidc';
const MAX_FORM = 4096;

type Person = { email: string; name: string; verified: boolean };

/** The redirect URIs the dev client may use: the one server's callback, by SITE_URL and by localhost. */
export function devRedirectUris(siteUrl: string, key = 'local'): string[] {
  const site = new URL(siteUrl);
  const local = `${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`;
  return [...new Set([site.origin, local])].map((origin) => `${origin}/api/auth/sso/${key}/callback`);
}

/**
 * The provider, for the one server's local client; `apple` makes it an Apple stand-in for the tests
 * (the apple callback, its client id and a fixed secret sent in the body, `email_verified` as the
 * string Apple writes, a `name` scope).
 */
export function devOidcProvider(
  deps: Pick<AppDeps, 'env'>,
  opts: { issuerOrigin?: string; apple?: { clientId: string; clientSecret: string } } = {},
) {
  const people = new Map<string, Person>();
  const issuer = `${opts.issuerOrigin ?? new URL(deps.env.SITE_URL).origin}${DEV_OIDC_PATH}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.apple?.clientId ?? LOCAL_PROVIDER_CLIENT_ID,
        client_secret: opts.apple?.clientSecret ?? localProviderSecret(deps.env),
        redirect_uris: devRedirectUris(deps.env.SITE_URL, opts.apple ? 'apple' : 'local'),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: opts.apple ? 'client_secret_post' : 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // The e-mail claims in the ID token itself, as Google's are (the client also reads userinfo).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    cookies: { keys: [createHmac('sha256', deps.env.AUTH_JWT_SECRET).update('dev-oidc-cookies').digest('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () =>
          opts.apple
            ? { sub, email: person.email, email_verified: String(person.verified) }
            : { sub, email: person.email, email_verified: person.verified, name: person.name },
      };
    },
    // Our own client only: every scope it asks for is granted without a consent screen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope(opts.apple ? 'openid email name' : 'openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();

  const page = (
    uid: string,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local sign-in provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;max-width:28rem;margin:2rem auto;padding:0 1rem">
<main><h1>Local sign-in provider</h1>
<p>Development only: a person made on the spot for the single sign-on flow.</p>
<form method="post" action="${DEV_OIDC_PATH}/interaction/${escapeHtml(uid)}" style="display:grid;gap:.75rem">
<label>E-mail <input name="email" type="email" required autocomplete="off" style="width:100%"></label>
<label>Name <input name="name" required autocomplete="off" style="width:100%"></label>
<label><input name="verified" type="checkbox" value="yes" checked> The provider has verified this e-mail</label>
<button type="submit">Continue</button>
</form></main></body></html>`;

  /** A small form body, bounded before it is read. */
  const formOf = async (req: IncomingMessage): Promise<URLSearchParams | null> => {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM) return null;
      chunks.push(chunk);
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  /** Node's request and response, as the one server hands them (loopback only, checked there). */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    if (/^\/dev\/oidc\/interaction\/[\w-]+$/.test(path)) {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(page(details.uid));
        return;
      }
      const form = await formOf(req);
      const email = (form?.get('email') ?? '').trim().toLowerCase();
      if (!form || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        res.writeHead(422, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('An e-mail is needed.');
        return;
      }
      const sub = `local-${createHmac('sha256', 'sub').update(email).digest('hex').slice(0, 24)}`;
      people.set(sub, {
        email,
        name: (form.get('name') ?? '').trim() || email,
        verified: form.get('verified') === 'yes',
      });
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return;
    }
    // Everything else is the provider's own (discovery, authorization, token, keys, userinfo), mounted
    // under a path as Express mounts it: oidc-provider reads the mount from originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(DEV_OIDC_PATH.length) || '/';
    await callback(req, res);
  }
  return { handle, issuer };
}

import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';

// Who the client is, for rate limits and logs. The socket's peer, unless it is a proxy the operator
// trusts (TRUST_PROXY): then X-Forwarded-For is read from the right, through trusted hops only, and
// the first address that is not a trusted proxy is the client (proxy-addr, as Express does it).
// Without TRUST_PROXY a forged header changes nothing; with it, one attacker behind the same proxy
// is not every guest behind it.

declare module 'hono' {
  interface ContextVariableMap {
    clientIp: string;
  }
}

export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a trust function: '' trusts nobody, "2" trusts two hops, else addresses/CIDRs. */
export function trustProxy(setting: string): TrustProxy {
  const value = setting.trim();
  if (value === '') return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/** The client address of a Node request under a trust function. */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust);
}

/** Sets c.var.clientIp once per request; in-process calls (no socket) are 'unknown'. */
export function clientAddress(setting: string): MiddlewareHandler {
  const trust = trustProxy(setting);
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    c.set('clientIp', incoming?.socket ? clientAddressOf(incoming, trust) : 'unknown');
    await next();
  };
}

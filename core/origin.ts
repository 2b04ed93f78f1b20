// The embedded default of the public origin (SITE_URL) follows where the one server listens (HOST
// and PORT), so changing one default never leaves another pointing at the old port. A wildcard
// bind is reached on loopback; an IPv6 host is bracketed.

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4321;

export function localOrigin(host: string = DEFAULT_HOST, port: number | string = DEFAULT_PORT): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

import { createHmac, timingSafeEqual } from 'node:crypto';

// The stay token a stay pass's QR code carries: `BBXSP1.<reservation id>.<order id>.<expiry>.<mac>`,
// where expiry is the check-out instant (epoch seconds) and mac the HMAC-SHA256 (base64url) of
// everything before it under the server's STAY_PASS_SECRET (api/platform/env.ts). Plain text keeps the QR
// small and readable by any scanner; the MAC makes it unforgeable: changing any part, or signing
// with another key, fails the check. Whether the stay is still paid and current is decided by the
// database on every verification (stay-pass.service.ts), never by the token alone.

const PREFIX = 'BBXSP1';
const SHAPE = /^BBXSP1\.([1-9]\d{0,9})\.([A-Z0-9-]{1,40})(?:\.S([1-9]\d{0,9}))?\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * A guest a stay was shared with has a pass of their own: `BBXSP1.<reservation>.<order>.S<share id>.
 * <expiry>.<mac>`; the host's check refuses it once the share is revoked or left (stay-pass.service.ts).
 */
export type StayPassClaims = { reservationId: number; orderId: string; expiresAt: number; shareId?: number };

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function signStayPass(secret: string, claims: StayPassClaims): string {
  const holder = claims.shareId === undefined ? '' : `.S${claims.shareId}`;
  const body = `${PREFIX}.${claims.reservationId}.${claims.orderId}${holder}.${claims.expiresAt}`;
  return `${body}.${mac(secret, body)}`;
}

/** The claims of a token this server signed, or null for anything else (malformed, changed, foreign). */
export function readStayPass(secret: string, token: string): StayPassClaims | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const body = token.slice(0, token.lastIndexOf('.'));
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(m[5]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    reservationId: Number(m[1]),
    orderId: m[2]!,
    expiresAt: Number(m[4]),
    ...(m[3] === undefined ? {} : { shareId: Number(m[3]) }),
  };
}

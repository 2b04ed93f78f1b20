import { createHmac, timingSafeEqual } from 'node:crypto';

// The stay token a stay pass's QR code carries: `BBXSP1.<reservation id>.<order id>.<expiry>.<mac>`,
// where expiry is the check-out instant (epoch seconds) and mac the HMAC-SHA256 (base64url) of
// everything before it under the server's STAY_PASS_SECRET (api/platform/env.ts). Plain text keeps the QR
// small and readable by any scanner; the MAC makes it unforgeable: changing any part, or signing
// with another key, fails the check. Whether the stay is still paid and current is decided by the
// database on every verification (stay-pass.service.ts), never by the token alone.

const PREFIX = 'BBXSP1';
const SHAPE = /^BBXSP1\.([1-9]\d{0,9})\.([A-Z0-9-]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type StayPassClaims = { reservationId: number; orderId: string; expiresAt: number };

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function signStayPass(secret: string, claims: StayPassClaims): string {
  const body = `${PREFIX}.${claims.reservationId}.${claims.orderId}.${claims.expiresAt}`;
  return `${body}.${mac(secret, body)}`;
}

/** The claims of a token this server signed, or null for anything else (malformed, changed, foreign). */
export function readStayPass(secret: string, token: string): StayPassClaims | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const body = token.slice(0, token.lastIndexOf('.'));
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(m[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { reservationId: Number(m[1]), orderId: m[2]!, expiresAt: Number(m[3]) };
}

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { roomInventory } from '../../api/availability/availability.schema.ts';
import type { Database } from '../../api/platform/database.ts';
import type { Db } from '../../api/platform/database.ts';
import { bookingTestApp } from '../../api/db/test-booking.ts';
import { tokensForTest } from '../../api/auth/test-tokens.ts';
import type { GatewayTransaction } from '../../api/platform/payment-gateway.ts';
import { devTools, startGateway, startMail } from '../../server/compose.ts';

const CREATE =
  'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id order_id total_price total_room checkout_date } }';

/**
 * A seeded app with the embedded sandbox gateway whose notifications are delivered to the app's
 * own /api/payments/notifications (in-process HTTP), plus helpers to book and pay. The gateway, the
 * mail transport (the sink) and the developer pages (`dev`) are composed as the one server does
 * (server/compose.ts): API tests get them here, since api/ never imports server/.
 */
export async function paymentTestApp(envOverrides: Record<string, string> = {}, database?: Database) {
  const t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600', ...envOverrides }, database);
  const db = t.db.db as Db;
  for (const hotelId of [7, 8])
    await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, hotelId));
  const payments = await startGateway(t.deps);
  t.deps.gateway = payments.gateway;
  const mail = await startMail(t.deps);
  t.deps.mail = mail.mail;
  const close = async () => {
    await payments.close();
    await mail.close();
  };
  const active = { ...payments, close };
  const sandbox = active.sandbox;
  const dev = (await devTools(t.deps, sandbox))?.app ?? new Hono();
  const deliver = async (body: unknown) => {
    const res = await t.app.request('/api/payments/notifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as { status: string } };
  };
  if (sandbox) sandbox.notify = async (_url, body) => (await deliver(body)).status;

  async function newUser() {
    return tokensForTest(t.deps);
  }
  async function book(
    opts: { roomTypeId?: number; checkIn?: string; checkOut?: string; rooms?: number; token?: string } = {},
  ) {
    const roomTypeId = opts.roomTypeId ?? 71;
    const r = await t.gql(
      'secure',
      CREATE,
      {
        input: {
          hotel_id: Math.floor(roomTypeId / 10),
          room_type_id: roomTypeId,
          check_in_date_time: opts.checkIn ?? '2026-03-12',
          check_out_date_time: opts.checkOut ?? '2026-03-14',
          total_room: opts.rooms ?? 1,
        },
      },
      { token: opts.token ?? t.userToken },
    );
    if (!r.data?.data?.HotelCreateReservation) throw new Error(`booking failed: ${JSON.stringify(r.data)}`);
    return r.data.data.HotelCreateReservation as {
      id: number;
      order_id: string;
      total_price: number;
      total_room: number;
      checkout_date: string;
    };
  }
  async function charge(
    reservationId: number,
    channel: string,
    extra: Record<string, unknown> = {},
    o: { token?: string; lang?: 'id' | 'en' } = {},
  ) {
    return t.call('POST', '/api/clients/v1/payment/charge', {
      token: o.token ?? t.userToken,
      lang: o.lang,
      json: { reservation_id: reservationId, payment_channel_code: channel, terms_accepted: true, ...extra },
    });
  }
  async function status(reservationId: number, token?: string) {
    const r = await t.call('GET', `/api/clients/v1/payment/status?reservationId=${reservationId}`, {
      token: token ?? t.userToken,
    });
    return r.data.data;
  }
  /** Capture what the sandbox would send, instead of delivering it. */
  async function captureNext(fn: () => Promise<unknown>): Promise<GatewayTransaction> {
    if (!sandbox) throw new Error('no sandbox');
    const original = sandbox.notify;
    let captured: GatewayTransaction | null = null;
    sandbox.notify = async (_url, body) => {
      captured = body;
      return 200;
    };
    try {
      await fn();
    } finally {
      sandbox.notify = original;
    }
    if (!captured) throw new Error('nothing was sent');
    return captured;
  }
  return {
    ...t,
    // The signed-in guest follows t.useNewGuest() (a spread would freeze the first one).
    get tokens() {
      return t.tokens;
    },
    get userToken() {
      return t.userToken;
    },
    get userId() {
      return t.userId;
    },
    db,
    active,
    sandbox: sandbox!,
    dev,
    deliver,
    newUser,
    book,
    charge,
    status,
    captureNext,
  };
}

import { atom } from 'nanostores';
import ky from 'ky';
import { POINTS_MAX_PER_BOOKING, POINTS_STEP } from '../../core/contracts/payment.ts';
import { ApiError, SessionRedirect, openCall, userCall, userCallOnce } from '../lib/api-client.ts';
import type {
  Charge,
  PaymentChannel,
  PaymentState as ApiPaymentState,
  ReservationDetail,
} from '../../core/contracts/responses.ts';

// The payment screens' state (spec section 3: voucher use flag and code, active payment
// accordion) and their actions. Every money rule is enforced by the API; the checks here only
// give the guest the spec's message before a round trip.

/** The API's own answers (core/contracts/responses.ts). */
export type Channel = PaymentChannel;
export interface Voucher {
  promo_code: string;
  promo_name: string;
  terms: string;
  payment_methods: string[];
  estimated_discount: number;
  is_applicable: boolean;
  reason: string;
}
/** The API also names the QR image of a QRIS/GoPay charge (GET /api/payments/qr-code, same origin). */
export type PaymentCharge = Charge & { qr_image_url?: string | null };
export type PaymentState = ApiPaymentState & { charge: PaymentCharge | null };
export type Detail = ReservationDetail & {
  info: ReservationDetail['info'] & { hasAddOn?: boolean };
  notice?: { code: string; message: string } | null;
};

export const $channels = atom<Channel[]>([]);
export const $detail = atom<Detail | null>(null);
export const $vouchers = atom<Voucher[]>([]);
/** The code the guest looked up (ReservationRoomVoucherSearch), judged like the list. */
export const $voucherFound = atom<Voucher | null>(null);
export const $pointsBalance = atom<number>(0);
/** UI state of spec section 3. */
export const $voucherUse = atom<{ use: boolean; code: string | null }>({ use: false, code: null });
export const $activeAccordion = atom<string | null>('virtual_account');
export const $selectedChannel = atom<string | null>(null);
export const $pointsUsed = atom<number>(0);
export const $paymentState = atom<PaymentState | null>(null);

// The payment screen's own state, shared by its parts (islands/payment/*): one action at a time, its
// error, the notice a method choice may bring, and what the chosen method needs from the payer.
export const $payBusy = atom(false);
export const $payError = atom<string | null>(null);
export const $payNotice = atom<string | null>(null);
export type Payer = { phone: string; cashtag: string; card: { number: string; expiry: string; cvv: string } };
export const $payer = atom<Payer>({ phone: '', cashtag: '', card: { number: '', expiry: '', cvv: '' } });

/** E-wallets that charge a phone number. */
export const PHONE_WALLETS = new Set(['ovo', 'dana', 'linkaja']);
export const phoneValid = (phone: string) => /^08\d{8,11}$/.test(phone.replace(/[\s-]/g, ''));

/** Whether the chosen method has what it needs from the payer (phone, $Cashtag, card). */
export function payerReady(channel: string | null, payer: Payer): boolean {
  if (!channel) return false;
  if (PHONE_WALLETS.has(channel)) return phoneValid(payer.phone);
  if (channel === 'jenius') return /^\$[A-Za-z0-9_.]{3,20}$/.test(payer.cashtag);
  if (channel === 'credit_card')
    return (
      payer.card.number.length >= 12 && /\d{2}\s*\/\s*\d{2}/.test(payer.card.expiry) && /^\d{3,4}$/.test(payer.card.cvv)
    );
  return true;
}

/** Run one payment-screen action: busy while it runs, its failure shown as the screen's error. */
export async function runPayment(fn: () => Promise<void>, fallback: string): Promise<void> {
  $payBusy.set(true);
  $payError.set(null);
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof SessionRedirect)) $payError.set(e instanceof Error ? e.message : fallback);
  } finally {
    $payBusy.set(false);
  }
}

/** Choose a method: the radio follows the click at once; the API prices it (and may drop the voucher). */
export function chooseChannel(reservationId: number, code: string, fallback: string): Promise<void> {
  const previous = $selectedChannel.get();
  $selectedChannel.set(code);
  return runPayment(async () => {
    $payNotice.set(null);
    try {
      const message = await selectChannel(reservationId, code);
      if (message) $payNotice.set(message);
    } catch (e) {
      $selectedChannel.set(previous);
      throw e;
    }
  }, fallback);
}

const CHANNELS = 'query { PaymentChannels { id code name category category_label fee_flat fee_bps min_amount } }';
const VOUCHERS =
  'query V($input: ReservationRoomVoucherListInput!) { ReservationRoomVoucherList(input: $input) { promo_code promo_name terms payment_methods estimated_discount is_applicable reason } }';
const VOUCHER_SEARCH =
  'query S($input: ReservationRoomVoucherSearchInput!) { ReservationRoomVoucherSearch(input: $input) { promo_code promo_name terms payment_methods estimated_discount is_applicable reason } }';

type Gql<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
async function gqlSecure<T>(query: string, input?: unknown): Promise<T> {
  const body = await userCall<Gql<T>>({
    method: 'post',
    path: 'gateway/secure',
    json: { query, variables: input === undefined ? {} : { input } },
  });
  if (body.errors?.length || !body.data)
    throw new ApiError(422, { code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });
  return body.data;
}

/** Load everything the payment screen shows: detail, channels (id 12 never comes back), vouchers, points. */
export async function loadPaymentScreen(reservationId: number): Promise<Detail> {
  const [detail, channels, vouchers, points] = await Promise.all([
    userCall<{ data: Detail }>({ path: 'clients/v1/reservations/view', query: { reservationId } }),
    gqlSecure<{ PaymentChannels: Channel[] }>(CHANNELS),
    gqlSecure<{ ReservationRoomVoucherList: Voucher[] }>(VOUCHERS, { reservation_id: reservationId }).catch(() => ({
      ReservationRoomVoucherList: [],
    })),
    userCall<{ data: { total: number } }>({ path: 'clients/v1/points' }),
  ]);
  $detail.set(detail.data);
  $channels.set(channels.PaymentChannels);
  $vouchers.set(vouchers.ReservationRoomVoucherList);
  $voucherFound.set(null);
  $pointsBalance.set(points.data.total);
  const code = detail.data.priceBreakdown.promo_code;
  $voucherUse.set({ use: !!code, code });
  $pointsUsed.set(detail.data.priceBreakdown.bobopoint_value);
  $selectedChannel.set(
    (detail.data.priceBreakdown as { payment_channel_code?: string | null }).payment_channel_code ?? null,
  );
  return detail.data;
}

/** The reservation as the status page summarises it (its price lines and total). */
export async function loadReservationDetail(reservationId: number): Promise<Detail> {
  const body = await userCall<{ data: Detail }>({ path: 'clients/v1/reservations/view', query: { reservationId } });
  $detail.set(body.data);
  return body.data;
}

/** The whole choice goes to the reservation update; the API prices it and may drop the voucher. */
async function update(
  reservationId: number,
  next: { channel?: string | null; voucher?: string | null; points?: number },
): Promise<Detail> {
  const d = $detail.get();
  const voucher = next.voucher === undefined ? $voucherUse.get().code : next.voucher;
  const points = next.points ?? $pointsUsed.get();
  const channel = next.channel === undefined ? $selectedChannel.get() : next.channel;
  const body = await userCall<{ data: Detail }>({
    method: 'put',
    path: 'clients/v1/reservations/update',
    json: {
      reservationId,
      isUsePromo: !!voucher,
      promoCode: voucher ?? '',
      isUseGiftCertificate: points > 0,
      giftCertificate: points,
      isUseAddon: (d?.insurancePolicies.length ?? 0) > 0,
      ancillaryPackageUUIDs: d?.esg.items.map((i) => i.uuid) ?? [],
      paymentChannelCode: channel ?? '',
    },
  });
  $detail.set(body.data);
  $voucherUse.set({ use: !!body.data.priceBreakdown.promo_code, code: body.data.priceBreakdown.promo_code });
  $pointsUsed.set(body.data.priceBreakdown.bobopoint_value);
  $selectedChannel.set(channel ?? null);
  await refreshVouchers(reservationId);
  return body.data;
}

/**
 * Judge the listed vouchers (and the one looked up) again against the reservation as it now stands:
 * whether each applies and what it would save depend on the chosen method and the price. Without
 * this, a voucher the new method excludes kept offering "Use". A failed refresh keeps the old list
 * (the API still refuses a voucher that does not apply, and the refusal is shown).
 */
export async function refreshVouchers(reservationId: number): Promise<void> {
  const found = $voucherFound.get();
  try {
    const [list, again] = await Promise.all([
      gqlSecure<{ ReservationRoomVoucherList: Voucher[] }>(VOUCHERS, { reservation_id: reservationId }),
      // A code that no longer exists leaves the list; any other failure keeps it as it was.
      found
        ? searchVoucher(reservationId, found.promo_code).catch((e: unknown) =>
            e instanceof ApiError && e.status === 404 ? null : found,
          )
        : null,
    ]);
    $vouchers.set(list.ReservationRoomVoucherList);
    $voucherFound.set(again);
  } catch (e) {
    if (e instanceof SessionRedirect) throw e;
  }
}

/** Choose a method. Returns the API's notice when the voucher had to go (unsupported method). */
export async function selectChannel(reservationId: number, code: string): Promise<string | null> {
  const d = await update(reservationId, { channel: code });
  return d.notice?.message ?? null;
}
export const applyVoucher = (reservationId: number, code: string) => update(reservationId, { voucher: code });
export const cancelVoucher = (reservationId: number) => update(reservationId, { voucher: null });

async function searchVoucher(reservationId: number, code: string): Promise<Voucher> {
  return (
    await gqlSecure<{ ReservationRoomVoucherSearch: Voucher }>(VOUCHER_SEARCH, {
      reservation_id: reservationId,
      promo_code: code,
    })
  ).ReservationRoomVoucherSearch;
}

/** Look a code up: it joins the top of the list, judged against this reservation. */
export async function findVoucher(reservationId: number, code: string): Promise<void> {
  $voucherFound.set(await searchVoucher(reservationId, code));
}

export type PointsProblem = 'step' | 'max' | 'not_enough' | null;
/** Spec sections 5 and 9: multiples of 5,000, at most 100,000 per booking, never above the balance. */
export function checkPoints(amount: number, balance: number): PointsProblem {
  if (!Number.isInteger(amount) || amount <= 0 || amount % POINTS_STEP !== 0) return 'step';
  if (amount > POINTS_MAX_PER_BOOKING) return 'max';
  if (amount > balance) return 'not_enough';
  return null;
}
export const applyPoints = (reservationId: number, amount: number) => update(reservationId, { points: amount });

export async function paymentConfig(): Promise<{ gateway: string; client_key: string; token_url: string }> {
  return (
    await openCall<{ data: { gateway: string; client_key: string; token_url: string } }>({ path: 'payments/config' })
  ).data;
}

/** Browser-side card tokenisation: the card goes to the gateway, only the token comes to our API. */
export async function tokenizeCard(card: {
  number: string;
  month: string;
  year: string;
  cvv: string;
}): Promise<string> {
  const cfg = await paymentConfig();
  const res = await ky.get(cfg.token_url, {
    searchParams: {
      client_key: cfg.client_key,
      card_number: card.number.replace(/\D/g, ''),
      card_exp_month: card.month,
      card_exp_year: card.year,
      card_cvv: card.cvv,
    },
    throwHttpErrors: false,
    retry: 0,
  });
  const body = (await res.json()) as { status_code: string; token_id?: string; status_message?: string };
  if (body.status_code !== '200' || !body.token_id)
    throw new ApiError(400, { code: 'card_invalid', message: body.status_message });
  return body.token_id;
}

export async function charge(input: {
  reservationId: number;
  channel: string;
  terms: boolean;
  tokenId?: string;
  phone?: string;
  cashtag?: string;
}) {
  // One Idempotency-Key per attempt, sent again if the network fails before the answer.
  return userCallOnce<{ code: number; message: string; data: PaymentCharge }>({
    method: 'post',
    path: 'clients/v1/payment/charge',
    json: {
      reservation_id: input.reservationId,
      payment_channel_code: input.channel,
      terms_accepted: input.terms,
      token_id: input.tokenId,
      phone: input.phone,
      cashtag: input.cashtag,
    },
  });
}

export async function loadPaymentState(reservationId: number): Promise<PaymentState> {
  const body = await userCall<{ data: PaymentState }>({ path: 'clients/v1/payment/status', query: { reservationId } });
  $paymentState.set(body.data);
  return body.data;
}

export async function cancelPayment(reservationId: number) {
  return userCall({ method: 'post', path: 'clients/v1/payment/cancel', json: { reservation_id: reservationId } });
}

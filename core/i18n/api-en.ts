import { formatRupiah } from '../money.ts';
import { accountProfileApiEn } from './account-profile-api-en.ts';

// The API's messages, English: the reference catalogue. core/i18n/api-id.ts has the same keys and the
// same arguments (typed from this file, so a missing or mis-typed Indonesian message does not compile).
// Services never write sentences inline: they name a key here (api/http/messages.ts, msg('key', ...args)).
// Keys are '<domain>.<name>'; one sentence, one key, whichever services use it.

export const apiEn = {
  'http.badRequest': 'The request is not valid.',
  'http.signInFirst': 'Please sign in to continue.',
  'http.forbidden': 'You are not allowed to do this.',
  'http.notFound': 'Resource Not Found',
  'http.tooMany': 'Too many attempts. Please wait a moment and try again.',
  'http.tooManyInFlight': 'You have many requests open at once. Wait for them to finish, then try again.',
  'http.bodyTooLarge': 'The request is too large.',
  'http.idempotencyKeyInvalid': 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  'http.idempotencyKeyInFlight': 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  'http.idempotencyKeyReused':
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  'http.invalidJson': 'The request body is not valid JSON.',
  'http.tooDeep': (max: number) => `The request body is nested too deeply (at most ${max} levels).`,
  'http.badUnicode': 'The request contains broken characters (a lone UTF-16 surrogate).',
  'http.jsonNotObject': 'The request body must be a JSON object.',
  'http.unreadableForm': 'The form data could not be read.',
  'http.unsupportedBodyType': 'Send the body as application/x-www-form-urlencoded or application/json.',
  'content.invalidSignature': 'The webhook signature is missing or not valid.',
  'content.staleSignature': 'The webhook is too old or was already delivered; it was not applied.',
  'content.editorsOnly': 'Only editors of this site may do this. Sign in to the Studio and try again.',
  'content.previewOff': 'Previews are switched off on this site (no PREVIEW_SECRET).',
  'content.badRange': 'Give two dates, YYYY-MM-DD, the first not after the second, at most 92 days apart.',
  'content.badDocumentId': 'That is not a document id.',
  'ancillary.packageUnavailable': 'The add-on package you chose is not available.',
  'auth.invalidToken': 'Your session has ended. Please sign in again.',
  'auth.userTokenRequired': 'Please sign in to your account to continue.',
  'auth.invalidApiKey': 'This app is not recognised (missing or wrong API key).',
  'auth.invalidCredentials': 'The e-mail, phone number or password is not correct.',
  'auth.emailTaken': 'This e-mail is already registered. Try signing in instead.',
  'auth.phoneTaken': 'This phone number is already used by another account.',
  'auth.codeInvalid': 'That code is not correct. Check it and try again.',
  'auth.codeExpired': 'That code has expired or was already used. Ask for a new one.',
  'auth.codeAttemptsExceeded': 'Too many wrong tries for this code. Ask for a new one.',
  'auth.codeGuessesExhausted':
    'Too many wrong codes for this account. For your safety, codes cannot be checked for a while: contact our customer service.',
  'auth.codeCooldown': (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  'auth.ticketInvalid': 'This password reset link has expired. Start again from "Forgot password".',
  'auth.alreadyVerified': 'This account is already verified.',
  'auth.invalidClient': 'The app could not be authenticated (client id, secret or API key).',
  'auth.unsupportedGrantType': 'This grant type is not supported.',
  'auth.unauthorizedClient': 'This app may not use this grant type.',
  'auth.invalidGrant': 'The refresh token is invalid, expired or already used. Please sign in again.',
  'availability.endBeforeStart': 'The end date must not be before the start date.',
  'availability.checkoutBeforeCheckin': 'Check-out must be after check-in.',
  'availability.maxNights': (max: number) => `You can stay at most ${max} nights.`,
  'availability.checkinPassed': 'The check-in date has passed.',
  'availability.beyondWindow': 'Bookings open only 90 days ahead.',
  'http.internal': 'Something went wrong on our side.',
  'hotels.notFound': 'Hotel not found.',
  'hotels.typeDaily': 'Daily',
  'hotels.typeHourly': 'Hourly',
  'payments.notificationInvalid': 'The notification is not a valid gateway notification.',
  'payments.rejectedSignature': 'The notification signature does not match.',
  'payments.unknownOrder': 'No payment attempt has this order id.',
  'payments.rejectedAmount': 'The notified amount does not match the booking.',
  'payments.termsRequired': 'Please agree to the terms and conditions before paying.',
  'promotions.methodNotEligible': "Promo can't be applied for the selected payment method",
  'payments.belowMinimum': (total: number, min: number) =>
    `A total of ${formatRupiah(total)} can't be paid with this method (minimum ${formatRupiah(min)}). Please choose from the available payment methods.`,
  'payments.holdEnding': 'The payment window of this booking is almost over. Please book again.',
  'payments.cardToken': 'The card details are incomplete. Enter the card number and expiry.',
  'payments.phone': 'The e-wallet phone number must start with 08, e.g. 08xxxxxxxxx.',
  'payments.cashtag': 'Enter your Jenius $Cashtag, e.g. $bobotraveler.',
  'payments.chargeFailed': (message: string) => `The payment could not be created: ${message}`,
  'payments.gatewaySilent': 'the gateway did not answer',
  'payments.created': 'Payment created.',
  'payments.paid': 'Payment successful.',
  'payments.nothingToCancel': 'There is no payment in progress.',
  'payments.methodUnavailable': 'This payment method is not available.',
  'payments.categoryVirtualAccount': 'Virtual account',
  'payments.categoryEwallet': 'E-wallet',
  'payments.categoryQris': 'QRIS',
  'payments.channelCard': 'Credit/debit card (Visa, Mastercard, JCB, Amex)',
  'payments.categoryCard': 'Credit/debit card',
  'points.kindWelcome': 'New member bonus',
  'points.kindStay': 'Points from your stay',
  'points.kindRedeem': 'Redeemed on a booking',
  'points.kindExpire': 'Points expired',
  'promotions.limitReached': 'This code has been used up. Try another promo.',
  'promotions.alreadyUsed': 'You have already used this code on another booking.',
  'promotions.notFound': 'Promo code not found.',
  'promotions.expired': 'This promo code has expired.',
  'promotions.notForHotel': 'This promo code does not apply to this location or these dates.',
  'promotions.minSpend': (min: number) => `This promo needs a minimum spend of ${formatRupiah(min)}.`,
  'promotions.minNights': 'This voucher needs a stay of at least 2 nights.',
  'promotions.duplicateSubscriber': 'Your e-mail is already subscribed.',
  'promotions.itemRoomDiscount': 'Room discount',
  'promotions.itemFree': 'Free of charge',
  'promotions.itemMethodDiscount': 'Payment method discount',
  'promotions.subscribed': "Thanks for subscribing, we've saved your e-mail!",
  'reservations.notFound': 'Booking not found.',
  'reservations.roomTypeNotFound': 'Room type not found at this hotel.',
  'reservations.tooManyUnpaid': (max: number) =>
    `You already have ${max} bookings waiting for payment. Pay for or cancel one of them before booking again.`,
  'reservations.tooManyRooms': (max: number) =>
    `Together, your bookings waiting for payment can hold at most ${max} pods. Pay for or cancel one of them, or choose fewer pods.`,
  'reservations.hotelShare':
    'You are already holding a large share of this hotel for these nights. Pay for or cancel a booking there first, or choose fewer pods.',
  'reservations.verificationRequired':
    'Verify your e-mail address or phone number before your first booking: we sent you a 4-digit code.',
  'reservations.soldOut': 'Sorry, this room is sold out for the dates you chose.',
  'reservations.cancelFailed': 'Failed to cancel the booking',
  'reservations.notWaiting': 'This booking is no longer waiting for payment, so it cannot be changed.',
  'reservations.stayUpcoming': 'Upcoming',
  'reservations.stayStaying': 'Staying',
  'reservations.stayCompleted': 'Completed',
  'dayUse.notOffered': 'This hotel does not sell day use: book nights instead.',
  'dayUse.badDate': 'The day-use date is not a calendar date (YYYY-MM-DD).',
  'dayUse.needBoth': 'For day use, choose both a start hour and a block length.',
  'dayUse.blockNotOffered': (hours: number) => `This room does not offer a ${hours}-hour block.`,
  'dayUse.startOutside': (first: number, last: number) =>
    `For this block, day use starts on the hour between ${String(first).padStart(2, '0')}:00 and ${String(last).padStart(2, '0')}:00.`,
  'dayUse.startPassed': 'That start time has already passed. Choose a later hour.',
  ...accountProfileApiEn,
} as const;

export type ApiMessageKey = keyof typeof apiEn;
/** The shape every language's catalogue has: the same keys, strings or functions of the same arguments. */
export type ApiCatalogue = {
  readonly [K in ApiMessageKey]: (typeof apiEn)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

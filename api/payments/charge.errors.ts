import { errors } from '../http/errors.ts';
import { msg } from '../http/messages.ts';

export const chargeErrors = {
  termsRequired: () => errors.unprocessable('terms_required', msg('payments.termsRequired')),
  voucherMethod: () => errors.unprocessable('voucher_payment_method', msg('promotions.methodNotEligible')),
  minimumAmount: (total: number, min: number) =>
    errors.unprocessable('minimum_amount', msg('payments.belowMinimum', total, min), { total, min }),
  holdEnding: () => errors.conflict('hold_ending', msg('payments.holdEnding')),
  cardToken: () => errors.unprocessable('card_token_required', msg('payments.cardToken')),
  phone: () => errors.unprocessable('ewallet_phone_invalid', msg('payments.phone')),
  cashtag: () => errors.unprocessable('jenius_cashtag_invalid', msg('payments.cashtag')),
  gateway: (message: string) => errors.unprocessable('charge_failed', msg('payments.chargeFailed', message)),
  nothingToCancel: () => errors.conflict('no_pending_payment', msg('payments.nothingToCancel')),
};

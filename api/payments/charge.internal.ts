import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import type { ApiLang } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { chargeView, reload } from './charge.view.ts';
import { applyGatewayState } from './notifications.service.ts';
import type { ChargeRow } from './notifications.service.ts';

// The internal family: points cover the whole total (Rp 0 to collect), so the attempt is settled here,
// through the same guarded path a gateway notification takes, and never reaches a gateway.

export async function settleInternally(deps: AppDeps, db: Db, charge: ChargeRow, lang: ApiLang) {
  const ctx = { lang };
  // Points cover everything: nothing to collect, settled internally through the same guarded path.
  await applyGatewayState(deps, charge, {
    status_code: '200',
    order_id: charge.orderId,
    gross_amount: '0.00',
    transaction_status: 'settlement',
    fraud_status: 'accept',
  });
  return {
    code: 200,
    message: msg('payments.paid')[ctx.lang],
    data: chargeView(await reload(db, charge.id)),
  };
}

import { ApiError, openCall, userCall } from './api-client.ts';
import { $auth } from '../stores/$auth.ts';

/** What the footer's newsletter form shows after a subscribe call. */
export type SubscribeOutcome = {
  ok: boolean;
  status: number;
  message?: string;
  fields?: { field: string; code: string }[];
};

/** Subscribe an address to the newsletter, as the signed-in guest when there is one. */
export async function subscribe(email: string): Promise<SubscribeOutcome> {
  const call = { method: 'post' as const, path: 'clients/v1/subscribe', form: { email } };
  try {
    const body = await ($auth.get().isLoggedIn
      ? userCall<{ message?: string }>(call)
      : openCall<{ message?: string }>(call));
    return { ok: true, status: 200, message: body.message };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, status: error.status, message: error.message, fields: error.fields };
    throw error;
  }
}

// midtrans-client (dev dependency) ships no type declarations: the part of its API the sandbox
// gateway's tests use (server/dev/sandbox-gateway.test.ts), as lib/coreApi.js, lib/transaction.js
// and lib/midtransError.js of version 1.4.3 define it.
declare module 'midtrans-client' {
  type Json = Record<string, unknown>;

  export interface ApiConfig {
    isProduction: boolean;
    serverKey: string;
    clientKey: string;
    /** https://api.sandbox.midtrans.com, or https://api.midtrans.com when isProduction. */
    getCoreApiBaseUrl(): string;
  }

  export interface Transaction {
    /** GET /v2/{order_id or transaction_id}/status */
    status(id: string): Promise<Json>;
    cancel(id: string): Promise<Json>;
    /** GET status of the notification's transaction_id: the gateway's word on what it says. */
    notification(body: Json | string): Promise<Json>;
  }

  export class CoreApi {
    constructor(options?: { isProduction?: boolean; serverKey?: string; clientKey?: string });
    apiConfig: ApiConfig;
    transaction: Transaction;
    charge(parameter: Json): Promise<Json>;
  }

  export class MidtransError extends Error {
    httpStatusCode: number | string | null;
    ApiResponse: Json | null;
  }

  const midtransClient: { CoreApi: typeof CoreApi; MidtransError: typeof MidtransError };
  export default midtransClient;
}

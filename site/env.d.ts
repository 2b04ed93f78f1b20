// What the one server hands every on-demand render (server/site-handler.ts, server/server.ts).
import type { ApiFetch } from './lib/page-api.ts';

declare global {
  namespace App {
    interface Locals {
      /** The booking API in process (site/lib/page-api.ts); absent outside the one server. */
      apiFetch?: ApiFetch;
      /** The results map's base style (MAP_STYLE_URL); absent: the site's offline style. */
      mapStyleUrl?: string;
    }
  }
}

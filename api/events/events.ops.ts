// `npm run ops -- funnel --from YYYY-MM-DD --to YYYY-MM-DD`: the booking funnel of those days
// (Jakarta time, both included): searches, room choices and checkouts from the site's own events
// (api/events/README.md), holds and purchases (with their revenue) from the reservations and payments
// themselves, per destination (the hotel's city) and per campaign (utm_campaign).
import { Temporal } from '../../core/temporal.ts';
import type { AppDeps } from '../platform/deps.ts';
import { jakartaStartOfDay, parseDate } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { funnel } from './events.service.ts';
import type { FunnelRow } from './events.service.ts';

const USAGE = 'usage: npm run ops -- funnel --from YYYY-MM-DD --to YYYY-MM-DD';

const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '-');

/** A fixed-width table: the first column left-aligned, the counts right-aligned. */
function table(title: string, rows: FunnelRow[]): string[] {
  const head = [title, 'searches', 'rooms', 'checkouts', 'holds', 'purchases', 'conversion', 'revenue'];
  const total = rows.reduce(
    (t, r) => ({
      key: 'total',
      visits: t.visits + r.visits,
      searches: t.searches + r.searches,
      rooms: t.rooms + r.rooms,
      checkouts: t.checkouts + r.checkouts,
      holds: t.holds + r.holds,
      purchases: t.purchases + r.purchases,
      revenue: t.revenue + r.revenue,
    }),
    { key: 'total', visits: 0, searches: 0, rooms: 0, checkouts: 0, holds: 0, purchases: 0, revenue: 0 },
  );
  const cells = [...rows, total].map((r) => [
    r.key,
    String(r.searches),
    String(r.rooms),
    String(r.checkouts),
    String(r.holds),
    String(r.purchases),
    pct(r.purchases, r.searches),
    formatRupiah(r.revenue),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  return [line(head), ...cells.map(line)];
}

export async function funnelCommand(
  args: string[],
  deps: Pick<AppDeps, 'database'>,
): Promise<{ code: number; out: string[] }> {
  let from: string | undefined;
  let to: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--from') from = args[++i];
    else if (args[i] === '--to') to = args[++i];
    else return { code: 2, out: [USAGE] };
  }
  const first = parseDate(from);
  const last = parseDate(to);
  if (!first || !last) return { code: 2, out: ['--from and --to take a date, YYYY-MM-DD (Jakarta time).', USAGE] };
  if (Temporal.PlainDate.compare(first, last) > 0) return { code: 2, out: ['--from must not be after --to.', USAGE] };
  const range = { from: jakartaStartOfDay(first), to: jakartaStartOfDay(last.add({ days: 1 })) };
  const [byDestination, byCampaign] = await Promise.all([
    funnel(deps, range, 'destination'),
    funnel(deps, range, 'campaign'),
  ]);
  const heading = `Booking funnel ${first.toString()} to ${last.toString()} (Jakarta time)`;
  if (byDestination.length === 0)
    return { code: 0, out: [heading, 'No searches, rooms, checkouts, holds or purchases.'] };
  return {
    code: 0,
    out: [heading, '', ...table('destination', byDestination), '', ...table('campaign', byCampaign)],
  };
}

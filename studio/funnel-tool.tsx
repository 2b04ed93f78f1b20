import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { Tool } from 'sanity';
import type { EditorActionOptions } from './editor-actions.tsx';
import type { FunnelRow } from '../core/contracts/funnel.ts';

// The Studio's Funnel tool (issue 30, item 4): per campaign, a chart per day of visits, searches,
// holds and payments, with the revenue, in English or Indonesian. It reads the site's
// GET /api/site/funnel with the editor's Sanity token: holds, payments and revenue come from the
// reservations and payments themselves, never from what a browser reported. No `sanity` import at run
// time, so the harness (tests/studio-harness/) mounts it as the Studio does.

export type { FunnelRow };
type Lang = 'en' | 'id';

export const FUNNEL_WORDS = {
  en: {
    title: 'Booking funnel',
    intro: 'Per campaign and day (Jakarta time). Holds, payments and revenue come from the bookings themselves.',
    from: 'From',
    to: 'To',
    show: 'Show',
    language: 'Language',
    loading: 'Asking the site…',
    empty: 'Nothing in these days.',
    none: 'No campaign',
    day: 'Day',
    visits: 'Visits',
    searches: 'Searches',
    holds: 'Holds',
    payments: 'Payments',
    revenue: 'Revenue',
    total: 'Total',
    chart: (campaign: string) => `Visits, searches, holds and payments per day: ${campaign}`,
  },
  id: {
    title: 'Corong pemesanan',
    intro:
      'Per kampanye dan per hari (waktu Jakarta). Hold, pembayaran, dan pendapatan dihitung dari pesanan itu sendiri.',
    from: 'Dari',
    to: 'Sampai',
    show: 'Tampilkan',
    language: 'Bahasa',
    loading: 'Sedang bertanya ke situs…',
    empty: 'Tidak ada data di hari-hari ini.',
    none: 'Tanpa kampanye',
    day: 'Hari',
    visits: 'Kunjungan',
    searches: 'Pencarian',
    holds: 'Hold',
    payments: 'Pembayaran',
    revenue: 'Pendapatan',
    total: 'Total',
    chart: (campaign: string) => `Kunjungan, pencarian, hold, dan pembayaran per hari: ${campaign}`,
  },
} as const;

const SERIES = [
  { key: 'visits', color: '#94a3b8' },
  { key: 'searches', color: '#2563eb' },
  { key: 'holds', color: '#d97706' },
  { key: 'purchases', color: '#16a34a' },
] as const;

const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;
const isoDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/** The campaigns of the rows, each with its days in order and its totals. */
export function byCampaign(rows: FunnelRow[]) {
  const groups = new Map<string, FunnelRow[]>();
  for (const r of rows) groups.set(r.key, [...(groups.get(r.key) ?? []), r]);
  return [...groups.entries()]
    .map(([key, days]) => ({
      key,
      days: days.sort((a, b) => String(a.day).localeCompare(String(b.day))),
      revenue: days.reduce((n, d) => n + d.revenue, 0),
      purchases: days.reduce((n, d) => n + d.purchases, 0),
    }))
    .sort((a, b) => b.revenue - a.revenue || b.purchases - a.purchases || a.key.localeCompare(b.key));
}

function Chart({ days, label }: { days: FunnelRow[]; label: string }) {
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const bar = 8;
  const group = SERIES.length * bar + 10;
  const height = 120;
  return (
    <svg role="img" aria-label={label} width={Math.max(group * days.length, 200)} height={height + 18}>
      {days.map((d, i) =>
        SERIES.map((s, j) => {
          const h = Math.round((d[s.key] / max) * height);
          return (
            <rect
              key={`${d.day}-${s.key}`}
              x={i * group + j * bar}
              y={height - h}
              width={bar - 1}
              height={h}
              fill={s.color}
            />
          );
        }),
      )}
      {days.map((d, i) => (
        <text key={d.day} x={i * group} y={height + 14} fontSize="10">
          {String(d.day).slice(5)}
        </text>
      ))}
    </svg>
  );
}

const cell: CSSProperties = { border: '1px solid #cbd5e1', padding: '0.3rem 0.5rem', textAlign: 'right' };

export function FunnelView({ siteUrl, token, today = new Date() }: { siteUrl: string; token?: string; today?: Date }) {
  const [lang, setLang] = useState<Lang>('id');
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(today.getTime() - 13 * 86_400_000)),
    to: isoDay(today),
  }));
  const [asked, setAsked] = useState(range);
  const [answer, setAnswer] = useState<{ rows?: FunnelRow[]; error?: string; for?: string } | null>(null);
  const w = FUNNEL_WORDS[lang];
  useEffect(() => {
    let live = true;
    const url = `${siteUrl.replace(/\/$/, '')}/api/site/funnel?${new URLSearchParams(asked)}`;
    fetch(url, {
      cache: 'no-store',
      credentials: 'omit',
      headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as { rows?: FunnelRow[]; message?: string } | null;
        if (!res.ok || !body?.rows) throw new Error(body?.message ?? `HTTP ${res.status}`);
        if (live) setAnswer({ rows: body.rows, for: JSON.stringify(asked) });
      })
      .catch(
        (e: unknown) =>
          live && setAnswer({ error: e instanceof Error ? e.message : String(e), for: JSON.stringify(asked) }),
      );
    return () => {
      live = false;
    };
  }, [siteUrl, token, asked, lang]);
  const campaigns = useMemo(() => byCampaign(answer?.rows ?? []), [answer]);
  const loading = answer?.for !== JSON.stringify(asked);
  return (
    <div
      lang={lang}
      style={{ maxWidth: '60rem', margin: '1.5rem auto', padding: '0 1rem', lineHeight: 1.5 }}
      data-funnel-tool
    >
      <h1>{w.title}</h1>
      <p>{w.intro}</p>
      <form
        style={{ display: 'flex', gap: '0.75rem', alignItems: 'end', flexWrap: 'wrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(range);
        }}
      >
        <label>
          {w.from}{' '}
          <input type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        </label>
        <label>
          {w.to} <input type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        </label>
        <button type="submit">{w.show}</button>
        <label>
          {w.language}{' '}
          <select value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
            <option value="id">Bahasa Indonesia</option>
            <option value="en">English</option>
          </select>
        </label>
      </form>
      <p aria-live="polite">{loading ? w.loading : answer?.error ? '' : campaigns.length ? '' : w.empty}</p>
      {!loading && answer?.error && <p role="alert">{answer.error}</p>}
      {!loading &&
        campaigns.map((c) => {
          const name = c.key === '(none)' ? w.none : c.key;
          return (
            <section key={c.key} aria-label={name} data-campaign={c.key} style={{ marginTop: '1.5rem' }}>
              <h2>
                {name}: {rupiah(c.revenue)}
              </h2>
              <Chart days={c.days} label={w.chart(name)} />
              <table style={{ borderCollapse: 'collapse', marginTop: '0.5rem' }}>
                <thead>
                  <tr>
                    {[w.day, w.visits, w.searches, w.holds, w.payments, w.revenue].map((h) => (
                      <th key={h} scope="col" style={cell}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {c.days.map((d) => (
                    <tr key={d.day} data-day={d.day}>
                      <th scope="row" style={cell}>
                        {d.day}
                      </th>
                      <td style={cell}>{d.visits}</td>
                      <td style={cell}>{d.searches}</td>
                      <td style={cell}>{d.holds}</td>
                      <td style={cell}>{d.purchases}</td>
                      <td style={cell}>{rupiah(d.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
    </div>
  );
}

/** The tool in the Studio's navigation, with the editor's token. */
export function funnelTool(o: EditorActionOptions): Tool {
  function FunnelToolView() {
    return <FunnelView siteUrl={o.siteUrl} token={o.useToken()} />;
  }
  return { name: 'funnel', title: 'Funnel', component: FunnelToolView };
}

import { describe, expect, it } from 'vitest';
import { requestKey, targetLines } from './bench-api.ts';
import type { Row, Spread } from './bench-api.ts';
import { autovacuumRunsBetween, ratioCell, ratiosBelow, scaleTable } from './bench-scale.ts';
import type { ScaleRow, ScaleSide } from './bench-scale.ts';
import { mixTable, mixTargetLines } from './bench-mix.ts';
import type { MixRow } from './bench-mix.ts';

// The pure parts of the benchmarks (issue 18): bench:api's targets and key spread, bench:scale's ratios.

const row = (backend: Row['backend'], call: string, rps: number, p99: number, errors = 0): Row => ({
  backend,
  call,
  requests: rps * 5,
  rps,
  p50: p99 / 2,
  p99,
  errors,
  serverCpu: 0.3,
  clientCpu: 0.1,
  dbCpu: backend === 'postgres' ? 0.2 : null,
});

describe('bench:api targets', () => {
  it('reports each target with the measured value and met / not met', () => {
    const lines = targetLines([
      row('postgres', 'RoomAvailability (90 days)', 5200, 24.9),
      row('postgres', 'search (REST, 2 nights)', 3000, 20),
      row('postgres', 'HotelCreateReservation', 400, 170.7),
      row('pglite', 'RoomAvailability (90 days)', 1000, 59),
    ]);
    expect(lines).toEqual([
      '- PostgreSQL RoomAvailability (90 days): p99 <= 25 ms at >= 5000 req/s: measured p99 24.9 ms at 5200 req/s: met',
      // Fast enough, but not at the rate the target asks.
      '- PostgreSQL search (REST, 2 nights): p99 <= 25 ms at >= 5000 req/s: measured p99 20.0 ms at 3000 req/s: NOT MET',
      '- PostgreSQL ReservationSearch (GraphQL, 2 nights): p99 <= 25 ms at >= 5000 req/s: not measured',
      '- PostgreSQL HotelCreateReservation: p99 <= 100 ms: measured p99 170.7 ms at 400 req/s: NOT MET',
      '- PGlite RoomAvailability (90 days): p99 <= 60 ms: measured p99 59.0 ms at 1000 req/s: met',
    ]);
  });

  it('does not count a run with server errors as met', () => {
    const [line] = targetLines(
      [row('pglite', 'RoomAvailability (90 days)', 1000, 30, 3)],
      [{ backend: 'pglite', call: 'avail', p99Ms: 60 }],
    );
    expect(line).toBe(
      '- PGlite RoomAvailability (90 days): p99 <= 60 ms: measured p99 30.0 ms at 1000 req/s, 3 errors: NOT MET',
    );
  });
});

describe('bench:api open loop', () => {
  it('judges an open-loop row at the rate it offered, and by its p99 from when each request was due', () => {
    const open = (p99: number, offered: number): Row => ({
      ...row('postgres', 'search (REST, 2 nights)', 2996, p99),
      offered,
    });
    const goal = [{ backend: 'postgres' as const, call: 'search' as const, p99Ms: 25, minRps: 3000 }];
    expect(targetLines([open(12.4, 3000)], goal)).toEqual([
      '- PostgreSQL search (REST, 2 nights): p99 <= 25 ms at >= 3000 req/s: measured p99 12.4 ms at 3000 req/s offered (open loop, 2996 answered a second): met',
    ]);
    // A server that fell behind: its late answers count from when they were due.
    expect(targetLines([open(480, 3000)], goal)[0]).toMatch(/NOT MET$/);
    // Offered below the target's rate.
    expect(targetLines([open(5, 2000)], goal)[0]).toMatch(/NOT MET$/);
  });
});

describe('bench:api key spread', () => {
  const spread: Spread = {
    hotels: [1, 2, 3, 1001, 1002],
    rooms: [
      { hotelId: 1, roomTypeId: 11 },
      { hotelId: 1001, roomTypeId: 10011 },
    ],
    ranges: 4,
  };
  const keys = (call: Parameters<typeof requestKey>[0], s: Spread | undefined, n: number) =>
    new Set(Array.from({ length: n }, (_, i) => JSON.stringify(requestKey(call, s, i))));

  it('by default reads 16 hotels and one availability window, and books hotel 1', () => {
    expect(keys('avail', undefined, 1000).size).toBe(16);
    expect([...keys('create', undefined, 1000)].every((k) => JSON.parse(k).hotelId === 1)).toBe(true);
  });

  it('with a spread, meets every hotel with every date offset, and books every room type listed', () => {
    expect(keys('avail', spread, 20).size).toBe(20);
    expect(keys('search', spread, 1000).size).toBe(20);
    const creates = [...keys('create', spread, 8)].map((k) => JSON.parse(k));
    expect(creates).toHaveLength(8);
    expect(new Set(creates.map((k) => k.roomTypeId))).toEqual(new Set([11, 10011]));
  });
});

describe('bench:scale ratios', () => {
  const side = (rps: number, p50: number, p99: number): ScaleSide => ({
    rps,
    p50,
    p99,
    errors: 0,
    serverCpu: 0.5,
    dbCpu: null,
  });
  const rows: ScaleRow[] = [
    { call: 'RoomAvailability (90 days)', seed: side(1000, 40, 80), grown: side(950, 42, 84) },
    { call: 'HotelCreateReservation', seed: side(150, 300, 400), grown: side(100, 450, 420) },
  ];

  it('marks a ratio below 0.8 and leaves the others plain', () => {
    expect(ratioCell(0.95)).toBe('0.95');
    expect(ratioCell(0.8)).toBe('0.80');
    expect(ratioCell(0.79)).toBe('**0.79 < 0.8**');
    expect(ratioCell(Number.NaN)).toBe('-');
  });

  it('gives grown/seed throughput and seed/grown latency, so 1 means as fast and less means slower', () => {
    const table = scaleTable(rows).split('\n');
    expect(table[2]).toContain('| 1000 | 950 | 0.95 | 40.0 | 42.0 | 0.95 | 80.0 | 84.0 | 0.95 |');
    expect(table[3]).toContain(
      '| 150 | 100 | **0.67 < 0.8** | 300.0 | 450.0 | **0.67 < 0.8** | 400.0 | 420.0 | 0.95 |',
    );
    expect(ratiosBelow(rows)).toEqual(['HotelCreateReservation: rps 0.67', 'HotelCreateReservation: p50 0.67']);
  });
});

describe('bench:api --mix targets (issue 31, item 2)', () => {
  const mix = (variant: string, rate: number, reads: [number, number, number], creates: [number, number]): MixRow => ({
    variant,
    rate,
    reads: { requests: reads[0] * 20, rps: reads[0], p50: reads[1] / 3, p99: reads[1], errors: reads[2] },
    creates: { requests: rate * 20, rps: rate, p50: creates[0] / 3, p99: creates[0], errors: creates[1] },
    hitRates: [0.9, 0.5],
  });

  it('judges reads at the lowest booking rate and creates at every rate, errors spoiling a target', () => {
    const lines = mixTargetLines([
      mix('this tree', 20, [3100, 24.0, 0], [60, 0]),
      mix('this tree', 200, [2500, 40.0, 0], [130, 0]),
      mix('fab3331', 20, [3100, 24.0, 3], [60, 2]),
    ]);
    expect(lines).toEqual([
      '- this tree: reads p99 <= 25 ms at >= 3,000 req/s beside 20 creates/s: measured p99 24.0 ms at 3100 req/s: met',
      '- this tree: creates p99 <= 100 ms at 20/s: measured 60.0 ms: met',
      '- this tree: creates p99 <= 100 ms at 200/s: measured 130.0 ms: NOT MET',
      '- fab3331: reads p99 <= 25 ms at >= 3,000 req/s beside 20 creates/s: measured p99 24.0 ms at 3100 req/s: NOT MET',
      '- fab3331: creates p99 <= 100 ms at 20/s: measured 60.0 ms, 2 errors: NOT MET',
    ]);
    const table = mixTable([mix('this tree', 20, [3100, 24.0, 0], [60, 0])]).split('\n');
    expect(table[2]).toBe('| this tree | 20 | 3100 | 8.0 | 24.0 | 0 | 20.0 | 20.0 | 60.0 | 0 | 90.0 % | 50.0 % |');
  });

  it('judges open-loop reads at the rate they offered', () => {
    const open = (p99: number, readRate: number) => ({ ...mix('this tree', 20, [2994, p99, 0], [60, 0]), readRate });
    expect(mixTargetLines([open(11.2, 3000)])[0]).toBe(
      '- this tree: reads p99 <= 25 ms at >= 3,000 req/s beside 20 creates/s: measured p99 11.2 ms at 3000 req/s offered (open loop, 2994 answered a second): met',
    );
    expect(mixTargetLines([open(300, 3000)])[0]).toMatch(/NOT MET$/);
    expect(mixTargetLines([open(11.2, 2500)])[0]).toMatch(/NOT MET$/);
  });
});

describe('bench:scale autovacuum during a call', () => {
  it('names each table autovacuum worked on between two readings of its counters, with how many runs', () => {
    const before = { reservations: 2, hotel_day_stock: 1, users: 0 };
    const after = { reservations: 2, hotel_day_stock: 3, users: 1, idempotency_keys: 1 };
    expect(autovacuumRunsBetween(before, after)).toBe('hotel_day_stock 2, users 1, idempotency_keys 1');
    expect(autovacuumRunsBetween(before, before)).toBe('none');
  });
});

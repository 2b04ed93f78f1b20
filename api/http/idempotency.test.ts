import { describe, expect, it } from 'vitest';
import { requestHashOf } from './idempotency.ts';

describe('the request hash of an Idempotency-Key', () => {
  it('is the same for the same input in any key order, and differs for another input', () => {
    const a = { hotel_id: 7, room_type_id: 71, total_room: 1, notes: undefined };
    const b = { total_room: 1, room_type_id: 71, hotel_id: 7 };
    expect(requestHashOf(a)).toBe(requestHashOf(b));
    expect(requestHashOf({ ...b, total_room: 2 })).not.toBe(requestHashOf(b));
    expect(requestHashOf({ list: [1, 2] })).not.toBe(requestHashOf({ list: [2, 1] }));
  });
});

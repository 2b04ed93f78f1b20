import type { ReservationDetail, RoomTypeResult, SearchResult } from '../../core/contracts/responses.ts';
import type { EventFields } from '../lib/track.ts';

// The booking journey's events (api/events/README.md), with GA4's ecommerce fields: the hotel, the
// dates, the price in Rupiah. One builder per step, so each island only says when.

export type TrackedHotel = { id: number; name?: string; city?: string; isCabin: boolean };

const itemOf = (hotel: TrackedHotel, room: RoomTypeResult, quantity = 1) => ({
  item_id: `${hotel.id}-${room.id}`,
  item_name: `${hotel.name ?? hotel.id} ${room.name}`.slice(0, 120),
  item_category: (hotel.city ?? (hotel.isCabin ? 'cabin' : 'pod')).slice(0, 60),
  price: room.totalPrice,
  quantity,
});

/** A priced search: its rooms on sale, valued at the cheapest. */
export function searchFields(hotel: TrackedHotel, result: SearchResult): EventFields {
  const open = result.roomTypes.filter((r) => r.roomRemaining > 0);
  return {
    hotel_id: hotel.id,
    check_in: result.checkInDate.slice(0, 10),
    check_out: result.checkOutDate.slice(0, 10),
    currency: 'IDR',
    value: open.length ? Math.min(...open.map((r) => r.totalPrice)) : 0,
    items: open.slice(0, 20).map((r) => itemOf(hotel, r)),
  };
}

/** The room type and number of rooms the guest chose. */
export function roomFields(hotel: TrackedHotel, result: SearchResult, room: RoomTypeResult, pods: number): EventFields {
  return {
    hotel_id: hotel.id,
    room_type_id: room.id,
    check_in: result.checkInDate.slice(0, 10),
    check_out: result.checkOutDate.slice(0, 10),
    currency: 'IDR',
    value: room.totalPrice * pods,
    items: [itemOf(hotel, room, pods)],
  };
}

/** A reservation at checkout or paid: its hotel, dates, rooms and the guest's price. */
export function reservationFields(d: ReservationDetail): EventFields {
  const pod = d.info.pods[0];
  return {
    hotel_id: d.info.hotel.id,
    reservation_id: d.info.reservationId,
    room_type_id: pod?.roomTypeId,
    check_in: d.info.checkIn.slice(0, 10),
    check_out: d.info.checkOut.slice(0, 10),
    currency: 'IDR',
    value: d.priceDetail.guestPrice,
    items: pod
      ? [
          {
            item_id: `${d.info.hotel.id}-${pod.roomTypeId}`,
            item_name: `${d.info.hotel.name} ${pod.name}`.slice(0, 120),
            price: d.priceDetail.guestPrice,
            quantity: Math.max(1, d.info.totalPods),
          },
        ]
      : [],
  };
}

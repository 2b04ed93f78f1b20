import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { preparedOnce } from '../db/query.ts';
import type { ApiLang } from '../http/errors.ts';
import { errors } from '../http/errors.ts';
import { zoneLabel } from '../../core/money.ts';
import { hotels, hotelTypes } from './hotels.schema.ts';
import { msg } from '../http/messages.ts';

export type HotelRow = typeof hotels.$inferSelect;

export const hotelNotFound = () => errors.notFound(msg('hotels.notFound'));

/** By primary key; prepared once per database handle (hot: every search and reservation). */
export async function getHotel(db: Db, hotelId: number): Promise<HotelRow> {
  const query = preparedOnce(db, 'hotel_by_id_v1', (d) =>
    d
      .select()
      .from(hotels)
      .where(eq(hotels.id, sql.placeholder('id')))
      .limit(1)
      .prepare('hotel_by_id_v1'),
  );
  const [row] = (await query.execute({ id: hotelId })) as HotelRow[];
  if (!row) throw hotelNotFound();
  return row;
}

const typeNames: Record<number, { id: string; en: string }> = {
  1: msg('hotels.typeDaily'),
  2: msg('hotels.typeHourly'),
};

/** The hotel as every call returns it (spec section 3 field names). */
export function hotelDto(h: HotelRow, lang: ApiLang) {
  return {
    id: h.id,
    slug: h.slug,
    name: h.name,
    city: h.city,
    isCabin: h.isCabin,
    description: h.description[lang],
    totalRooms: h.totalRooms,
    type: { id: h.typeId, name: typeNames[h.typeId]?.[lang] ?? String(h.typeId) },
    address: h.address,
    pictureUrl: h.pictureUrl,
    latitude: h.latitude,
    longitude: h.longitude,
    checkInTime: h.checkInTime,
    checkOutTime: h.checkOutTime,
    timeZone: h.timeZone,
    timeZoneLabel: zoneLabel(h.timeZone),
    email: h.email,
    telephone: h.telephone,
    webMaxDuration: h.webMaxDuration,
    facilities: h.facilities.map((f) => ({ code: f.code, name: f.name[lang] })),
    galleries: h.galleries,
    localities: h.localities.map((l) => ({
      name: l.name,
      landmarks: l.landmarks.map((m) => ({
        name: typeof m.name === 'string' ? m.name : m.name[lang],
        distanceKm: m.distanceKm,
      })),
    })),
  };
}
export type HotelDto = ReturnType<typeof hotelDto>;

/** hotelTypeId -1 lists every type. */
export async function listHotels(db: Db, hotelTypeId: number, lang: ApiLang): Promise<HotelDto[]> {
  const q = db.select().from(hotels);
  const rowsFound =
    hotelTypeId === -1
      ? await q.orderBy(asc(hotels.id))
      : await q.where(eq(hotels.typeId, hotelTypeId)).orderBy(asc(hotels.id));
  return rowsFound.map((h) => hotelDto(h, lang));
}

export async function listHotelTypes(db: Db) {
  return db.select().from(hotelTypes).orderBy(asc(hotelTypes.id));
}

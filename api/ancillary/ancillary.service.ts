import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import type { ApiLang } from '../http/errors.ts';
import { errors } from '../http/errors.ts';
import { addOnItems, ancillaryPackages } from './ancillary.schema.ts';
import { msg } from '../http/messages.ts';

export type AncillaryRow = typeof ancillaryPackages.$inferSelect;

export function ancillaryDto(p: AncillaryRow, lang: ApiLang) {
  return {
    uuid: p.uuid,
    hotel_id: p.hotelId,
    room_type_id: p.roomTypeId,
    provider_name: p.providerName,
    provider_short_description: p.providerShortDescription[lang],
    provider_logo_url: p.providerLogoUrl,
    ancillary_type_code: p.ancillaryTypeCode,
    name: p.name[lang],
    sale_price: p.salePrice,
    custom_data: p.customData,
  };
}

/** Packages valid for the given hotels/room types (a package without hotel applies everywhere). */
export async function activeAncillaryPackages(
  db: Db,
  q: { typeCode?: string | null; hotelIds?: number[]; roomTypeIds?: number[] },
  lang: ApiLang,
) {
  const found = await db
    .select()
    .from(ancillaryPackages)
    .where(
      q.typeCode
        ? and(eq(ancillaryPackages.isActive, true), eq(ancillaryPackages.ancillaryTypeCode, q.typeCode))
        : eq(ancillaryPackages.isActive, true),
    )
    .orderBy(asc(ancillaryPackages.name));
  return found
    .filter((p) => p.hotelId === null || !q.hotelIds?.length || q.hotelIds.includes(p.hotelId))
    .filter((p) => p.roomTypeId === null || !q.roomTypeIds?.length || q.roomTypeIds.includes(p.roomTypeId))
    .map((p) => ancillaryDto(p, lang));
}

/** Resolve chosen package UUIDs for a room type; an unknown or foreign one is a 422. */
export async function resolvePackages(
  db: Db,
  uuids: string[],
  hotelId: number,
  roomTypeId: number,
): Promise<AncillaryRow[]> {
  if (uuids.length === 0) return [];
  const valid = uuids.filter((u) => /^[0-9a-f-]{36}$/i.test(u));
  const found = valid.length
    ? await db
        .select()
        .from(ancillaryPackages)
        .where(and(inArray(ancillaryPackages.uuid, valid), eq(ancillaryPackages.isActive, true)))
    : [];
  const ok = found.filter(
    (p) => (p.hotelId === null || p.hotelId === hotelId) && (p.roomTypeId === null || p.roomTypeId === roomTypeId),
  );
  if (ok.length !== new Set(uuids).size) {
    throw errors.unprocessable('ancillary_unknown', msg('ancillary.packageUnavailable'));
  }
  return ok;
}

export async function insuranceItem(db: Db) {
  const [item] = await db
    .select()
    .from(addOnItems)
    .where(and(eq(addOnItems.addOnTypeId, 1), eq(addOnItems.isActive, true)))
    .limit(1);
  return item ?? null;
}

/** The add-on lists of a room type in search (spec: typeName, addOnTypeId, items). */
export async function addOnLists(db: Db, lang: ApiLang) {
  const items = await db.select().from(addOnItems).where(eq(addOnItems.isActive, true)).orderBy(asc(addOnItems.id));
  return groupAddOns(items, lang);
}

/** Group active add-on items (ordered by id) by type, in the request language. */
export function groupAddOns(items: (typeof addOnItems.$inferSelect)[], lang: ApiLang) {
  const groups = new Map<
    number,
    {
      typeName: string;
      addOnTypeId: number;
      items: { addOnItemId: number; itemName: string; price: number; providerName: string; providerId: number }[];
    }
  >();
  for (const i of items) {
    const g = groups.get(i.addOnTypeId) ?? { typeName: i.typeName[lang], addOnTypeId: i.addOnTypeId, items: [] };
    g.items.push({
      addOnItemId: i.id,
      itemName: i.itemName[lang],
      price: i.price,
      providerName: i.providerName,
      providerId: i.providerId,
    });
    groups.set(i.addOnTypeId, g);
  }
  return [...groups.values()];
}

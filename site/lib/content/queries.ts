// Every GROQ query of the site. Parameters are always passed as $params, never pasted in;
// `$lang` picks the language, `$now` (ISO instant) and `$today` (Jakarta date) the schedule.

/** The value of a localized field in $lang. */
export const L = (field: string) => `select($lang == "id" => ${field}.id, ${field}.en)`;

/** Published window of scheduled documents (publishAt/unpublishAt), evaluated at $now. */
export const SCHEDULED = `(!defined(publishAt) || dateTime(publishAt) <= dateTime($now)) && (!defined(unpublishAt) || dateTime(unpublishAt) > dateTime($now))`;

/** A promo is listed when switched on, inside its schedule and its booking period not over. */
export const PROMO_VISIBLE = `_type == "promo" && active == true && periodEnd >= $today && ${SCHEDULED}`;

const image = (field: string) =>
  `${field}{ "alt": ${L('alt')}, "file": _sanityAsset, "asset": asset->{ url, "width": metadata.dimensions.width, "height": metadata.dimensions.height } }`;

const highlights = (field: string) =>
  `"${field}": coalesce(${field}[]{ "title": ${L('title')}, "body": ${L('body')} }, [])`;

const link = `{ "label": ${L('label')}, url, "external": coalesce(external, false) }`;

export const SITE_SETTINGS = `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  _id, productName, "tagline": ${L('tagline')},
  "seoSections": seoSections[]{ "title": ${L('title')}, "body": ${L('body')} },
  "footerGroups": footerGroups[]{ key, "title": ${L('title')}, "links": coalesce(links[]${link}, []) },
  "contact": contact{ whatsapp, email, "tradeRegistrations": tradeRegistrations[]${`{ "line": ${L('@')} }`} },
  "social": social{ facebook, instagram, twitter, youtube },
  "appStores": appStores{ ios, android },
  "nav": nav[]${link}
}`;

const promoCard = `_id, "slug": slug.current, "title": ${L('title')}, "summary": ${L('summary')}, couponCode,
  periodStart, periodEnd, stayStart, stayEnd, "paymentMethods": coalesce(paymentMethods, []), "heroImage": ${image('heroImage')}`;

/**
 * Every published promo with the facts the booking API applies (server/promo-sync.ts copies them
 * into its public promotions): expired and switched-off ones too, so their codes answer "expired"
 * rather than "not found"; `live` says whether the schedule lets it be used at $now.
 */
export const PROMO_FACTS = `*[_type == "promo"] | order(_id asc){
  _id, "slug": slug.current, couponCode, "name": { "id": title.id, "en": title.en }, active, "live": ${SCHEDULED},
  periodStart, periodEnd, stayStart, stayEnd, discountType, discountValue, maxDiscount, minSpend,
  "paymentMethods": coalesce(paymentMethods, []), "hotelIds": coalesce(hotelIds, []),
  "terms": { "id": pt::text(terms.id), "en": pt::text(terms.en) },
  "imageUrl": coalesce(heroImage.asset->url, "/media/promos/" + slug.current)
}`;

export const PROMOS = `*[${PROMO_VISIBLE}] | order(periodEnd asc, _id asc){ ${promoCard}, "terms": ${L('terms')} }`;
export const PROMO_BY_SLUG = `*[${PROMO_VISIBLE} && slug.current == $slug][0]{ ${promoCard}, "terms": ${L('terms')} }`;

const destinationCard = `_id, section, kind, "slug": slug.current, "title": ${L('title')}, "summary": ${L('summary')}, priceFrom, "heroImage": ${image('heroImage')}`;
const DESTINATION_VISIBLE = `_type == "destinationPage" && ${SCHEDULED}`;

export const DESTINATIONS = `*[${DESTINATION_VISIBLE}] | order(kind desc, slug.current asc){ ${destinationCard} }`;
export const DESTINATION = `*[${DESTINATION_VISIBLE} && section == $section && slug.current == $slug][0]{
  ${destinationCard}, "description": ${L('description')}, "body": ${L('body')}, ${highlights('highlights')},
  location, "hotelIds": coalesce(hotelIds, []),
  "destinations": coalesce(destinations[]->{ ${destinationCard}, "listed": ${DESTINATION_VISIBLE} && kind == "destination" }, [])
}`;

export const PAGE = `*[_type == "page" && key == $key][0]{
  _id, key, "title": ${L('title')}, "description": ${L('description')}, "intro": ${L('intro')},
  "heroImage": ${image('heroImage')}, "body": ${L('body')}, ${highlights('highlights')}
}`;

export const LANDING_PAGE = `*[_type == "landingPage" && key == $key][0]{
  _id, key, "title": ${L('title')}, "description": ${L('description')}, "headline": ${L('headline')}, "intro": ${L('intro')},
  "heroImage": ${image('heroImage')}, ${highlights('features')}, "body": ${L('body')},
  "cta": cta{ "label": ${L('label')}, url }, memberOffer
}`;

export const HOME_PAGE = `*[_type == "homePage" && _id == "homePage"][0]{
  _id, "heroTitle": ${L('heroTitle')}, "heroSubtitle": ${L('heroSubtitle')}, "description": ${L('description')},
  "heroImage": ${image('heroImage')}, ${highlights('features')},
  "promoHeading": ${L('promoHeading')}, "destinationHeading": ${L('destinationHeading')}
}`;

export const FAQ = `*[_type == "faqCategory"] | order(order asc){
  _id, key, "title": ${L('title')}, "items": items[]{ _key, "question": ${L('question')}, "answer": ${L('answer')} }
}`;

export const LEGAL_DOCUMENT = `*[_type == "legalDocument" && key == $key][0]{
  _id, key, "title": ${L('title')}, "description": ${L('description')}, effectiveDate, "versionLabel": ${L('versionLabel')},
  "intro": ${L('intro')}, "items": items[]{ _key, "title": ${L('title')}, "body": ${L('body')} }
}`;

export const HOTEL_CONTENT = `*[_type == "hotelContent" && hotelId == $hotelId][0]{
  _id, hotelId, name, "facilities": facilities[]{ "label": ${L('@')} },
  "fieldNotes": ${L('fieldNotes')},
  "exploreAround": coalesce(exploreAround[]{ "title": ${L('title')}, "body": ${L('body')} }, []),
  "policies": coalesce(policies[]{ "title": ${L('title')}, "body": ${L('body')} }, []),
  "gallery": coalesce(gallery[]${image('')}, [])
}`;

export const HOTEL_CONTENT_IDS = `*[_type == "hotelContent"] | order(hotelId asc).hotelId`;

export const ANNOUNCEMENTS = `*[_type == "announcement" && ${SCHEDULED}] | order(publishAt desc){ _id, "message": ${L('message')}, tone, url }`;

/** Other names of places for the booking API's place search (server/place-alias-sync.ts). */
export const PLACE_ALIASES = `*[_type == "placeAlias"] | order(_id asc){ _id, "cities": coalesce(cities, []), "aliases": coalesce(aliases, []) }`;

/** Every published page-bearing document, for the sitemap. */
export const SITEMAP = `{
  "promos": *[${PROMO_VISIBLE}]{ _id, "slug": slug.current, _updatedAt },
  "destinations": *[${DESTINATION_VISIBLE}]{ _id, section, "slug": slug.current, _updatedAt }
}`;

/** Every instant at which something appears or disappears, for the rebuild scheduler. */
export const SCHEDULE_TIMES = `{
  "instants": *[_type in ["promo", "destinationPage", "announcement"]]{ _id, publishAt, unpublishAt },
  "promoEnds": *[_type == "promo" && active == true]{ _id, periodEnd }
}`;

import * as v from 'valibot';
import {
  DISCOUNT_TYPES,
  FAQ_CATEGORIES,
  FOOTER_GROUP_KEYS,
  LANDING_KEYS,
  LEGAL_KEYS,
  PAGE_KEYS,
} from '../../../content-schemas/constants.ts';

// Result shapes of the queries in queries.ts. The content module validates every result
// against these, so broken content fails the build naming the document and field.

const text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
const date = v.pipe(v.string(), v.isoDate('must be a YYYY-MM-DD date'));

/** Portable Text as stored: an array of blocks (rendered by site/lib/portable-text.ts). */
export const PortableTextModel = v.array(v.looseObject({ _type: v.string() }));
export type PortableText = v.InferOutput<typeof PortableTextModel>;

export const ImageModel = v.pipe(
  v.object({
    alt: text,
    file: v.nullish(v.string()),
    asset: v.nullish(v.object({ url: v.pipe(v.string(), v.url()), width: v.number(), height: v.number() })),
  }),
  v.check((img) => Boolean(img.file || img.asset), 'image has no asset'),
  v.transform((img) => ({
    alt: img.alt,
    source: img.asset
      ? ({ kind: 'remote', url: img.asset.url, width: img.asset.width, height: img.asset.height } as const)
      : ({ kind: 'file', file: String(img.file).replace(/^image@file:\/\/\.\/images\//, '') } as const),
  })),
);
export type ContentImage = v.InferOutput<typeof ImageModel>;

const Highlight = v.object({ title: text, body: text });
export type Highlight = v.InferOutput<typeof Highlight>;

const Link = v.object({ label: text, url: text, external: v.boolean() });

export const SiteSettingsModel = v.object({
  _id: v.string(),
  productName: text,
  tagline: text,
  seoSections: v.pipe(v.array(v.object({ title: text, body: text })), v.length(6, 'must have exactly 6 sections')),
  footerGroups: v.array(
    v.object({ key: v.picklist(FOOTER_GROUP_KEYS.map((g) => g.value)), title: text, links: v.array(Link) }),
  ),
  contact: v.object({
    whatsapp: text,
    email: v.pipe(v.string(), v.email()),
    tradeRegistrations: v.pipe(v.array(v.object({ line: text })), v.length(2, 'must have exactly 2 lines')),
  }),
  social: v.object({
    facebook: v.pipe(v.string(), v.url()),
    instagram: v.pipe(v.string(), v.url()),
    twitter: v.pipe(v.string(), v.url()),
    youtube: v.pipe(v.string(), v.url()),
  }),
  appStores: v.object({ ios: v.pipe(v.string(), v.url()), android: v.pipe(v.string(), v.url()) }),
  nav: v.array(v.object({ label: text, url: text, external: v.boolean() })),
});

export const PromoModel = v.object({
  _id: v.string(),
  slug: text,
  title: text,
  summary: text,
  couponCode: text,
  periodStart: date,
  periodEnd: date,
  stayStart: date,
  stayEnd: date,
  paymentMethods: v.array(v.string()),
  heroImage: ImageModel,
  terms: PortableTextModel,
});
export type Promo = v.InferOutput<typeof PromoModel>;

const bilingual = v.object({ id: text, en: text });
const rupiah = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A place-names document, as the place search uses it (PLACE_ALIASES). */
export const PlaceAliasModel = v.object({
  _id: v.string(),
  cities: v.array(v.string()),
  aliases: v.array(v.string()),
});
export type PlaceAliasDoc = v.InferOutput<typeof PlaceAliasModel>;

/** The commercial facts of a promo document, as the booking API applies them (PROMO_FACTS). */
export const PromoFactsModel = v.object({
  _id: v.string(),
  slug: text,
  couponCode: v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,20}$/, 'must be 4–20 capital letters or digits')),
  name: bilingual,
  active: v.boolean(),
  live: v.boolean(),
  periodStart: date,
  periodEnd: date,
  stayStart: date,
  stayEnd: date,
  discountType: v.picklist(DISCOUNT_TYPES.map((d) => d.value)),
  discountValue: v.pipe(v.number(), v.integer(), v.minValue(1)),
  maxDiscount: v.nullish(rupiah),
  minSpend: v.nullish(rupiah),
  paymentMethods: v.array(v.string()),
  hotelIds: v.array(v.pipe(v.number(), v.integer())),
  terms: bilingual,
  imageUrl: text,
});
export type PromoFacts = v.InferOutput<typeof PromoFactsModel>;

const Location = v.object({
  locality: text,
  region: text,
  streetAddress: text,
  latitude: v.number(),
  longitude: v.number(),
});

export const DestinationCardModel = v.object({
  _id: v.string(),
  section: v.picklist(['bobocabin', 'campsite']),
  kind: v.picklist(['destination', 'collection']),
  slug: text,
  title: text,
  summary: text,
  priceFrom: v.nullish(v.pipe(v.number(), v.integer())),
  heroImage: ImageModel,
});
export type DestinationCard = v.InferOutput<typeof DestinationCardModel>;

export const DestinationModel = v.object({
  ...DestinationCardModel.entries,
  description: text,
  body: PortableTextModel,
  highlights: v.array(Highlight),
  location: v.nullish(Location),
  hotelIds: v.array(v.number()),
  /**
   * A collection's destinations in the editor's order; a reference to a document that is not a
   * published destination (scheduled, unpublished, deleted) is left out.
   */
  destinations: v.pipe(
    v.array(v.nullable(v.object({ ...DestinationCardModel.entries, listed: v.boolean() }))),
    v.transform((items) =>
      items.flatMap((item) => {
        if (!item?.listed) return [];
        const { listed: _listed, ...card } = item;
        return [card];
      }),
    ),
  ),
});
export type Destination = v.InferOutput<typeof DestinationModel>;

export const PageModel = v.object({
  _id: v.string(),
  key: v.picklist(PAGE_KEYS.map((p) => p.value)),
  title: text,
  description: text,
  intro: text,
  heroImage: v.nullish(ImageModel),
  body: PortableTextModel,
  highlights: v.array(Highlight),
});
export type Page = v.InferOutput<typeof PageModel>;

export const LandingPageModel = v.object({
  _id: v.string(),
  key: v.picklist(LANDING_KEYS.map((p) => p.value)),
  title: text,
  description: text,
  headline: text,
  intro: text,
  heroImage: ImageModel,
  features: v.array(Highlight),
  body: v.nullish(PortableTextModel, () => []),
  cta: v.object({ label: text, url: text }),
  memberOffer: v.nullish(
    v.object({
      cabinDiscountPercent: v.pipe(v.number(), v.integer()),
      podDiscountPercent: v.pipe(v.number(), v.integer()),
      memberLimit: v.pipe(v.number(), v.integer()),
    }),
  ),
});
export type LandingPage = v.InferOutput<typeof LandingPageModel>;

export const HomePageModel = v.object({
  _id: v.string(),
  heroTitle: text,
  heroSubtitle: text,
  description: text,
  heroImage: ImageModel,
  features: v.array(Highlight),
  promoHeading: text,
  destinationHeading: text,
});

export const FaqCategoryModel = v.object({
  _id: v.string(),
  key: v.picklist(FAQ_CATEGORIES.map((c) => c.value)),
  title: text,
  items: v.pipe(
    v.array(v.object({ _key: v.string(), question: text, answer: PortableTextModel })),
    v.minLength(1, 'must have a question'),
  ),
});
export type FaqCategory = v.InferOutput<typeof FaqCategoryModel>;

export const LegalDocumentModel = v.object({
  _id: v.string(),
  key: v.picklist(LEGAL_KEYS.map((d) => d.value)),
  title: text,
  description: text,
  effectiveDate: date,
  versionLabel: text,
  intro: PortableTextModel,
  items: v.array(v.object({ _key: v.string(), title: text, body: PortableTextModel })),
});
export type LegalDocument = v.InferOutput<typeof LegalDocumentModel>;

export const HotelContentModel = v.object({
  _id: v.string(),
  hotelId: v.pipe(v.number(), v.integer()),
  name: text,
  facilities: v.array(v.object({ label: text })),
  fieldNotes: PortableTextModel,
  exploreAround: v.array(Highlight),
  policies: v.array(Highlight),
  gallery: v.array(ImageModel),
});
export type HotelContent = v.InferOutput<typeof HotelContentModel>;

export const AnnouncementModel = v.object({
  _id: v.string(),
  message: text,
  tone: v.picklist(['info', 'promo', 'warning']),
  url: v.nullish(v.string()),
});
export type Announcement = v.InferOutput<typeof AnnouncementModel>;

export const SitemapModel = v.object({
  promos: v.array(v.object({ _id: v.string(), slug: text, _updatedAt: v.nullish(v.string()) })),
  destinations: v.array(
    v.object({ _id: v.string(), section: v.string(), slug: text, _updatedAt: v.nullish(v.string()) }),
  ),
});

export const ScheduleTimesModel = v.object({
  instants: v.array(
    v.object({ _id: v.string(), publishAt: v.nullish(v.string()), unpublishAt: v.nullish(v.string()) }),
  ),
  promoEnds: v.array(v.object({ _id: v.string(), periodEnd: v.nullish(v.string()) })),
});

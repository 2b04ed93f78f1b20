import { jakartaToday } from '../../../core/dates.ts';
import * as v from 'valibot';
import type { LandingKey, LegalKey, PageKey } from '../../../content-schemas/constants.ts';
import type { Lang } from '../../../core/locales.ts';
import { readContentEnv, type ContentEnv } from './content-env.ts';
import { createContentSource, type ContentSource, type QueryParams } from './content-source.ts';
import {
  AnnouncementModel,
  DestinationCardModel,
  DestinationModel,
  FaqCategoryModel,
  HomePageModel,
  HotelContentModel,
  LandingPageModel,
  LegalDocumentModel,
  PageModel,
  PromoFactsModel,
  PlaceAliasModel,
  PromoModel,
  ScheduleTimesModel,
  SiteSettingsModel,
  SitemapModel,
} from './models.ts';
import * as Q from './queries.ts';
import { safeHref, safeWebHref } from '../safe-link.ts';

/** Broken content: names the document and the field so an editor can fix it. */
export class ContentError extends Error {
  readonly documentId: string;
  readonly field: string;
  constructor(documentId: string, field: string, detail: string, query: string) {
    super(`Content error in document "${documentId}", field "${field}": ${detail} (query ${query})`);
    this.name = 'ContentError';
    this.documentId = documentId;
    this.field = field;
  }
}

/** Validate a query result; on failure point at the offending document id and field path. */
export function validateResult<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  queryName: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = (issue.path ?? []).map((p) => p.key as string | number);
  // Walk down the result to the innermost object carrying an _id: that is the document.
  let documentId = '(unknown document)';
  let fieldStart = 0;
  let node: unknown = data;
  path.forEach((segment, index) => {
    if (node && typeof node === 'object' && typeof (node as { _id?: unknown })._id === 'string') {
      documentId = (node as { _id: string })._id;
      fieldStart = index;
    }
    node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[segment] : undefined;
  });
  if (path.length === 0 && data === null) documentId = '(missing document)';
  const field = path.slice(fieldStart).join('.') || '(document)';
  throw new ContentError(documentId, field, issue.message, queryName);
}

/** Today's date in Jakarta, the calendar promos run on. */
export function jakartaDate(now: Date): string {
  return jakartaToday(now).toString();
}

export type SiteSettings = {
  productName: string;
  tagline: string;
  seoSections: { title: string; body: string }[];
  footerGroups: {
    key: 'about' | 'product' | 'business' | 'support' | 'contact';
    title: string;
    links: { label: string; url: string; external: boolean }[];
  }[];
  contact: { whatsapp: string; whatsappUrl: string; email: string; tradeRegistrations: [string, string] };
  social: { facebook: string; instagram: string; twitter: string; youtube: string };
  appStores: { ios: string; android: string };
  nav: { label: string; url: string }[];
};

/** All content getters over one source and one clock. */
export function createContent(env: ContentEnv, source: ContentSource = createContentSource(env)) {
  async function fetchContent<S extends v.GenericSchema>(
    name: string,
    query: string,
    schema: S,
    params: QueryParams = {},
  ) {
    const now = env.now();
    const data = await source.query(query, { now: now.toISOString(), today: jakartaDate(now), ...params });
    return validateResult(schema, data, name);
  }
  const required = <S extends v.GenericSchema>(schema: S) => schema;
  const maybe = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);

  return {
    source,
    now: env.now,

    async getSiteSettings(lang: Lang): Promise<SiteSettings> {
      const s = await fetchContent('SITE_SETTINGS', Q.SITE_SETTINGS, required(SiteSettingsModel), { lang });
      // Settings links follow the rich-text rule (site/lib/safe-link.ts): a footer or menu link with
      // another scheme (javascript:, data:) is left out; a social or app-store link, which the pages
      // cannot do without, must be http(s) or the build fails naming the field.
      const safeLinks = <L extends { url: string }>(links: L[]) =>
        links.flatMap((link) => {
          const url = safeHref(link.url);
          return url ? [{ ...link, url }] : [];
        });
      const web = <K extends string>(group: 'social' | 'appStores', links: Record<K, string>) =>
        Object.fromEntries(
          Object.entries<string>(links).map(([key, url]) => {
            const safe = safeWebHref(url);
            if (!safe) throw new ContentError(s._id, `${group}.${key}`, 'must be an http(s) link', 'SITE_SETTINGS');
            return [key, safe];
          }),
        ) as Record<K, string>;
      return {
        productName: s.productName,
        tagline: s.tagline,
        seoSections: s.seoSections,
        footerGroups: s.footerGroups.map((group) => ({ ...group, links: safeLinks(group.links) })),
        contact: {
          whatsapp: s.contact.whatsapp,
          whatsappUrl: `https://wa.me/${s.contact.whatsapp.replace(/\D/g, '')}`,
          email: s.contact.email,
          tradeRegistrations: [s.contact.tradeRegistrations[0].line, s.contact.tradeRegistrations[1].line],
        },
        social: web('social', s.social),
        appStores: web('appStores', s.appStores),
        nav: safeLinks(s.nav).map(({ label, url }) => ({ label, url })),
      };
    },

    async getHomePage(lang: Lang) {
      const [home, promos, destinations] = await Promise.all([
        fetchContent('HOME_PAGE', Q.HOME_PAGE, required(HomePageModel), { lang }),
        this.getPromos(lang),
        this.getDestinations(lang),
      ]);
      return { ...home, promos, destinations: destinations.filter((d) => d.kind === 'destination') };
    },

    getPromos: (lang: Lang) => fetchContent('PROMOS', Q.PROMOS, v.array(PromoModel), { lang }),
    getPromo: (slug: string, lang: Lang) =>
      fetchContent('PROMO_BY_SLUG', Q.PROMO_BY_SLUG, maybe(PromoModel), { slug, lang }),

    /** Every published promo's commercial facts, for the booking API (server/promo-sync.ts). */
    getPromoFacts: () => fetchContent('PROMO_FACTS', Q.PROMO_FACTS, v.array(PromoFactsModel)),
    getPlaceAliases: () => fetchContent('PLACE_ALIASES', Q.PLACE_ALIASES, v.array(PlaceAliasModel)),

    getDestinations: (lang: Lang) =>
      fetchContent('DESTINATIONS', Q.DESTINATIONS, v.array(DestinationCardModel), { lang }),
    getDestination: (section: string, slug: string, lang: Lang) =>
      fetchContent('DESTINATION', Q.DESTINATION, maybe(DestinationModel), { section, slug, lang }),

    getPage: (key: PageKey, lang: Lang) => fetchContent(`PAGE(${key})`, Q.PAGE, required(PageModel), { key, lang }),
    getLandingPage: (key: LandingKey, lang: Lang) =>
      fetchContent(`LANDING_PAGE(${key})`, Q.LANDING_PAGE, required(LandingPageModel), { key, lang }),
    getLegalDocument: (key: LegalKey, lang: Lang) =>
      fetchContent(`LEGAL_DOCUMENT(${key})`, Q.LEGAL_DOCUMENT, required(LegalDocumentModel), { key, lang }),
    getFaq: (lang: Lang) => fetchContent('FAQ', Q.FAQ, v.array(FaqCategoryModel), { lang }),

    getHotelContent: (hotelId: number, lang: Lang) =>
      fetchContent('HOTEL_CONTENT', Q.HOTEL_CONTENT, maybe(HotelContentModel), { hotelId, lang }),
    getHotelContentIds: () => fetchContent('HOTEL_CONTENT_IDS', Q.HOTEL_CONTENT_IDS, v.array(v.number())),

    getAnnouncements: (lang: Lang) =>
      fetchContent('ANNOUNCEMENTS', Q.ANNOUNCEMENTS, v.array(AnnouncementModel), { lang }),

    getSitemapDocuments: () => fetchContent('SITEMAP', Q.SITEMAP, SitemapModel),
    /** Every instant the published site changes by itself, embargoed drafts' publish times included. */
    async getScheduleTimes() {
      const times = await fetchContent('SCHEDULE_TIMES', Q.SCHEDULE_TIMES, ScheduleTimesModel);
      const embargoed = (await source.embargoed?.(env.now())) ?? [];
      return { ...times, instants: [...times.instants, ...embargoed] };
    },
  };
}

export type Content = ReturnType<typeof createContent>;

let defaultContent: Content | undefined;
/** The content of this build (environment decides Sanity or the bundled dataset). */
export function content(): Content {
  defaultContent ??= createContent(readContentEnv());
  return defaultContent;
}

// Named getters for pages and layouts; they use the build's content source and clock.
export const getSiteSettings = (lang: Lang) => content().getSiteSettings(lang);
export const getHomePage = (lang: Lang) => content().getHomePage(lang);
export const getPromos = (lang: Lang) => content().getPromos(lang);
export const getPromo = (slug: string, lang: Lang) => content().getPromo(slug, lang);
export const getDestinations = (lang: Lang) => content().getDestinations(lang);
export const getDestination = (section: string, slug: string, lang: Lang) =>
  content().getDestination(section, slug, lang);
export const getPage = (key: PageKey, lang: Lang) => content().getPage(key, lang);
export const getLandingPage = (key: LandingKey, lang: Lang) => content().getLandingPage(key, lang);
export const getLegalDocument = (key: LegalKey, lang: Lang) => content().getLegalDocument(key, lang);
export const getFaq = (lang: Lang) => content().getFaq(lang);
export const getHotelContent = (hotelId: number, lang: Lang) => content().getHotelContent(hotelId, lang);
export const getHotelContentIds = () => content().getHotelContentIds();
export const getAnnouncements = (lang: Lang) => content().getAnnouncements(lang);

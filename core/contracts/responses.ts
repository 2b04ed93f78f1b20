// What the islands and pages read from the booking API's answers. The API is held to these shapes by
// the compiler (api/contracts.conformance.ts): an answer that drops or retypes a field the browser
// reads does not type-check, so the two sides cannot drift apart.

/** A hotel as GET /clients/v1/hotel lists it (the hotel page's shell). */
export interface HotelShell {
  id: number;
  slug: string;
  name: string;
  city: string;
  isCabin: number;
  description: string;
  address: string;
  pictureUrl: string;
  latitude: number;
  longitude: number;
  checkInTime: string;
  checkOutTime: string;
  timeZoneLabel: string;
  telephone: string;
  email: string;
  type: { id: number; name: string };
  facilities: { code: string; name: string }[];
  galleries: { url: string; type: string; status: number }[];
  localities: { name: string; landmarks: { name: string; distanceKm: number }[] }[];
}

/** The priced search (POST /clients/v1/search, GraphQL ReservationSearch). */
export interface InsuranceProvider {
  providerName: string;
  coverAmount: number;
  termsUrl: string;
  benefitUrl: string;
  claimUrl: string;
}
export interface RoomTypeResult {
  id: number;
  roomRemaining: number;
  label: string;
  name: string;
  description: string;
  mainPictureUrl: string;
  nights: number;
  grossRevenue: number;
  roomPriceFake: number;
  promotionPrice: number;
  insurancePrice: number;
  insuranceProvider: InsuranceProvider | null;
  returnMessagePromo: string;
  bedSize: string;
  capacity: number;
  capacityChildren: number;
  facility: { code: string; name: string }[];
}
export interface SearchResult {
  hotel: { id: number; isCabin: number; timeZoneLabel: string };
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  promoCode: string | null;
  messagePromo: string;
  roomTypes: RoomTypeResult[];
}

/** The reservation detail (GET /clients/v1/reservations/view, GraphQL ReservationDetail). */
export interface ReservationDetail {
  info: {
    reservationId: number;
    orderId: string;
    checkIn: string;
    checkOut: string;
    expiredDateTime: string;
    todayDateTime: string;
    totalPods: number;
    paymentStatus: number;
    duration: number;
    hotel: {
      id: number;
      name: string;
      address: string;
      telephone: string;
      isCabin: number;
      timeZoneLabel: string;
      checkInTime: string;
      checkOutTime: string;
    };
    pods: {
      roomTypeId: number;
      name: string;
      label: string;
      capacity: number;
      capacityChildren: number;
      bedSize: string;
      count: number;
    }[];
  };
  priceDetail: {
    grossRevenue: number;
    giftCertificateDiscount: number;
    promotion: number;
    tax: number;
    serviceFee: number;
    insurance: number;
    carbonOffset: number;
    bankFee: number;
    guestPrice: number;
  };
  guest: { name: string; email: string; phoneNumber: string };
  priceBreakdown: { total: number; promo_code: string | null; promo_value: number; bobopoint_value: number };
  insurancePolicies: { providerName: string }[];
  /** The insurance the review offers: insurer, cover, terms and its price per room per night. */
  insuranceOffer: {
    providerName: string;
    coverAmount: number;
    pricePerNight: number;
    termsUrl: string;
    benefitUrl: string;
    claimUrl: string;
  } | null;
  esg: { total: number; items: { uuid: string }[] };
  allowEsgPurchase: boolean;
}

// Where the seeded hotels' and room types' pictures live (rendered by scripts/media/build-media.ts).

export function hotelMediaKeys(slug: string) {
  return {
    main: `/media/hotels/${slug}/main`,
    gallery: [1, 2, 3].map((i) => `/media/hotels/${slug}/gallery-${i}`),
  };
}

export const roomMediaKey = (kind: string) => `/media/rooms/${kind}`;

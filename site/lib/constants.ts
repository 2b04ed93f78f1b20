// Business and UI constants of spec section 9, in one place.
export const HEADER_STICKY_AT_PX = 100;
export const HEADER_SHOWN_AT_PX = 400;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, '2xl': 1600, '3xl': 1920 } as const;
/** Below this width the site uses its mobile layout (off-canvas menu). */
export const MOBILE_BELOW_PX = BREAKPOINTS.md;

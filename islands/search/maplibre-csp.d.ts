// MapLibre's CSP build (a worker served from this origin instead of a blob: URL): the same API as
// the package's main entry, without its own type declarations.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  import type * as maplibre from 'maplibre-gl';
  const maplibregl: typeof maplibre;
  export default maplibregl;
}
declare module 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url' {
  const url: string;
  export default url;
}

import maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './results-map.css';

// The map of the place results (issue 28, item 3), loaded only when the guest opens it
// (site/scripts/place-results.ts imports this module on the first click): MapLibre GL with one marker
// per branch the list shows. The list stays the accessible equivalent: the markers are decoration for
// a pointer (aria-hidden), and the list and the map move in step: hovering or focusing a result lights
// its marker, hovering a marker lights its result, clicking a marker brings its result into view.
// The base map is the style the page names (MAP_STYLE_URL, or the site's offline style).
// MapLibre's CSP build runs its worker from this origin, so the page's CSP needs no blob: worker.

maplibregl.setWorkerUrl(workerUrl);

export type MapPoint = { slug: string; name: string; latitude: number; longitude: number };

export type ResultsMap = {
  /** Light one branch's marker (null: none). */
  highlight(slug: string | null): void;
  /** Show only these branches' markers. */
  show(slugs: ReadonlySet<string>): void;
  remove(): void;
};

export function mountResultsMap(
  container: HTMLElement,
  opts: {
    styleUrl: string;
    points: MapPoint[];
    onHover: (slug: string | null) => void;
    onPick: (slug: string) => void;
    onError: () => void;
  },
): ResultsMap {
  const map = new maplibregl.Map({
    container,
    style: opts.styleUrl,
    bounds: boundsOf(opts.points),
    fitBoundsOptions: { padding: 48, maxZoom: 13 },
    attributionControl: { compact: true },
    cooperativeGestures: false,
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  map.on('error', (event) => {
    // A style or its land that does not load leaves an empty canvas: say so once; the list has it all.
    if (!map.isStyleLoaded()) opts.onError();
    console.warn('[map]', event.error?.message);
  });

  const markers = new Map<string, { marker: maplibregl.Marker; element: HTMLElement }>();
  for (const point of opts.points) {
    const element = document.createElement('span');
    element.className = 'place-marker';
    element.dataset.mapMarker = point.slug;
    element.title = point.name;
    element.setAttribute('aria-hidden', 'true');
    element.addEventListener('mouseenter', () => opts.onHover(point.slug));
    element.addEventListener('mouseleave', () => opts.onHover(null));
    element.addEventListener('click', () => opts.onPick(point.slug));
    const marker = new maplibregl.Marker({ element, anchor: 'bottom' })
      .setLngLat([point.longitude, point.latitude])
      .addTo(map);
    markers.set(point.slug, { marker, element });
  }

  return {
    highlight(slug) {
      for (const [key, { element }] of markers) {
        if (key === slug) element.dataset.active = 'true';
        else delete element.dataset.active;
      }
    },
    show(slugs) {
      for (const [key, { element }] of markers) element.hidden = !slugs.has(key);
    },
    remove() {
      map.remove();
    },
  };
}

function boundsOf(points: MapPoint[]): [number, number, number, number] {
  const lngs = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

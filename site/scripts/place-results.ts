import { loadResultsMap, type ResultsMap } from '../../islands/public.ts';
import { ordered, placeView, shownIn, type Orderable } from '../lib/place-order.ts';

// /search/ with results (issue 28, items 2 and 3), enhanced: the sort and filter form re-applies its
// view with no reload (the same rule the server rendered with, site/lib/place-order.ts; the address
// keeps it, so a reload or a shared link shows the same), and the map button loads MapLibre on its
// first press (islands/search/results-map.ts). The list and the map move in step: a result hovered or
// focused lights its marker, a marker hovered lights its result, a marker clicked brings its result
// into view and focuses its link. Without JavaScript the form submits and the map button stays hidden.

type Result = Orderable & { slug: string; name: string; latitude: number; longitude: number; item: HTMLLIElement };

const list = document.querySelector<HTMLUListElement>('[data-place-results]');
const controls = document.querySelector<HTMLFormElement>('[data-place-controls]');
if (list && controls) enhance(list, controls);

function numberOrNull(value: string | undefined): number | null {
  return value ? Number(value) : null;
}

function enhance(list: HTMLUListElement, controls: HTMLFormElement) {
  const results: Result[] = [...list.querySelectorAll<HTMLLIElement>('[data-place-result]')].map((item) => ({
    item,
    slug: item.dataset.placeResult ?? '',
    name: item.dataset.name ?? '',
    rank: Number(item.dataset.rank),
    total: numberOrNull(item.dataset.total),
    distanceKm: numberOrNull(item.dataset.distance),
    isCabin: item.dataset.cabin === 'true',
    latitude: Number(item.dataset.lat),
    longitude: Number(item.dataset.lng),
  }));
  const count = document.querySelector<HTMLElement>('[data-place-count]');
  let map: ResultsMap | null = null;

  const apply = () => {
    const data = new FormData(controls);
    const params = new URLSearchParams();
    for (const name of ['sort', 'kind', 'max'] as const) params.set(name, String(data.get(name) ?? ''));
    const view = placeView(params);
    const shown = new Set<string>();
    for (const result of ordered(view, results)) {
      result.item.hidden = !shownIn(view, result);
      if (!result.item.hidden) shown.add(result.slug);
      list.append(result.item);
    }
    if (count?.dataset.template) count.textContent = count.dataset.template.replace('{n}', String(shown.size));
    map?.show(shown);
    const url = new URL(window.location.href);
    url.searchParams.set('sort', view.sort);
    url.searchParams.set('kind', view.kind);
    if (view.max === null) url.searchParams.delete('max');
    else url.searchParams.set('max', String(view.max));
    window.history.replaceState(window.history.state, '', url);
  };
  controls.addEventListener('change', apply);
  controls.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });

  const light = (slug: string | null) => {
    for (const result of results) {
      if (result.slug === slug) result.item.dataset.active = 'true';
      else delete result.item.dataset.active;
    }
    map?.highlight(slug);
  };
  for (const result of results) {
    result.item.addEventListener('mouseenter', () => light(result.slug));
    result.item.addEventListener('mouseleave', () => light(null));
    result.item.addEventListener('focusin', () => light(result.slug));
    result.item.addEventListener('focusout', () => light(null));
  }

  const toggle = document.querySelector<HTMLButtonElement>('[data-map-toggle]');
  const box = document.querySelector<HTMLElement>('[data-place-map]');
  const failed = document.querySelector<HTMLElement>('[data-map-error]');
  if (!toggle || !box) return;
  toggle.hidden = false;
  let loading: Promise<void> | null = null;
  toggle.addEventListener('click', () => {
    const open = box.hidden;
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = (open ? toggle.dataset.hide : toggle.dataset.show) ?? '';
    if (!open || loading) return;
    const fail = () => {
      if (failed) failed.hidden = false;
    };
    loading = loadResultsMap()
      .then(({ mountResultsMap }) => {
        map = mountResultsMap(box, {
          styleUrl: box.dataset.styleUrl ?? '/map/style.json',
          points: results,
          onHover: light,
          onPick: (slug) => {
            const item = results.find((r) => r.slug === slug)?.item;
            item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
            item?.querySelector<HTMLAnchorElement>('a')?.focus({ preventScroll: true });
          },
          onError: fail,
        });
        map.show(new Set(results.filter((r) => !r.item.hidden).map((r) => r.slug)));
      })
      .catch(fail);
  });
}

// The My stay page's service worker (registered by islands/account/offline-pass.ts with the scope
// /my-account/my-stay/ or /id/my-account/my-stay/): once the page has shown a stay pass, the page,
// its scripts, styles and pictures open without a connection. The pass data itself is in the page's
// localStorage; API calls are never cached here (they go to the network, and fail offline).
// Network first, so a new build or a changed page is always taken when online.

const CACHE = 'stay-pass-v1';
const skip = (url) => url.origin !== self.location.origin || /^\/(api|dev)\//.test(url.pathname);

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The page names what it loaded (its own URL and every resource): keep exactly those.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const port = event.ports[0];
  const urls = data.urls.filter((u) => typeof u === 'string' && !skip(new URL(u, self.location.origin)));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const keep = new Set();
      await Promise.all(
        urls.map(async (u) => {
          const url = new URL(u, self.location.origin);
          url.hash = '';
          if (url.pathname.endsWith('/')) url.search = '';
          const response = await fetch(url, { cache: 'no-cache' }).catch(() => null);
          if (response && response.ok) {
            await cache.put(url.href, response);
            keep.add(url.href);
          }
        }),
      );
      for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
      port?.postMessage(keep.size > 0 ? 'kept' : 'failed');
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || skip(url)) return;
  const key = new URL(url);
  key.hash = '';
  if (request.mode === 'navigate') key.search = '';
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        if (response.ok && response.type === 'basic') {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key.href, copy)));
        }
        return response;
      } catch (error) {
        const cached = await caches.match(key.href);
        if (cached) return cached;
        throw error;
      }
    })(),
  );
});

// The service worker that makes Plateau an app that works offline.
//
// Once installed, it keeps a copy of every file of the client (the list
// comes from the server's /api/offline, so it is never out of date) and
// of the game data pages read (the catalog, lessons, puzzles). Online,
// every request goes to the network first and refreshes the copy, so a
// new release shows at once, as without a worker; offline, the copy
// answers. Games in play (/api/games...) are never answered from the
// copy: a stale game would mislead. Games against the AI on this device
// need no server at all (device.js), so they go on offline.
//
// It also shows the turn notifications the server pushes
// (internal/notify: {title, body, url, tag}) and opens the game when one
// is clicked.
'use strict';

const CACHE = 'plateau-v1';

/** kept lists the API paths whose answers are data to keep for offline use. */
const kept = ['/api/catalog', '/api/lessons', '/api/puzzles', '/api/offline', '/api/lab/'];

/**
 * dataURLs lists the game data kept at install, before any page has
 * asked for it: the catalog, each game's lesson and its puzzles' pack.
 */
async function dataURLs() {
  const urls = ['/api/catalog'];
  const list = async (path, pick) => {
    try {
      const res = await fetch(path);
      if (res.ok) urls.push(...pick(await res.json()));
    } catch { /* a server without them: nothing more to keep */ }
  };
  await list('/api/lessons', (l) => l.lessons.map((x) => '/api/lessons/' + encodeURIComponent(x.game)));
  await list('/api/puzzles', (p) => p.games.map((x) => '/api/puzzles/' + encodeURIComponent(x.game) + '/pack'));
  return urls;
}

const keep = (url) => url.origin === self.location.origin && (!url.pathname.startsWith('/api/') || kept.some((p) => url.pathname.startsWith(p)));

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const res = await fetch('/api/offline', { cache: 'no-store' });
    if (!res.ok) throw new Error('sw: /api/offline answered ' + res.status);
    const { files } = await res.clone().json();
    await cache.addAll(['/', ...files, ...(await dataURLs())]);
    await cache.put('/api/offline', res);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (!keep(url) || req.headers.get('upgrade') === 'websocket') return;
  e.respondWith(networkFirst(req, url));
});

/**
 * networkFirst answers from the network and keeps the answer; when the
 * network fails, from the copy. A page (navigation) that has no copy of
 * its own gets the client's one page, index.html, which routes by the
 * address's hash.
 */
async function networkFirst(req, url) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok && res.type === 'basic') await cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(req, { ignoreSearch: !url.pathname.startsWith('/api/') });
    if (hit) return hit;
    if (req.mode === 'navigate') {
      const page = await cache.match('/');
      if (page) return page;
    }
    throw err;
  }
}

// Push notifications (internal/notify).

/** sameOrigin keeps a link on this site: a push names a path, never another origin. */
function sameOrigin(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (e) => {
  let m = {};
  try { m = e.data ? e.data.json() : {}; } catch { /* not JSON: a bare notification */ }
  const title = typeof m.title === 'string' && m.title ? m.title : 'Plateau';
  e.waitUntil(self.registration.showNotification(title, {
    body: typeof m.body === 'string' ? m.body : '',
    tag: typeof m.tag === 'string' && m.tag ? m.tag : 'plateau',
    renotify: true,
    data: { url: sameOrigin(m.url) },
  }));
});

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = new URL(sameOrigin(e.notification.data && e.notification.data.url), self.location.origin).href;
  e.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = wins.find((w) => w.url === url);
    if (open) return open.focus();
    return self.clients.openWindow(url);
  })());
});

// A browser that renews its subscription tells the server the new one.
self.addEventListener('pushsubscriptionchange', (e) => {
  e.waitUntil((async () => {
    const old = e.oldSubscription;
    const sub = e.newSubscription || (old && await self.registration.pushManager.subscribe(old.options));
    if (!sub) return;
    await fetch('/api/notify/subscribe', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sub.toJSON()),
    });
  })());
});

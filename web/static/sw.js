// The service worker of Plateau's push notifications (internal/notify):
// it shows what the server pushes ({title, body, url, tag}) and opens the
// game when the notification is clicked. It caches nothing: the page
// works as before without it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

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

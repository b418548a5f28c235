/* dealgen: the site's service worker, for playing offline a site once visited. Pages are asked
   of the network first (a new day appears as soon as it is published) and kept as they come;
   the shared assets are kept at the first visit and served from the copy. dealgen writes the
   lines above this comment: CACHE (named after the assets' contents, so that a site rebuilt with
   other assets drops the old copy) and ASSETS. */
/* global CACHE, ASSETS */
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("dealgen-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var asset = new URL(request.url).pathname.indexOf("/assets/") >= 0;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    if (asset) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) { cache.put(request, response.clone()); return response; });
      });
    }
    return fetch(request).then(function (response) {
      if (response.ok) cache.put(request, response.clone());
      return response;
    }).catch(function () {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) { return hit || Response.error(); });
    });
  }));
});

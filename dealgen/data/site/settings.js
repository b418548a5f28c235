/* dealgen: the reader's settings, on every page: dark or light (by default the system's
   prefers-color-scheme, which the style sheet follows without any script) and the four-colour
   deck (clubs green, diamonds blue), kept in the browser and set as data-theme and data-deck on
   the page's root, which theme.css reads. */

export function readSettings(store) {
  var s = store.get("settings") || {};
  return { theme: s.theme === "dark" || s.theme === "light" ? s.theme : "auto", deck: s.deck === "four" ? "four" : "two" };
}

export function applySettings(doc, settings) {
  var root = doc.documentElement;
  if (settings.theme === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", settings.theme);
  root.setAttribute("data-deck", settings.deck);
}

function isDark(win, settings) {
  if (settings.theme !== "auto") return settings.theme === "dark";
  return !!(win.matchMedia && win.matchMedia("(prefers-color-scheme: dark)").matches);
}

/* What every page does first: the reader's settings applied, their two switches in the masthead,
   and, served over http(s), the service worker that keeps the visited site for offline play
   (sw.js; a page opened from disk has none and needs none). */
export function startPage(win, store, changed) {
  settingsSwitches(win, store, changed);
  var proto = win.location.protocol;
  if ((proto === "http:" || proto === "https:") && win.navigator.serviceWorker) {
    win.navigator.serviceWorker.register("sw.js").catch(function () { /* no offline copy: the site still plays */ });
  }
}

/* The two switches, in the masthead. ``changed`` is called after a setting changes. */
function settingsSwitches(win, store, changed) {
  var doc = win.document, head = doc.querySelector(".masthead");
  var settings = readSettings(store);
  applySettings(doc, settings);
  if (!head) return;
  var box = doc.createElement("div");
  box.className = "switches";
  box.innerHTML = '<button type="button" id="dark-switch" aria-pressed="false">Dark</button>' +
    '<button type="button" id="deck-switch" aria-pressed="false" title="Clubs green, diamonds blue">Four colours</button>';
  head.appendChild(box);
  var dark = doc.getElementById("dark-switch"), deck = doc.getElementById("deck-switch");
  function show() {
    dark.setAttribute("aria-pressed", String(isDark(win, settings)));
    deck.setAttribute("aria-pressed", String(settings.deck === "four"));
  }
  function update(change) {
    change();
    store.set("settings", settings);
    applySettings(doc, settings);
    show();
    if (changed) changed();
  }
  dark.addEventListener("click", function () {
    update(function () { settings.theme = isDark(win, settings) ? "light" : "dark"; });
  });
  deck.addEventListener("click", function () {
    update(function () { settings.deck = settings.deck === "four" ? "two" : "four"; });
  });
  show();
}

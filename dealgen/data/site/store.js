/* dealgen: what the browser keeps for a reader, in localStorage: the game in progress on each
   page, the result of each day played, and the reader's settings. Keys are prefixed with the
   site's folder, so two sites on one host (or opened from disk) keep apart. A value this code
   did not write, or a browser that keeps nothing (storage off, private mode), is never an
   error: the page plays on, remembering nothing. */

/* A key-value store of JSON values over ``storage`` (window.localStorage, or a stand-in). */
export function makeStore(storage, prefix) {
  var memory = {};
  function key(k) { return prefix + k; }
  return {
    get: function (k) {
      try {
        var text = storage ? storage.getItem(key(k)) : memory[k];
        return text === null || text === undefined ? null : JSON.parse(text);
      } catch {
        return null;
      }
    },
    set: function (k, value) {
      var text = JSON.stringify(value);
      try {
        if (storage) storage.setItem(key(k), text); else memory[k] = text;
      } catch {
        // full or refused: not kept (reads go to the same storage)
      }
    },
    remove: function (k) {
      try {
        if (storage) storage.removeItem(key(k));
      } catch { /* nothing kept to remove */ }
      delete memory[k];
    }
  };
}

/* The store of this page's site: the folder of its address names it. */
export function siteStore(win) {
  var storage;
  try {
    storage = win.localStorage;
    storage.getItem("dealgen");  // throws where storage is refused
  } catch {
    storage = null;
  }
  var path = win.location.pathname;
  return makeStore(storage, "dealgen:" + path.slice(0, path.lastIndexOf("/") + 1) + ":");
}

/* -- dates, as "YYYY-MM-DD" --------------------------------------------------------------------- */
function pad(n) { return (n < 10 ? "0" : "") + n; }
export function localDate(now) { return now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate()); }
export function dayBefore(date) {
  return new Date(Date.parse(date + "T00:00:00Z") - 86400000).toISOString().slice(0, 10);
}

/* -- results: one a page (its stem), written when a game starts and when it ends ---------------- */
export function results(store) {
  var r = store.get("results");
  return r !== null && typeof r === "object" && !Array.isArray(r) ? r : {};
}

/* The first move on a page makes the day played (once). */
export function recordStart(store, stem, date, game) {
  var all = results(store);
  if (all[stem]) return;
  all[stem] = { date: date, game: game, won: false, gaveUp: false, daily: false };
  store.set("results", all);
}

/* The game's end, once: a win, or a give-up (the solution shown first). ``today`` is the reader's
   date: a day won on its own date counts for the streak; one played later from the archive does
   not. */
export function recordEnd(store, stem, date, game, end, today) {
  var all = results(store), was = all[stem];
  if (was && (was.won || was.gaveUp)) return was;
  all[stem] = { date: date, game: game, won: !!end.won, gaveUp: !end.won, daily: !!end.won && date === today,
                moves: Number(end.moves), par: Number(end.par), hints: Number(end.hints) || 0,
                seconds: Number(end.seconds) || 0 };
  store.set("results", all);
  return all[stem];
}

/* The reader's statistics: days played and won, the current streak of consecutive dates won on
   the day (it stands until a whole date is missed: won yesterday and not yet today is still a
   streak), the longest such run, and moves against par over the games won. */
export function stats(all, today) {
  var played = 0, won = 0, dates = {}, par = 0, over = 0, counted = 0;
  Object.keys(all).forEach(function (stem) {
    var r = all[stem];
    if (!r || typeof r.date !== "string") return;
    played++;
    if (!r.won) return;
    won++;
    if (r.daily) dates[r.date] = true;
    if (typeof r.moves === "number" && typeof r.par === "number") {
      counted++;
      over += r.moves - r.par;
      if (r.moves <= r.par) par++;
    }
  });
  var streak = 0, day = dates[today] ? today : dayBefore(today);
  while (dates[day]) { streak++; day = dayBefore(day); }
  var best = 0;
  Object.keys(dates).forEach(function (d) {
    if (dates[dayBefore(d)]) return;  // not the first day of a run
    var n = 0, k = d;
    while (dates[k]) {
      n++;
      k = new Date(Date.parse(k + "T00:00:00Z") + 86400000).toISOString().slice(0, 10);
    }
    best = Math.max(best, n);
  });
  return { played: played, won: won, streak: streak, maxStreak: best, parOrBetter: par,
           overPar: counted ? Math.round(over / counted * 10) / 10 : null };
}

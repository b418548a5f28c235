// The reader's record in the browser (dealgen/data/site/store.js), on node's test runner with a
// stand-in for localStorage: results, statistics, streaks, and storage that refuses to keep.
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeStore, recordStart, recordEnd, results, stats, dayBefore, localDate } from "../../dealgen/data/site/store.js";

function memoryStorage() {
  const kept = new Map();
  return { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, String(v)),
           removeItem: (k) => kept.delete(k), kept };
}
const win = (stem, date, today, moves = 90) => ({ stem, date, today, end: { won: true, moves, par: 86, hints: 0, seconds: 60 } });

function play(store, games) {
  for (const g of games) {
    recordStart(store, g.stem, g.date, "penguin");
    recordEnd(store, g.stem, g.date, "penguin", g.end, g.today);
  }
  return stats(results(store), games.length ? games[games.length - 1].today : "2026-12-01");
}

test("dates step back over months, years and a leap day", () => {
  assert.equal(dayBefore("2026-03-01"), "2026-02-28");
  assert.equal(dayBefore("2028-03-01"), "2028-02-29");
  assert.equal(dayBefore("2027-01-01"), "2026-12-31");
  assert.equal(localDate(new Date(2026, 10, 5, 23, 59)), "2026-11-05");
});

test("two days won on their dates make a streak of two", () => {
  const store = makeStore(memoryStorage(), "t:");
  const s = play(store, [win("p-1", "2026-12-01", "2026-12-01"), win("p-2", "2026-12-02", "2026-12-02")]);
  assert.deepEqual([s.played, s.won, s.streak, s.maxStreak], [2, 2, 2, 2]);
});

test("a day played later from the archive counts as played and won, not for the streak", () => {
  const store = makeStore(memoryStorage(), "t:");
  const s = play(store, [win("p-1", "2026-12-01", "2026-12-01"), win("p-2", "2026-12-02", "2026-12-05")]);
  assert.deepEqual([s.played, s.won, s.streak, s.maxStreak], [2, 2, 0, 1]);
});

test("yesterday's win keeps the streak until today is missed; a gap ends it but not the longest", () => {
  const store = makeStore(memoryStorage(), "t:");
  const days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05"].map((d, k) => win("p-" + k, d, d));
  play(store, days);
  assert.equal(stats(results(store), "2026-12-06").streak, 1);
  assert.equal(stats(results(store), "2026-12-07").streak, 0);
  assert.equal(stats(results(store), "2026-12-06").maxStreak, 3);
});

test("a give-up is played, not won, and the first end of a game is the one kept", () => {
  const store = makeStore(memoryStorage(), "t:");
  recordStart(store, "p-1", "2026-12-01", "penguin");
  assert.deepEqual(stats(results(store), "2026-12-01").played, 1);
  recordEnd(store, "p-1", "2026-12-01", "penguin", { won: false, moves: 12, par: 86, hints: 1, seconds: 9 }, "2026-12-01");
  recordEnd(store, "p-1", "2026-12-01", "penguin", { won: true, moves: 80, par: 86, hints: 1, seconds: 99 }, "2026-12-01");
  const s = stats(results(store), "2026-12-01");
  assert.deepEqual([s.played, s.won, s.streak], [1, 0, 0]);
  assert.equal(results(store)["p-1"].gaveUp, true);
});

test("moves against par over the games won", () => {
  const store = makeStore(memoryStorage(), "t:");
  const s = play(store, [win("a", "2026-12-01", "2026-12-01", 86), win("b", "2026-12-02", "2026-12-02", 90)]);
  assert.equal(s.parOrBetter, 1);
  assert.equal(s.overPar, 2);
});

test("storage that refuses or holds junk is no error: what it refuses is not kept", () => {
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); }, removeItem() {} };
  const store = makeStore(refusing, "t:");
  store.set("x", { a: 1 });
  assert.equal(store.get("x"), null);  // reads go to the storage, which refuses
  const junk = memoryStorage();
  junk.setItem("t:results", "{not json");
  assert.deepEqual(results(makeStore(junk, "t:")), {});
  junk.setItem("t:results", "[1, 2]");
  assert.deepEqual(results(makeStore(junk, "t:")), {});
});

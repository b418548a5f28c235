// The share text (dealgen/data/site/share.js): the documented format, and nothing of the play.
import { test } from "node:test";
import assert from "node:assert/strict";
import { shareText, clock, againstPar } from "../../dealgen/data/site/share.js";

const facts = { site: "Penguin a Day", title: "Penguin", dated: "Monday 23 November 2026", grade: "Hard", mark: "★★★☆",
                won: true, moves: 92, par: 86, unit: "moves", hints: 0, seconds: 252,
                link: "https://example.org/penguin-2026-11-23.html", verb: "Solved" };

test("a win: site, game and date, grade, moves against par, hints, time, link", () => {
  assert.equal(shareText(facts), "Penguin a Day\nPenguin · Monday 23 November 2026 · Hard ★★★☆\n" +
    "Solved in 92 moves (+6 over par 86) · 0 hints · 4:12\nhttps://example.org/penguin-2026-11-23.html");
});

test("a give-up, one hint, no address (a site opened from disk)", () => {
  const text = shareText({ ...facts, won: false, moves: 40, hints: 1, link: "" });
  assert.equal(text.split("\n")[2], "Gave up after 40 moves (par 86) · 1 hint · 4:12");
  assert.equal(text.split("\n").length, 3);
});

test("par, under par, and times past an hour", () => {
  assert.equal(againstPar(86, 86), "par");
  assert.equal(againstPar(80, 86), "6 under par 86");
  assert.equal(clock(3725), "1:02:05");
  assert.equal(clock(59), "0:59");
});

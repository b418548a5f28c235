// The page's solver (dealgen/data/site/solver.js) on small positions made by hand: its verdicts,
// its lines, its budget, and how far back it says to undo. tests/test_js_hints.py compares it
// with the Python solver over thousands of positions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { solve, advise, wins, knows } from "../../dealgen/data/site/solver.js";
import { engine as penguin } from "../../dealgen/data/site/penguin.js";
import { engine as idiots } from "../../dealgen/data/site/idiots-delight.js";

const nearlyHome = penguin.fromJSON({ beak: "AC", foundations: { C: "JC", S: "KS", H: "KH", D: "KD" }, rules: "parlett",
                                      cells: [null, null, null, null, null, null, null],
                                      columns: [["KC", "QC"], [], [], [], [], [], []] });
// two pairs to clear: the fives, then the twos (discarding the two of diamonds alone loses)
const twoPairs = idiots.fromJSON({ rules: "strict", stock: [], stacks: [["2C", "5H"], ["5D"], ["2D"], []] });

test("a won line is found and replays through the engine", () => {
  const found = solve(penguin, nearlyHome, 100);
  assert.deepEqual([found.verdict, found.line], ["won", ["1h", "1h"]]);
  const cleared = solve(idiots, twoPairs, 100);
  assert.deepEqual([cleared.verdict, cleared.line], ["won", ["12", "13"]]);
  assert.ok(wins(idiots, twoPairs, cleared.line) && !wins(idiots, twoPairs, cleared.line.slice(1)));
});

test("lost only when every line was searched; unknown when the budget runs out first", () => {
  const dead = idiots.play(twoPairs, "3");
  assert.equal(solve(idiots, dead, 100).verdict, "lost");
  assert.equal(solve(idiots, twoPairs, 0).verdict, "unknown");
  assert.equal(solve(penguin, nearlyHome, 0).verdict, "won");  // (the safe moves home are no search)
});

test("the same position and budget give the same answer", () => {
  assert.deepEqual(solve(idiots, twoPairs, 100), solve(idiots, twoPairs, 100));
});

test("advise: the next move, or how many moves to undo", () => {
  const dead = idiots.play(twoPairs, "3");
  assert.deepEqual(advise(idiots, [twoPairs], 100, { back: true }).line, ["12", "13"]);
  const back = advise(idiots, [twoPairs, dead], 100, { back: true });
  assert.deepEqual([back.verdict, back.undo, back.here, back.line], ["won", 1, false, ["12", "13"]]);
  const quick = advise(idiots, [twoPairs, dead], 100, { back: false });  // (winnable(): no looking back)
  assert.deepEqual([quick.verdict, quick.here], ["unknown", false]);
  const known = advise(idiots, [twoPairs, dead], 100, { back: true, known: { at: 0, line: ["12", "13"] } });
  assert.deepEqual([known.undo, known.line], [1, ["12", "13"]]);
});

test("only the games it knows", () => {
  assert.ok(knows(penguin) && knows(idiots) && !knows({ name: "perpetual-motion" }));
});

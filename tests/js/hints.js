/* Runs the page's solver (solver.js) over positions recorded by the Python engines
   (tests/test_js_hints.py, bench/bench_hints.py), in one node process.
   Usage: node hints.js SITE_ASSETS_DIR POSITIONS.json BUDGET [TOTAL]
   Each position is {id, game, start: position JSON, moves: [token, ...]}: the game from its
   start (a deal) to the position asked about, replayed here through the JS engine. For each it
   prints what the page's Hint button answers (solver.advise, looking back when the position is
   lost, with no verified line to lean on), the verdict on the position itself, and the time
   the answer took in milliseconds. For each it prints one result: the solver's verdict, line and
   positions for the last position, what the page's Hint would answer (solver.rescue over the
   history), and how long each took in milliseconds. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [assets, file, budgetText, totalText] = process.argv.slice(2);
const budget = Number(budgetText), total = totalText === undefined ? undefined : Number(totalText);
const load = async (name) => import(pathToFileURL(path.join(assets, name)).href);
const solver = await load("solver.js");
const engines = {};

/* The engine a script exports: module.exports of a classic script, or an ES module's export. */
async function engineOf(game) {
  if (!engines[game]) {
    const mod = await load(game + ".js");
    engines[game] = [mod.default, ...Object.values(mod)].find((e) => e && typeof e.legal === "function" && e.name === game);
  }
  return engines[game];
}

const out = [];
for (const p of JSON.parse(fs.readFileSync(file, "utf8"))) {
  const engine = await engineOf(p.game);
  const states = [engine.fromJSON(p.start)];
  for (const token of p.moves) states.push(engine.play(states[states.length - 1], token));
  const began = performance.now();
  const advice = solver.advise(engine, states, budget, { back: true, total: total });
  const ms = performance.now() - began;
  out.push({ id: p.id, verdict: advice.here === true ? "won" : advice.here === false ? "lost" : "unknown",
             line: advice.undo === 0 ? advice.line : [], error: advice.error || null, ms: ms, advice: advice });
}
process.stdout.write(JSON.stringify(out));

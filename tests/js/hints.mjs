/* Runs the page's solver (solver.js) over positions recorded by the Python engines
   (tests/test_js_hints.py, bench/bench_hints.py), in one node process.
   Usage: node hints.mjs SITE_ASSETS_DIR POSITIONS.json BUDGET [TOTAL]
   Each position is {id, game, start: position JSON, moves: [token, ...]}: the game from its
   start (a deal) to the position asked about, replayed here through the JS engine. For each it prints one result: the solver's verdict, line and
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
  let began = performance.now();
  const found = solver.solve(engine, states[states.length - 1], budget);
  const solveMs = performance.now() - began;
  began = performance.now();
  const advice = solver.rescue(engine, states, budget, total);
  const adviceMs = performance.now() - began;
  out.push({ id: p.id, verdict: found.verdict, line: found.line, positions: found.positions, error: found.error || null,
             solve_ms: solveMs, advice: { verdict: advice.verdict, undo: advice.undo, line: advice.line || [],
             positions: advice.positions }, advice_ms: adviceMs });
}
process.stdout.write(JSON.stringify(out));

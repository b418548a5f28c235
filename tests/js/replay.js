/* Replays playouts recorded by the Python engines (tests/test_js_engines.py) through the
   JavaScript engines the site ships, in one node process: after every move the legal moves
   (in order) and the position (its JSON, sorted keys, as a SHA-1) must be the Python engine's,
   tokens the Python engine refuses must be refused, and each playout must end as it did.
   The engines are the site's ES modules, imported as they are (pages load them bundled).
   Usage: node replay.js SITE_SCRIPTS_DIR PLAYOUTS.json  -> prints a JSON report. */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";

const assets = process.argv[2];
const load = (name) => import(pathToFileURL(path.join(assets, name)).href);
const { stable } = await load("cards.js");
const playouts = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const engines = {};
const report = { playouts: 0, moves: 0, refusals: 0, failures: [] };

function sha1(obj) { return crypto.createHash("sha1").update(stable(obj)).digest("hex"); }
function same(a, b) { return a.length === b.length && a.every((x, i) => x === b[i]); }
function fail(p, step, what, js, py) {
  if (report.failures.length < 20) report.failures.push({ playout: p.id, game: p.game, rules: p.rules, step, what, js, py });
}

for (const p of playouts) {
  const engine = engines[p.game] || (engines[p.game] = (await load(p.game + ".js")).engine);
  report.playouts++;
  let state = engine.fromJSON(p.start);
  if (sha1(engine.toJSON(state)) !== p.hash) { fail(p, 0, "start position", engine.toJSON(state), null); continue; }
  let ok = true;
  for (let k = 0; k < p.steps.length && ok; k++) {
    const step = p.steps[k];
    const legal = engine.legal(state);
    if (!same(legal, step.legal)) { fail(p, k + 1, "legal moves before", legal, step.legal); ok = false; break; }
    for (const bad of step.refused) {
      report.refusals++;
      if (engine.play(state, bad) !== null) { fail(p, k + 1, "played a refused token", bad, null); ok = false; }
    }
    const next = engine.play(state, step.move);
    if (next === null) { fail(p, k + 1, "refused a legal move", step.move, null); ok = false; break; }
    state = next;
    report.moves++;
    const json = engine.toJSON(state);
    if (!step.whole) delete json.starts;  // (Perpetual Motion between gatherings: see the test)
    if (sha1(json) !== step.hash) { fail(p, k + 1, "position after " + step.move, json, null); ok = false; }
  }
  if (!ok) continue;
  if (!same(engine.legal(state), p.end_legal)) fail(p, p.steps.length, "legal moves at the end", engine.legal(state), p.end_legal);
  const status = engine.outcome(state).status;
  if (status !== p.end_status) fail(p, p.steps.length, "outcome at the end", status, p.end_status);
}
process.stdout.write(JSON.stringify(report));

/* dealgen: a solver in the page, for hints. An ES module with no imports: it is handed the
   game's engine (penguin.js, idiots-delight.js, freecell.js) and plays only through it (legal,
   play, outcome), so it never holds rules of its own. What it adds per game is search knowledge,
   after dealgen/solve/penguin.py, idiots_delight.py and freecell.py: canonical keys, pruning
   that provably loses no win, and an order to try moves in.

   solve(engine, state, budget) -> {verdict, line, positions, complete}
     "won":     line is a winning line from state, replayed through the engine before it is
                returned (a line that does not replay is a bug, reported as "unknown")
     "lost":    only when the search went through every position it must (complete)
     "unknown": the budget (positions expanded, a count: never seconds) ran out first
   The search is deterministic: the same position and budget give the same answer anywhere. */

export const DEFAULT_BUDGET = 20000;  // positions; bench/bench_hints.py measures what it costs

const WON = "won", LOST = "lost", UNKNOWN = "unknown";

/* A winning line from state, or a verdict of lost or unknown (see the module's notes). ``lost``,
   when given, is a Map of the positions earlier searches of the same game proved lost (its keys
   and values are the game's own); this search skips them and adds the ones it proves. */
export function solve(engine, state, budget, lost) {
  budget = budget === undefined ? DEFAULT_BUDGET : budget;
  const status = engine.outcome(state).status;
  if (status === "won") return { verdict: WON, line: [], positions: 0, complete: true };
  if (status !== "playing") return { verdict: LOST, line: [], positions: 0, complete: true };
  const search = SEARCHES[engine.name];
  if (!search) return { verdict: UNKNOWN, line: [], positions: 0, complete: false, error: "no solver for " + engine.name };
  const found = search(engine, state, budget, lost || new Map());
  if (found.verdict === WON && !wins(engine, state, found.line)) {
    return { verdict: UNKNOWN, line: [], positions: found.positions, complete: false,
             error: "solver bug: its line does not win: " + found.line.join(" ") };
  }
  return found;
}

/* Whether line plays from state to a win through the engine. */
export function wins(engine, state, line) {
  for (const token of line) {
    state = engine.play(state, token);
    if (state === null) return false;
  }
  return engine.outcome(state).status === "won";
}

/* What a hint says of a game: ``states`` is the game so far, its start first and the position
   now last. Returns {verdict, undo, line, here, positions}:
     "won", undo 0:  the position now wins by ``line`` (here: true);
     "won", undo k:  it is lost (here: false), and undoing k moves reaches a position that wins
                     by ``line``: the latest such one, looked for only when ``options.back``;
     "lost":         no position of the game can be won;
     "unknown":      here is null when the position now is not known, false when it is lost and
                     ``lostFor`` positions back from it are lost but the one before is not known.
   Each position gets ``budget`` positions to search, and looking back at most ``options.total``
   in all (3 budgets); the positions proved lost are shared, so a step back costs only what is
   new. ``options.known`` {at, line} names a position of the game known to win by ``line`` (a
   day's verified line): no search starts there or looks back past it. */
export function advise(engine, states, budget, options) {
  budget = budget === undefined ? DEFAULT_BUDGET : budget;
  options = options || {};
  const total = options.total === undefined ? 3 * budget : options.total;
  const known = options.known || null, n = states.length - 1, floor = known ? known.at : -1;
  if (floor === n) return { verdict: WON, undo: 0, line: known.line, here: true, positions: 0 };
  const lost = new Map();
  const here = solve(engine, states[n], budget, lost);
  let spent = here.positions;
  if (here.verdict === WON) return { verdict: WON, undo: 0, line: here.line, here: true, positions: spent };
  if (here.verdict === UNKNOWN) return { verdict: UNKNOWN, undo: null, line: [], here: null, positions: spent, error: here.error };
  if (!options.back) return { verdict: UNKNOWN, undo: null, line: [], here: false, lostFor: 1, positions: spent };
  for (let k = 1; n - k > floor; k++) {
    const found = spent < total ? solve(engine, states[n - k], Math.min(budget, total - spent), lost) : null;
    if (found === null || found.verdict === UNKNOWN) {
      return { verdict: UNKNOWN, undo: null, line: [], here: false, lostFor: k, positions: spent, error: found && found.error };
    }
    spent += found.positions;
    if (found.verdict === WON) return { verdict: WON, undo: k, line: found.line, here: false, positions: spent };
  }
  if (known) return { verdict: WON, undo: n - floor, line: known.line, here: false, positions: spent };
  return { verdict: LOST, undo: null, line: [], here: false, positions: spent };
}

// -- Penguin: best-first search, as dealgen.solve.penguin with dealgen.solve.search -------------

const W_OUT = 8, W_BAD = 3, W_CELL = 2, W_G = 1;  // the Python solver's weights
const COLUMNS = "1234567", CELLS = "abcdefg";

function below(c) { return c % 13 === 0 ? c + 12 : c - 1; }  // the card that packs onto c

/* Cards not resting in a finished run: a column whose bottom card is the rank below the beak,
   with its run up from there, is in order for good. */
function disorder(engine, s, col) {
  const n = col.length;
  if (!n || engine.rel(s, col[0]) !== 12) return n;
  let i = 1;
  while (i < n && col[i] === below(col[i - 1])) i++;
  return n - i;
}

/* Columns and cells as multisets (places are interchangeable under every rule set of Penguin and
   of the FreeCell family); the foundations hold exactly the cards that are in neither. */
function tableauKey(s) {
  const cols = s.columns.map((col) => String.fromCharCode.apply(null, col)).sort();
  const cells = s.cells.filter((c) => c !== null).sort((a, b) => a - b);
  return cols.join("|") + "#" + String.fromCharCode.apply(null, cells);
}

/* Every card whose foundation takes it next goes home: only the card one rank lower could
   ever pack onto it, and that card is home already. Not the beak: the rank below it may pack
   onto it and wait there for a column to empty. */
function autoHome(engine, s, tokens) {
  for (let moved = true; moved;) {
    moved = false;
    for (let i = 0; i < 7; i++) {
      for (;;) {
        const col = s.columns[i], top = col.length ? col[col.length - 1] : null;
        if (top === null || top === s.beak || engine.nextHome(s, Math.floor(top / 13)) !== top) break;
        s = engine.play(s, COLUMNS[i] + "h");
        tokens.push(COLUMNS[i] + "h");
        moved = true;
      }
    }
    for (let k = 0; k < 7; k++) {
      const c = s.cells[k];
      if (c !== null && c !== s.beak && engine.nextHome(s, Math.floor(c / 13)) === c) {
        s = engine.play(s, CELLS[k] + "h");
        tokens.push(CELLS[k] + "h");
        moved = true;
      }
    }
  }
  return s;
}

/* The moves worth trying: of the empty cells only the first, of the empty columns only the
   first, and never a whole column into an empty one (each of those reaches a position the
   key already names). */
function penguinMoves(engine, s) {
  const cell = CELLS[s.cells.indexOf(null)];
  const space = COLUMNS[s.columns.findIndex((col) => col.length === 0)];
  return engine.legal(s).filter((token) => {
    const src = token[0], dst = token[1];
    if (CELLS.indexOf(dst) >= 0) return dst === cell;
    const d = COLUMNS.indexOf(dst);
    if (d < 0 || s.columns[d].length) return true;
    if (dst !== space) return false;
    const i = COLUMNS.indexOf(src);
    return i < 0 || engine.moving(s, token).length < s.columns[i].length;
  });
}

/* Best-first search over a tableau game (Penguin, the FreeCell family), as dealgen.solve.search
   runs it: ``k`` is the game's knowledge, auto(engine, s, tokens) (safe cards home, the tokens
   added), moves(engine, s) (the moves worth trying), disorder(engine, s, col) and the weights
   [cards out, disorder, cells used, moves made]. Positions are keyed by tableauKey. */
function tableauSearch(k) {
  const [wOut, wBad, wCell, wG] = k.weights;
  return function (engine, start, budget, lost) {
    const home = (s) => s.home[0] + s.home[1] + s.home[2] + s.home[3];
    const prefix = [];
    const root = k.auto(engine, start, prefix);
    if (home(root) === 52) return { verdict: WON, line: prefix, positions: 0, complete: true };
    const rootKey = tableauKey(root);
    if (lost.has(rootKey)) return { verdict: LOST, line: [], positions: 0, complete: true };
    const parent = new Map([[rootKey, null]]);  // key -> [parent key, tokens from it]
    const heap = new Heap();
    heap.push(0, [rootKey, root, prefix.length]);
    let expanded = 0;
    while (heap.size) {
      if (expanded >= budget) return { verdict: UNKNOWN, line: [], positions: expanded, complete: false };
      const [key, s, g] = heap.pop();
      expanded++;
      for (const token of k.moves(engine, s)) {
        const tokens = [token];
        const child = k.auto(engine, engine.play(s, token), tokens);
        const ckey = tableauKey(child);
        if (parent.has(ckey) || lost.has(ckey)) continue;
        parent.set(ckey, [key, tokens]);
        const out = 52 - home(child);
        if (out === 0) return { verdict: WON, line: prefix.concat(path(parent, ckey)), positions: expanded, complete: false };
        let bad = 0, used = 0;
        for (const col of child.columns) bad += k.disorder(engine, child, col);
        for (const c of child.cells) if (c !== null) used++;
        const cg = g + tokens.length;
        heap.push(wOut * out + wBad * bad + wCell * used + wG * cg, [ckey, child, cg]);
      }
    }
    for (const key of parent.keys()) lost.set(key, true);  // every one of them was expanded: none wins
    return { verdict: LOST, line: [], positions: expanded, complete: true };
  };
}

const penguinSearch = tableauSearch({ auto: autoHome, moves: penguinMoves, disorder: disorder,
                                      weights: [W_OUT, W_BAD, W_CELL, W_G] });

function path(parent, key) {
  const steps = [];
  for (let link = parent.get(key); link !== null; link = parent.get(link[0])) steps.push(link[1]);
  return [].concat.apply([], steps.reverse());
}

/* A binary min-heap of (priority, insertion order): ties go first in, first out, so the order
   of expansion depends on nothing but the position. */
class Heap {
  constructor() { this.items = []; this.count = 0; }
  get size() { return this.items.length; }
  push(priority, value) {
    const items = this.items, item = [priority, this.count++, value];
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!less(item, items[up])) break;
      items[i] = items[up];
      i = up;
    }
    items[i] = item;
  }
  pop() {
    const items = this.items, top = items[0], last = items.pop();
    if (items.length) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= items.length) break;
        if (child + 1 < items.length && less(items[child + 1], items[child])) child++;
        if (!less(items[child], last)) break;
        items[i] = items[child];
        i = child;
      }
      items[i] = last;
    }
    return top[2];
  }
}
function less(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }

// -- Idiot's Delight: as dealgen.solve.idiots_delight -------------------------------------------
/* A position reached from another is fixed by the deals made and the cards still live (in play
   or in the stock): that pair is the key. Cards never change stacks (the stock's k-th card lands
   on stack k mod 4), so a card's possible partners are known from the start: a card of its rank
   or a higher card of its suit, on another stack. Dead ends, each a necessary condition for a
   win that fails (proved in the Python solver): a live card with no live partner left; the cards
   of a rank that can only leave in pairs (no higher card of their suit left on another stack)
   cannot be paired off across stacks. */
function idiotsKnowledge(start) {
  const stackOf = new Int8Array(52).fill(-1);
  start.stacks.forEach((st, i) => st.forEach((c) => { stackOf[c] = i; }));
  start.stock.forEach((c, k) => { stackOf[c] = k % 4; });
  const live = new Uint8Array(52), partners = [], serves = [], higher = [];
  for (let c = 0; c < 52; c++) { partners.push([]); serves.push([]); higher.push([]); }
  for (let x = 0; x < 52; x++) {
    for (let y = 0; y < 52; y++) {
      if (stackOf[x] < 0 || stackOf[y] < 0 || stackOf[x] === stackOf[y]) continue;
      const higherOfSuit = Math.floor(x / 13) === Math.floor(y / 13) && y > x;
      if (x % 13 === y % 13 || higherOfSuit) {
        partners[x].push(y);
        serves[y].push(x);
      }
      if (higherOfSuit) higher[x].push(y);
    }
  }
  const any = (cards) => cards.some((y) => live[y]);
  function match(cards, must) {
    if (!must.length) return true;
    const x = must[0];
    return cards.some((y) => y !== x && stackOf[y] !== stackOf[x] &&
      match(cards.filter((c) => c !== x && c !== y), must.filter((c) => c !== x && c !== y)));
  }
  /* The live cards of a rank that need a pair (no live higher card of their suit on another
     stack) can be paired off, each with a live card of the rank on another stack. */
  const pairings = new Int8Array(13 * 256).fill(-1);  // rank, suits live, suits that need a pair -> 0/1
  function pairable(rank) {
    let held = 0, need = 0;
    for (let s = 0; s < 4; s++) {
      const c = s * 13 + rank;
      if (live[c]) { held |= 1 << s; if (!any(higher[c])) need |= 1 << s; }
    }
    const at = rank * 256 + held * 16 + need;
    if (pairings[at] < 0) {
      const of = (bits) => [0, 1, 2, 3].filter((s) => bits >> s & 1).map((s) => s * 13 + rank);
      pairings[at] = match(of(held), of(need)) ? 1 : 0;
    }
    return pairings[at] === 1;
  }
  const k = {
    live: live,
    /* Make ``live`` the live cards of s; returns them as bits (52, exact in a double). */
    look(s) {
      live.fill(0);
      let bits = 0;
      for (const st of s.stacks) for (const c of st) live[c] = 1;
      for (const c of s.stock) live[c] = 1;
      for (let c = 0; c < 52; c++) if (live[c]) bits += Math.pow(2, c);
      return bits;
    },
    deals: (s) => 12 - s.stock.length / 4,
    /* The cards a discard takes (none for a deal). */
    gone(s, token) {
      return token === "d" ? [] : token.split("").map((ch) => {
        const st = s.stacks[Number(ch) - 1];
        return st[st.length - 1];
      });
    },
    /* Whether the live cards can still all go (necessary only), checked from scratch. */
    viable() {
      for (let x = 0; x < 52; x++) if (live[x] && !any(partners[x])) return false;
      for (let r = 0; r < 13; r++) if (!pairable(r)) return false;
      return true;
    },
    /* After ``cards`` left: a card they could partner has no partner left, or a rank at or
       below theirs (the ranks whose pairing they change) cannot be paired off. */
    hopeless(cards) {
      if (cards.some((c) => serves[c].some((x) => live[x] && !any(partners[x])))) return true;
      const top = Math.max.apply(null, cards.map((c) => c % 13));
      for (let r = 0; r <= top; r++) if (!pairable(r)) return true;
      return false;
    },
    /* After ``cards`` left: they can partner no card still live. */
    safe: (cards) => cards.every((c) => serves[c].every((x) => !live[x])),
    /* Leave ``cards`` out of live, try, and put them back. */
    without(cards, test) {
      cards.forEach((c) => { live[c] = 0; });
      const result = test();
      cards.forEach((c) => { live[c] = 1; });
      return result;
    }
  };
  return k;
}

/* Depth first, every legal move in the engine's order, a memo of the positions proved lost.
   Rule set free allows a deal at any time, which gives two more prunings (the Python solver's
   DOMINANCE and DEALING AHEAD lemmas): a discard whose cards can partner no card still live is
   played and no other move tried, and live cards lost with d deals made are lost with more deals
   too (the memo keeps, per live set, the fewest deals at which it was lost). */
function idiotsSearch(engine, start, budget, lost) {
  const free = start.rules === "free";
  const K = idiotsKnowledge(start), live = K.live;
  const bits0 = K.look(start);
  if (!K.viable()) return { verdict: LOST, line: [], positions: 0, complete: true };
  // the memo: Map(high 26 bits [* 16 + deals for strict]) -> Map(low 26 bits -> fewest deals lost), small
  // integers for keys, which Maps hash fastest
  const LOW = 67108864;
  const inner = (bits, d) => {
    const outer = free ? Math.floor(bits / LOW) : Math.floor(bits / LOW) * 16 + d;
    return lost.get(outer) || lost.set(outer, new Map()).get(outer);
  };
  const known = (bits, d) => { const deals = inner(bits, d).get(bits % LOW); return deals !== undefined && deals <= d; };
  const prove = (bits, d) => { const m = inner(bits, d), low = bits % LOW; if (!(m.get(low) <= d)) m.set(low, d); };
  const line = [];
  let expanded = 0, out = false;

  function dfs(s, bits) {
    if (s.discarded === 52) return true;
    const d = K.deals(s);
    if (known(bits, d)) return false;
    if (expanded >= budget) { out = true; return false; }
    expanded++;
    let moves = engine.legal(s).map((m) => [m, K.gone(s, m)]);
    if (free) {
      const sure = moves.find(([m, cards]) => m !== "d" && K.without(cards, () => K.safe(cards)));
      if (sure) moves = [sure];
    }
    for (const [m, cards] of moves) {
      let after = bits;
      cards.forEach((c) => { live[c] = 0; after -= Math.pow(2, c); });
      if (!cards.length || !K.hopeless(cards)) {
        line.push(m);
        if (dfs(engine.play(s, m), after)) return true;
        line.pop();
      }
      cards.forEach((c) => { live[c] = 1; });
      if (out) return false;
    }
    prove(bits, d);
    return false;
  }

  if (dfs(start, bits0)) return { verdict: WON, line: line, positions: expanded, complete: false };
  if (out) return { verdict: UNKNOWN, line: [], positions: expanded, complete: false };
  return { verdict: LOST, line: [], positions: expanded, complete: true };
}

// -- The FreeCell family: best-first search, as dealgen.solve.freecell with dealgen.solve.search --

// The Python solver's first weights (Seahaven Towers' still): a hint needs a winning line, not the
// solver's own, and these answer the hint benchmark's positions well in all four games.
const F_OUT = 4, F_BAD = 3, F_CELL = 2, F_G = 1;

/* Cards lying above a card of lower rank in their column: each must move before that card can
   go home. */
function familyDisorder(col) {
  let bad = 0, low = 13;
  for (const card of col) {
    const rank = card % 13;
    if (rank > low) bad++;
    else low = rank;
  }
  return bad;
}

/* Whether a card may go home now and safely: no card still in play could ever need to lie on it.
   Built in suit, that is the card one rank lower of its suit, home already; built in alternate
   colours, the two of the other colour one rank lower: both their foundations must have reached
   that rank. */
function familySafe(engine, s, card) {
  const suit = Math.floor(card / 13), rank = card % 13;
  if (s.home[suit] !== rank) return false;
  if (engine.layout.build === "suit" || rank <= 1) return true;
  const other = suit >= 2 ? [0, 1] : [2, 3];
  return s.home[other[0]] >= rank && s.home[other[1]] >= rank;
}

function familyAutoHome(engine, s, tokens) {
  const cols = engine.columns, cells = engine.cells, written = (p) => (p === "0" ? "10" : p);
  for (let moved = true; moved;) {
    moved = false;
    for (let i = 0; i < s.columns.length; i++) {
      for (;;) {
        const col = s.columns[i];
        if (!col.length || !familySafe(engine, s, col[col.length - 1])) break;
        const token = written(cols[i]) + "h";
        s = engine.play(s, token);
        tokens.push(token);
        moved = true;
      }
    }
    for (let k = 0; k < s.cells.length; k++) {
      const c = s.cells[k];
      if (c !== null && familySafe(engine, s, c)) {
        s = engine.play(s, cells[k] + "h");
        tokens.push(cells[k] + "h");
        moved = true;
      }
    }
  }
  return s;
}

/* The moves worth trying: of the empty cells only the first, of the empty columns only the
   first, never a whole column into an empty one (each of those reaches a position the key
   already names), and no card home that auto-moves would have sent. */
function familyMoves(engine, s) {
  const cell = engine.cells[s.cells.indexOf(null)];
  const space = engine.columns[s.columns.findIndex((col) => col.length === 0)];
  return engine.legal(s).filter((token) => {
    const [src, dst] = engine.places(token);
    if (engine.cells.indexOf(dst) >= 0) return dst === cell;
    const d = engine.columns.indexOf(dst);
    if (d < 0 || s.columns[d].length) return true;
    if (dst !== space) return false;
    const i = engine.columns.indexOf(src);
    return i < 0 || engine.moving(s, token).length < s.columns[i].length;
  });
}

const familySearch = tableauSearch({ auto: familyAutoHome, moves: familyMoves,
                                     disorder: (engine, s, col) => familyDisorder(col),
                                     weights: [F_OUT, F_BAD, F_CELL, F_G] });

const SEARCHES = { "penguin": penguinSearch, "idiots-delight": idiotsSearch, "freecell": familySearch,
                   "bakers-game": familySearch, "eight-off": familySearch, "seahaven-towers": familySearch };

/* Whether the solver knows a game (the page offers hints only for these). */
export function knows(engine) { return Object.prototype.hasOwnProperty.call(SEARCHES, engine.name); }

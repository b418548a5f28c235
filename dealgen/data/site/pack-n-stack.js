/* dealgen: Pack 'n' Stack (David Parlett, two players) in the browser, as
   dealgen/games/pack_n_stack.py. Squares a1-e5 (index (row - 1) * 5 + column); "b2-b5" packs the
   pile on b2 onto b5's, "b2>b5" moves b2's packet to the empty square b5 once the stock is empty,
   "pass" when the side to move has no move. A state keeps the positions seen since the last pack,
   for the draws by repetition and by 20 quiet turns. */
import { Cards } from "./cards.js";
var SIZE = 5, NSQ = 25, COLS = "abcde", ROWS = "12345", SIDES = ["red", "black"];
var QUIET_LIMIT = 20, REPEAT_LIMIT = 3;
var NAMES = [];
for (var r = 0; r < SIZE; r++) for (var c = 0; c < SIZE; c++) NAMES.push(COLS[c] + ROWS[r]);
var SEES = NAMES.map(function (_, i) {
  var out = [];
  for (var j = 0; j < NSQ; j++) {
    if (j !== i && (Math.floor(j / SIZE) === Math.floor(i / SIZE) || j % SIZE === i % SIZE)) out.push(j);
  }
  return out;
});

function sideOf(card) { return Cards.suit(card) >= 2 ? 0 : 1; }

/* Whether a head of rank ``m`` may land on a head of rank ``t`` (1 = Ace ... 13 = King). */
function rankFollows(m, t) {
  if (t <= 10) return m > t;
  if (t === 11) return m === 12 || m === 13 || (m <= 10 && m % 2 === 1);
  if (t === 12) return m === 13 || (m <= 10 && m % 2 === 0);
  return m <= 10;
}
function follows(a, b) { return Cards.suit(a) === Cards.suit(b) && rankFollows(Cards.rank(a), Cards.rank(b)); }

function key(square, toMove) {
  return square.map(function (p) { return p.join("."); }).join("/") + "|" + toMove;
}

function fresh(square, stock, toMove, quiet, seen, s) {
  return { square: square, stock: stock, toMove: toMove, quiet: quiet, seen: seen.concat([key(square, toMove)]),
           rules: s.rules, deal: s.deal };
}

function counts(s) {
  var piles = [0, 0], stacks = [0, 0];
  s.square.forEach(function (p) {
    if (!p.length) return;
    var side = sideOf(p[p.length - 1]);
    piles[side]++;
    if (p.length === 13) stacks[side]++;
  });
  return { piles: piles, stacks: stacks };
}

function movesFor(s, side, firstOnly) {
  var out = [], shifts = s.stock.length === 0;
  for (var i = 0; i < NSQ; i++) {
    var pile = s.square[i];
    if (!pile.length || sideOf(pile[pile.length - 1]) !== side) continue;
    var head = pile[pile.length - 1];
    for (var k = 0; k < SEES[i].length; k++) {
      var j = SEES[i][k], target = s.square[j];
      if (target.length) {
        if (!follows(head, target[target.length - 1])) continue;
        out.push(NAMES[i] + "-" + NAMES[j]);
      } else if (shifts && pile.length > 1) out.push(NAMES[i] + ">" + NAMES[j]);
      else continue;
      if (firstOnly) return out;
    }
  }
  return out;
}

function result(s) {
  var c = counts(s);
  for (var side = 0; side < 2; side++) if (c.stacks[side] >= 2) return { status: "won", winner: SIDES[side] };
  if (s.quiet >= QUIET_LIMIT) return { status: "drawn", why: "quiet" };
  var here = key(s.square, s.toMove);
  if (s.seen.length >= REPEAT_LIMIT && s.seen.filter(function (k) { return k === here; }).length >= REPEAT_LIMIT) {
    return { status: "drawn", why: "repetition" };
  }
  return null;
}

function apply(s, token) {
  var other = 1 - s.toMove;
  if (token === "pass") return fresh(s.square, s.stock, other, s.quiet + 1, s.seen, s);
  var src = NAMES.indexOf(token.slice(0, 2)), dst = NAMES.indexOf(token.slice(3)), pack = token[2] === "-";
  var square = s.square.slice(), stock = s.stock, moving = square[src];
  if (stock.length) { square[src] = [stock[0]]; stock = stock.slice(1); } else square[src] = [];
  if (pack) {
    square[dst] = square[dst].concat(moving);
    return fresh(square, stock, other, 0, [], s);
  }
  square[dst] = moving;
  return fresh(square, stock, other, s.quiet + 1, s.seen, s);
}

export const engine = {
  name: "pack-n-stack",
  rules: ["parlett"],
  fromJSON: function (o) {
    var square = [];
    o.rows.forEach(function (row) { row.forEach(function (pile) { square.push(Cards.parseAll(pile)); }); });
    var toMove = SIDES.indexOf(String(o.to_move).toLowerCase());
    return fresh(square, Cards.parseAll(o.stock), toMove, o.quiet || 0, [], { rules: o.rules || "parlett",
                 deal: o.deal === undefined ? null : o.deal });
  },
  toJSON: function (s) {
    var rows = [];
    for (var r = 0; r < SIZE; r++) rows.push(s.square.slice(r * SIZE, r * SIZE + SIZE).map(Cards.codes));
    return { game: "pack-n-stack", deal: s.deal, rules: s.rules, to_move: SIDES[s.toMove], quiet: s.quiet,
             stock: Cards.codes(s.stock), rows: rows };
  },
  legal: function (s) {
    if (result(s) !== null) return [];
    var moves = movesFor(s, s.toMove, false);
    if (moves.length) return moves;
    return movesFor(s, 1 - s.toMove, true).length ? ["pass"] : [];
  },
  normalize: function (token) { return String(token).trim().toLowerCase(); },
  play: function (s, token) {
    token = engine.normalize(token);
    return engine.legal(s).indexOf(token) < 0 ? null : apply(s, token);
  },
  outcome: function (s) {
    var r = result(s);
    if (r !== null) return r;
    if (!movesFor(s, 0, true).length && !movesFor(s, 1, true).length) return { status: "drawn", why: "deadlock" };
    return { status: "playing" };
  },
  /* The defender's reply where a verified strategy has none to give (a race the winner can no
     longer lose): its first pack in dealgen's move order, else its first move. dealgen's
     site builder picks the same (dealgen.publish.strategyplay). */
  raceReply: function (s) {
    var moves = engine.legal(s);
    for (var i = 0; i < moves.length; i++) if (moves[i].indexOf("-") >= 0) return moves[i];
    return moves.length ? moves[0] : null;
  },
  NAMES: NAMES,
  SIDES: SIDES,
  sideOf: sideOf
};

/* dealgen: Perpetual Motion in the browser, as dealgen/games/perpetual_motion.py. The game
   plays itself: exactly one step is legal at a time ("d" deal, "41" pile 4 onto pile 1, "x" or
   "x2" discard, "g" gather); it is lost when a pass would start from a stock order that started
   an earlier one (orders are remembered since the last discard). */
import { Cards, discardedOf } from "./cards.js";

function topGroup(pile) {
  if (!pile.length) return 0;
  var rank = pile[pile.length - 1] % 13, k = 1;
  while (k < pile.length && pile[pile.length - 1 - k] % 13 === rank) k++;
  return k;
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function classicPending(s) {
  var row = s.row;
  if (row === null) return null;
  var ranks = row.map(function (c) { return c % 13; });
  var onTop = s.piles.map(function (p, i) { return p.length > 0 && p[p.length - 1] === row[i]; });
  if (ranks.every(function (r) { return r === ranks[0]; })) return onTop.every(Boolean) ? "x" : null;
  for (var i = 3; i >= 1; i--) {
    var j = ranks.indexOf(ranks[i]);
    if (j < i && onTop[i]) return "" + (i + 1) + (j + 1);
  }
  return null;
}

function recursivePending(s) {
  for (var i = 0; i < 4; i++) if (topGroup(s.piles[i]) >= 4) return "x" + (i + 1);
  var tops = s.piles.map(function (p) { return p.length ? p[p.length - 1] % 13 : -1; });
  for (var k = 3; k >= 1; k--) {
    var j = tops.indexOf(tops[k]);
    if (tops[k] >= 0 && j < k) return "" + (k + 1) + (j + 1);
  }
  return null;
}

function nextStep(s) {
  if (s.discarded === 52 || s.repeats !== null) return null;
  var step = s.rules === "classic" ? classicPending(s) : recursivePending(s);
  if (step !== null) return step;
  return s.stock.length ? "d" : "g";
}

function copy(s, changes) {
  var out = { stock: s.stock, piles: s.piles, discarded: s.discarded, rules: s.rules, deal: s.deal,
              pass: s.pass, row: s.row, starts: s.starts, repeats: s.repeats };
  for (var k in changes) out[k] = changes[k];
  return out;
}

function apply(s, step) {
  var piles = s.piles.map(function (p) { return p.slice(); });
  if (step === "d") {
    var row = s.stock.slice(0, 4);
    return copy(s, { stock: s.stock.slice(4), piles: piles.map(function (p, i) { return p.concat([row[i]]); }),
                     row: s.rules === "classic" ? row : null });
  }
  if (step === "g") {
    var order = s.rules === "classic" ? [3, 2, 1, 0] : [0, 1, 2, 3];
    var stock = [];
    order.forEach(function (i) { stock = stock.concat(piles[i]); });
    var pass = s.pass + 1, repeats = null;
    for (var n = 0; n < s.starts.length; n++) if (same(s.starts[n][1], stock)) { repeats = s.starts[n][0]; break; }
    var starts = repeats === null ? s.starts.concat([[pass, stock]]) : s.starts;
    return { stock: stock, piles: [[], [], [], []], discarded: s.discarded, rules: s.rules, deal: s.deal,
             pass: pass, row: null, starts: starts, repeats: repeats };
  }
  if (step[0] === "x") {
    if (step === "x") piles = piles.map(function (p) { return p.slice(0, -1); });
    else { var at = Number(step[1]) - 1; piles[at] = piles[at].slice(0, -4); }
    // the stock can never again hold as many cards: forget the orders kept so far
    return copy(s, { piles: piles, discarded: s.discarded + 4, starts: [] });
  }
  var src = Number(step[0]) - 1, dst = Number(step[1]) - 1;
  var k = s.rules === "classic" ? 1 : topGroup(piles[src]);
  piles[dst] = piles[dst].concat(piles[src].slice(piles[src].length - k));
  piles[src] = piles[src].slice(0, piles[src].length - k);
  return copy(s, { piles: piles });
}

export const engine = {
  name: "perpetual-motion",
  rules: ["classic", "recursive"],
  fromJSON: function (o) {
    var stock = Cards.parseAll(o.stock), piles = o.piles.map(Cards.parseAll);
    return {
      stock: stock, piles: piles, rules: o.rules || "classic", deal: o.deal === undefined ? null : o.deal,
      discarded: discardedOf(o.discarded, stock, piles),
      pass: o.pass === undefined ? 1 : o.pass, row: o.row ? Cards.parseAll(o.row) : null,
      starts: (o.starts || []).map(function (st) { return [st.pass, Cards.parseAll(st.stock)]; }),
      repeats: o.repeats === undefined ? null : o.repeats
    };
  },
  toJSON: function (s) {
    return {
      game: "perpetual-motion", deal: s.deal, rules: s.rules, pass: s.pass, discarded: s.discarded,
      stock: Cards.codes(s.stock), piles: s.piles.map(Cards.codes), row: s.row === null ? null : Cards.codes(s.row),
      starts: s.starts.map(function (st) { return { pass: st[0], stock: Cards.codes(st[1]) }; }),
      repeats: s.repeats
    };
  },
  legal: function (s) { var step = nextStep(s); return step === null ? [] : [step]; },
  normalize: function (token) { return String(token).trim().toLowerCase(); },
  play: function (s, token) {
    var step = nextStep(s);
    return step !== null && engine.normalize(token) === step ? apply(s, step) : null;
  },
  outcome: function (s) {
    if (s.discarded === 52) return { status: "won" };
    if (s.repeats !== null) return { status: "lost" };
    return { status: "playing" };
  },
  topGroup: topGroup
};

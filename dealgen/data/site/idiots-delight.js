/* dealgen: Idiot's Delight (Peter Drake's rules) in the browser, as dealgen/games/idiots_delight.py.
   Moves: "13" discards the pair on stacks 1 and 3, "3" stack 3's top card (a higher card of its
   suit shows), "d" deals four (strict: only when nothing can be discarded; free: at any time). */
import { Cards, discardedOf } from "./cards.js";

function tops(s) { return s.stacks.map(function (st) { return st.length ? st[st.length - 1] : null; }); }

/* Every discard possible now, pairs first, each in stack order. */
function discards(s) {
  var t = tops(s), pairs = [], singles = [];
  for (var i = 0; i < 4; i++) {
    var a = t[i];
    if (a === null) continue;
    for (var j = i + 1; j < 4; j++) if (t[j] !== null && a % 13 === t[j] % 13) pairs.push("" + (i + 1) + (j + 1));
    if (t.some(function (b) { return b !== null && Cards.suit(b) === Cards.suit(a) && b > a; })) singles.push("" + (i + 1));
  }
  return pairs.concat(singles);
}

export const engine = {
  name: "idiots-delight",
  rules: ["strict", "free"],
  fromJSON: function (o) {
    var stock = Cards.parseAll(o.stock), stacks = o.stacks.map(Cards.parseAll);
    return { stock: stock, stacks: stacks, discarded: discardedOf(o.discarded, stock, stacks),
             rules: o.rules || "strict", deal: o.deal === undefined ? null : o.deal };
  },
  toJSON: function (s) {
    return { game: "idiots-delight", deal: s.deal, rules: s.rules, discarded: s.discarded,
             stock: Cards.codes(s.stock), stacks: s.stacks.map(Cards.codes) };
  },
  legal: function (s) {
    var moves = discards(s);
    if (s.stock.length && (s.rules === "free" || !moves.length)) moves.push("d");
    return moves;
  },
  /* "31" is read as "13", as dealgen reads it. */
  normalize: function (token) {
    var t = String(token).trim().toLowerCase();
    return /^[1-4][1-4]$/.test(t) ? t.split("").sort().join("") : t;
  },
  play: function (s, token) {
    token = engine.normalize(token);
    if (engine.legal(s).indexOf(token) < 0) return null;
    if (token === "d") {
      return { stock: s.stock.slice(4), stacks: s.stacks.map(function (st, i) { return st.concat([s.stock[i]]); }),
               discarded: s.discarded, rules: s.rules, deal: s.deal };
    }
    var gone = token.split("").map(Number);
    return { stock: s.stock, discarded: s.discarded + gone.length, rules: s.rules, deal: s.deal,
             stacks: s.stacks.map(function (st, i) { return gone.indexOf(i + 1) >= 0 ? st.slice(0, -1) : st; }) };
  },
  outcome: function (s) {
    if (s.discarded === 52) return { status: "won" };
    if (!s.stock.length && !discards(s).length) return { status: "lost" };
    return { status: "playing" };
  },
  tops: tops
};

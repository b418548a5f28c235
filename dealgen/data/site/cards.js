/* dealgen: cards and what every game engine shares.
   A card is an int 0-51, suit * 13 + rank - 1, suits clubs, spades, hearts, diamonds (as in
   dealgen.cards); its code is "TH" for the ten of hearts. Each engine module exports its
   engine with the same interface (fromJSON, toJSON, legal, normalize, play, outcome). */
const RANKS = "A23456789TJQK", SUITS = "CSHD", SYMBOLS = "\u2663\u2660\u2665\u2666";
const RANK_NAMES = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const SUIT_NAMES = ["clubs", "spades", "hearts", "diamonds"];

export const Cards = {
  code: function (c) { return RANKS[c % 13] + SUITS[Math.floor(c / 13)]; },
  parse: function (code) {
    var text = String(code).trim().toUpperCase().replace(/^10/, "T");
    var r = RANKS.indexOf(text[0]), s = SUITS.indexOf(text[1]);
    if (text.length !== 2 || r < 0 || s < 0) throw new Error("not a card: " + code);
    return s * 13 + r;
  },
  rank: function (c) { return (c % 13) + 1; },
  suit: function (c) { return Math.floor(c / 13); },
  red: function (c) { return Math.floor(c / 13) >= 2; },
  rankText: function (c) { return c % 13 === 9 ? "10" : RANKS[c % 13]; },
  symbol: function (c) { return SYMBOLS[Math.floor(c / 13)]; },
  name: function (c) { return RANK_NAMES[c % 13] + " of " + SUIT_NAMES[Math.floor(c / 13)]; },
  codes: function (cards) { return cards.map(Cards.code); },
  parseAll: function (codes) { return codes.map(Cards.parse); },
  SUITS: SUITS,
  SUIT_NAMES: SUIT_NAMES,
  RANK_NAMES: RANK_NAMES
};

/* The cards a position has discarded: as its JSON says, or every card not in ``piles`` or the
   stock (a position written without the count). */
export function discardedOf(given, stock, piles) {
  if (given !== undefined && given !== null) return given;
  return 52 - stock.length - piles.reduce(function (n, p) { return n + p.length; }, 0);
}

/* JSON with keys sorted and no spaces: the same text Python's json.dumps(sort_keys=True,
   separators=(",", ":")) gives for positions (card codes, whole numbers, null). */
export function stable(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return "[" + value.map(stable).join(",") + "]";
  return "{" + Object.keys(value).sort().map(function (k) {
    return JSON.stringify(k) + ":" + stable(value[k]);
  }).join(",") + "}";
}

/* dealgen: Penguin's rules in the browser, line for line dealgen/games/penguin.py.
   Ranks turn the corner: rel(c) = (rank(c) - rank(beak)) mod 13. The three rule sets differ
   only in how many cards a move between columns may carry (runLimit). */
import { Cards, moveCards } from "./cards.js";
var COLUMNS = "1234567", CELLS = "abcdefg", HOME = "h";

function higher(c) { return c % 13 === 12 ? c - 12 : c + 1; }
function lower(c) { return c % 13 === 0 ? c + 12 : c - 1; }
function rel(s, c) { return (((c - s.beak) % 13) + 13) % 13; }
function homeCard(s, suit, k) { return suit * 13 + ((s.beak % 13) + k) % 13; }
function nextHome(s, suit) { return s.home[suit] === 13 ? null : homeCard(s, suit, s.home[suit]); }
function homeTop(s, suit) { return s.home[suit] === 0 ? null : homeCard(s, suit, s.home[suit] - 1); }

function runStart(s, col) {
  var column = s.columns[col], i = column.length - 1;
  while (i > 0 && column[i - 1] === higher(column[i])) i--;
  return Math.max(i, 0);
}

function runLimit(s, target) {
  if (s.rules === "single") return 1;
  if (s.rules === "supermove") {
    var cells = s.cells.filter(function (c) { return c === null; }).length;
    var cols = s.columns.filter(function (col, i) { return col.length === 0 && i !== target; }).length;
    return (cells + 1) * Math.pow(2, cols);
  }
  return 52;
}

function sourceCard(s, src) {
  if (CELLS.indexOf(src) >= 0) return s.cells[CELLS.indexOf(src)];
  var column = s.columns[COLUMNS.indexOf(src)];
  return column.length ? column[column.length - 1] : null;
}

/* How many cards a move onto a column carries, or 0 when it cannot. */
function columnPart(s, src, dst) {
  var d = COLUMNS.indexOf(dst), target = s.columns[d], moving;
  if (CELLS.indexOf(src) >= 0) moving = [s.cells[CELLS.indexOf(src)]];
  else {
    var c = COLUMNS.indexOf(src);
    moving = s.columns[c].slice(runStart(s, c));
  }
  var count;
  if (target.length) {
    var at = moving.indexOf(lower(target[target.length - 1]));
    if (at < 0) return 0;
    count = moving.length - at;
  } else {
    var head = -1;
    for (var i = 0; i < moving.length; i++) if (rel(s, moving[i]) === 12) { head = i; break; }
    if (head < 0) return 0;
    count = moving.length - head;
  }
  return count > runLimit(s, d) ? 0 : count;
}

function shapeOk(src, dst) {
  if (src === HOME || src === dst) return false;
  return !(CELLS.indexOf(src) >= 0 && CELLS.indexOf(dst) >= 0);
}

/* The number of cards the move carries (1 for a cell or the foundation), 0 if illegal. */
function carries(s, src, dst) {
  if (!shapeOk(src, dst)) return 0;
  var card = sourceCard(s, src);
  if (card === null) return 0;
  if (dst === HOME) return card === nextHome(s, Cards.suit(card)) ? 1 : 0;
  if (CELLS.indexOf(dst) >= 0) return s.cells[CELLS.indexOf(dst)] === null ? 1 : 0;
  return columnPart(s, src, dst);
}

function apply(s, src, dst, count) {
  var moved = moveCards(s, { columns: COLUMNS, cells: CELLS, home: HOME }, src, dst, count);
  return { beak: s.beak, columns: moved.columns, cells: moved.cells, home: moved.home, rules: s.rules, deal: s.deal };
}

var PLACES = HOME + COLUMNS + CELLS;

export const engine = {
  name: "penguin",
  rules: ["parlett", "supermove", "single"],
  fromJSON: function (o) {
    var beak = Cards.parse(o.beak), home = [0, 0, 0, 0];
    Cards.SUITS.split("").forEach(function (suit, k) {
      var top = o.foundations[suit];
      if (top !== null) home[k] = (((Cards.parse(top) - beak) % 13) + 13) % 13 + 1;
    });
    return {
      beak: beak, home: home, rules: o.rules || "parlett", deal: o.deal === undefined ? null : o.deal,
      cells: o.cells.map(function (c) { return c === null ? null : Cards.parse(c); }),
      columns: o.columns.map(Cards.parseAll)
    };
  },
  toJSON: function (s) {
    var found = {};
    Cards.SUITS.split("").forEach(function (suit, k) {
      var top = homeTop(s, k);
      found[suit] = top === null ? null : Cards.code(top);
    });
    return {
      game: "penguin", deal: s.deal, rules: s.rules, beak: Cards.code(s.beak), foundations: found,
      cells: s.cells.map(function (c) { return c === null ? null : Cards.code(c); }),
      columns: s.columns.map(Cards.codes)
    };
  },
  /* Every legal move in dealgen's order: sources columns 1-7 then cells a-g, targets h, 1-7, a-g. */
  legal: function (s) {
    var out = [], sources = [];
    for (var c = 0; c < 7; c++) if (s.columns[c].length) sources.push(COLUMNS[c]);
    for (var k = 0; k < 7; k++) if (s.cells[k] !== null) sources.push(CELLS[k]);
    sources.forEach(function (src) {
      for (var i = 0; i < PLACES.length; i++) if (carries(s, src, PLACES[i])) out.push(src + PLACES[i]);
    });
    return out;
  },
  normalize: function (token) { return String(token).trim().toLowerCase(); },
  play: function (s, token) {
    token = engine.normalize(token);
    if (token.length !== 2 || PLACES.indexOf(token[0]) < 0 || PLACES.indexOf(token[1]) < 0) return null;
    var n = carries(s, token[0], token[1]);
    return n ? apply(s, token[0], token[1], n) : null;
  },
  outcome: function (s) {
    var home = s.home.reduce(function (a, b) { return a + b; }, 0);
    if (home === 52) return { status: "won" };
    return { status: engine.legal(s).length ? "playing" : "lost" };
  },
  /* What a move carries, for the page: the cards that go. */
  moving: function (s, token) {
    var n = carries(s, token[0], token[1]);
    if (!n) return [];
    if (CELLS.indexOf(token[0]) >= 0) return [s.cells[CELLS.indexOf(token[0])]];
    var col = s.columns[COLUMNS.indexOf(token[0])];
    return col.slice(col.length - n);
  },
  /* A token as [source, target, count] (Penguin's moves carry what fits: count 1), or null. */
  places: function (token) {
    token = engine.normalize(token);
    return token.length === 2 && PLACES.indexOf(token[0]) >= 0 && PLACES.indexOf(token[1]) >= 0 ? [token[0], token[1], 1] : null;
  },
  columns: COLUMNS,
  cells: CELLS,
  homeTop: homeTop,
  nextHome: nextHome,
  runStart: runStart,
  rel: rel
};

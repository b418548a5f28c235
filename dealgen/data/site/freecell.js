/* dealgen: the FreeCell family's rules in the browser, line for line dealgen/games/freecell.py.
   FreeCell, Baker's Game, Eight Off and Seahaven Towers are one engine read from a layout:
   columns, cells, which cells the deal fills, the build rule (alternate colours or suit) and
   what an empty column takes (any card, or Kings only). Foundations build up in suit from the
   Ace. Moves are fc-solve's standard notation: "3a", "a5", "8h", "46", "46v3" (three cards to
   an empty column; the count is hexadecimal); the tenth column is "10" ("0" is read as it too). */
import { Cards, moveCards } from "./cards.js";
var HOME = "h";

export const LAYOUTS = {
  "freecell": { ncols: 8, ncells: 4, build: "alternate", empty: "any" },
  "bakers-game": { ncols: 8, ncells: 4, build: "suit", empty: "any" },
  "eight-off": { ncols: 8, ncells: 8, build: "suit", empty: "kings" },
  "seahaven-towers": { ncols: 10, ncells: 4, build: "suit", empty: "kings" }
};

function makeEngine(name) {
  var lay = LAYOUTS[name];
  var COLUMNS = "1234567890".slice(0, lay.ncols), CELLS = "abcdefgk".slice(0, lay.ncells);

  function written(place) { return place === "0" ? "10" : place; }
  function token(src, dst, count) { return written(src) + written(dst) + (count > 1 ? "v" + count.toString(16) : ""); }

  /* Whether card a may lie on card b in a column. */
  function fits(a, b) {
    if (a % 13 + 1 !== b % 13) return false;
    if (lay.build === "suit") return Cards.suit(a) === Cards.suit(b);
    return Cards.red(a) !== Cards.red(b);
  }

  function runStart(column) {
    var i = column.length - 1;
    while (i > 0 && fits(column[i], column[i - 1])) i--;
    return Math.max(i, 0);
  }

  function runLimit(s, target) {
    var free = s.cells.filter(function (c) { return c === null; }).length;
    if (lay.empty === "kings") return free + 1;
    var cols = s.columns.filter(function (col, i) { return col.length === 0 && i !== target; }).length;
    return (free + 1) * Math.pow(2, cols);
  }

  function sourceCard(s, src) {
    if (CELLS.indexOf(src) >= 0) return s.cells[CELLS.indexOf(src)];
    var column = s.columns[COLUMNS.indexOf(src)];
    return column.length ? column[column.length - 1] : null;
  }

  /* How many cards a move onto a column carries, or 0 when it cannot. */
  function toColumn(s, src, dst, count) {
    var d = COLUMNS.indexOf(dst), target = s.columns[d], moving, n;
    if (CELLS.indexOf(src) >= 0) moving = [s.cells[CELLS.indexOf(src)]];
    else {
      var column = s.columns[COLUMNS.indexOf(src)];
      moving = column.slice(runStart(column));
    }
    if (target.length) {
      var onto = target[target.length - 1], at = -1;
      for (var i = 0; i < moving.length; i++) if (fits(moving[i], onto)) { at = i; break; }
      if (at < 0) return 0;
      n = moving.length - at;
      if (count !== 1) return 0;  // a count is written only for a move to an empty column
    } else {
      n = count;
      if (n > moving.length) return 0;
      if (lay.empty === "kings" && moving[moving.length - n] % 13 !== 12) return 0;
    }
    return n > runLimit(s, d) ? 0 : n;
  }

  function place(ch) {
    if (COLUMNS.indexOf(ch) >= 0) return "column";
    if (CELLS.indexOf(ch) >= 0) return "cell";
    return ch === HOME ? "home" : "";
  }

  function shapeOk(src, dst, count) {
    var from = place(src), to = place(dst);
    if (src === HOME || !(from === "column" || from === "cell") || !to || src === dst) return false;
    if (from === "cell" && to === "cell") return false;
    if (count < 1) return false;
    return count === 1 || (from === "column" && to === "column");
  }

  /* The number of cards the move carries (1 for a cell or the foundation), 0 if illegal. */
  function carries(s, src, dst, count) {
    if (!shapeOk(src, dst, count)) return 0;
    var card = sourceCard(s, src);
    if (card === null) return 0;
    if (dst === HOME) return card % 13 === s.home[Cards.suit(card)] ? 1 : 0;
    if (CELLS.indexOf(dst) >= 0) return s.cells[CELLS.indexOf(dst)] === null ? 1 : 0;
    return toColumn(s, src, dst, count);
  }

  function apply(s, src, dst, n) {
    var moved = moveCards(s, { columns: COLUMNS, cells: CELLS, home: HOME }, src, dst, n);
    return { columns: moved.columns, cells: moved.cells, home: moved.home, rules: s.rules, deal: s.deal };
  }

  /* A token as [source, target, count], or null when it is no move of this game. */
  function parse(text) {
    var m = /^(10|[0-9a-hk])(10|[0-9a-hk])(?:v([0-9a-f]+))?$/.exec(text);
    if (!m) return null;
    var src = m[1] === "10" ? "0" : m[1], dst = m[2] === "10" ? "0" : m[2];
    var count = m[3] === undefined ? 1 : parseInt(m[3], 16);
    if (m[3] !== undefined && count < 2) return null;
    if (!place(src) || !place(dst) || !shapeOk(src, dst, count)) return null;
    return [src, dst, count];
  }

  var engine = {
    name: name,
    rules: ["standard"],
    layout: lay,
    fromJSON: function (o) {
      var home = [0, 0, 0, 0];
      Cards.SUITS.split("").forEach(function (suit, k) {
        var top = o.foundations[suit];
        if (top !== null) home[k] = Cards.parse(top) % 13 + 1;
      });
      return {
        home: home, rules: o.rules || "standard", deal: o.deal === undefined ? null : o.deal,
        cells: o.cells.map(function (c) { return c === null ? null : Cards.parse(c); }),
        columns: o.columns.map(Cards.parseAll)
      };
    },
    toJSON: function (s) {
      var found = {};
      Cards.SUITS.split("").forEach(function (suit, k) {
        found[suit] = s.home[k] ? Cards.code(k * 13 + s.home[k] - 1) : null;
      });
      return {
        game: name, deal: s.deal, rules: s.rules, foundations: found,
        cells: s.cells.map(function (c) { return c === null ? null : Cards.code(c); }),
        columns: s.columns.map(Cards.codes)
      };
    },
    /* Every legal move in dealgen's order: sources the columns then the cells; targets h, the
       columns, then (from a column) the cells; to an empty column every count the run allows. */
    legal: function (s) {
      var out = [], sources = [];
      for (var c = 0; c < lay.ncols; c++) if (s.columns[c].length) sources.push(COLUMNS[c]);
      for (var k = 0; k < lay.ncells; k++) if (s.cells[k] !== null) sources.push(CELLS[k]);
      sources.forEach(function (src) {
        var targets = HOME + COLUMNS + (CELLS.indexOf(src) >= 0 ? "" : CELLS);
        for (var i = 0; i < targets.length; i++) {
          var dst = targets[i], most = 1;
          if (dst === src) continue;
          if (COLUMNS.indexOf(src) >= 0 && COLUMNS.indexOf(dst) >= 0 && !s.columns[COLUMNS.indexOf(dst)].length) {
            var column = s.columns[COLUMNS.indexOf(src)];
            most = column.length - runStart(column);
          }
          for (var n = 1; n <= most; n++) if (carries(s, src, dst, n)) out.push(token(src, dst, n));
        }
      });
      return out;
    },
    normalize: function (text) { return String(text).trim().toLowerCase(); },
    play: function (s, text) {
      var move = parse(engine.normalize(text));
      if (move === null) return null;
      var n = carries(s, move[0], move[1], move[2]);
      return n ? apply(s, move[0], move[1], n) : null;
    },
    outcome: function (s) {
      var home = s.home.reduce(function (a, b) { return a + b; }, 0);
      if (home === 52) return { status: "won" };
      return { status: engine.legal(s).length ? "playing" : "lost" };
    },
    /* What a move carries, for the page: the cards that go. */
    moving: function (s, text) {
      var move = parse(engine.normalize(text));
      var n = move === null ? 0 : carries(s, move[0], move[1], move[2]);
      if (!n) return [];
      if (CELLS.indexOf(move[0]) >= 0) return [s.cells[CELLS.indexOf(move[0])]];
      var col = s.columns[COLUMNS.indexOf(move[0])];
      return col.slice(col.length - n);
    },
    runStart: function (s, col) { return runStart(s.columns[col]); },  // as Penguin's engine takes it
    /* A token as [source, target, count] (the tenth column's place is "0"), or null. */
    places: function (text) { return parse(engine.normalize(text)); },
    columns: COLUMNS,
    cells: CELLS,
    homeTop: function (s, suit) { return s.home[suit] ? suit * 13 + s.home[suit] - 1 : null; }
  };
  return engine;
}

export const engines = {};
Object.keys(LAYOUTS).forEach(function (name) { engines[name] = makeEngine(name); });
export const engine = engines.freecell;

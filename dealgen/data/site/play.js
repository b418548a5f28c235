/* dealgen: a day's page. Reads the day (the start, the verified line, the question) from the
   page, keeps the game as a list of positions made by the game's engine, and draws it with the
   game's view. A person plays by clicking or typing; scripts play through window.dealgen, which
   makes exactly the move it is given: the help a person may have (cards sent home, the
   defender's replies) is never added to scripted play. The game in progress is kept in the
   browser (store.js), and its result counts in the reader's statistics. */
import { Cards as C } from "./cards.js";
import { engine as penguin } from "./penguin.js";
import { engine as idiotsDelight } from "./idiots-delight.js";
import { engine as perpetualMotion } from "./perpetual-motion.js";
import { engine as packNStack } from "./pack-n-stack.js";
import { engines as family } from "./freecell.js";
import { siteStore, localDate, results, recordStart, recordEnd, stats } from "./store.js";
import { shareText, clock, againstPar } from "./share.js";
import { startPage } from "./settings.js";
import { advise, knows, DEFAULT_BUDGET } from "./solver.js";

const ENGINES = Object.assign({ "penguin": penguin, "idiots-delight": idiotsDelight, "perpetual-motion": perpetualMotion,
                                "pack-n-stack": packNStack }, family);
var data = JSON.parse(document.getElementById("dealgen-day").textContent);
var engine = ENGINES[data.game];
var board = document.getElementById("board");
var controls = document.getElementById("controls");
var statusLine = document.getElementById("status");
var movesLine = document.getElementById("moves");
var panel = document.getElementById("solution");
var resultBox = document.getElementById("result");
var start = engine.fromJSON(data.start);
var store = siteStore(window);
/* Perpetual Motion plays itself: it is watched, not won, so it has no result, clock or share. */
var scored = data.game !== "perpetual-motion";

/* ``hints`` counts the hints taken in this game (kept with it, told in its result); ``seconds``
   the time played, counted while the page is in view, from the first move to the end. */
var game = { states: [start], moves: [], marks: [], selected: null, timer: null, showing: null, note: "",
             hints: 0, seconds: 0 };

function current() { return game.states[game.states.length - 1]; }
function outcome() { return engine.outcome(current()); }
function won() {
  var o = outcome();
  return o.status === "won" && (!data.winner || o.winner === data.winner);
}

/* One move through the engine: false, and nothing changed, when it is not legal. ``mark`` is
   "move" for a move someone made, "auto" for one the page made for a person (undone with it). */
function apply(token, mark) {
  var next = engine.play(current(), token);
  if (next === null) return false;
  if (scored && game.showing === null && !game.moves.length) recordStart(store, data.stem, data.date, data.game);
  game.states.push(next);
  game.moves.push(engine.normalize(token));
  game.marks.push(mark || "move");
  return true;
}
function undoOne() {
  if (!game.moves.length) return false;
  game.states.pop(); game.moves.pop(); game.marks.pop();
  return true;
}
function stopTimer() {
  if (game.timer !== null) { clearTimeout(game.timer); game.timer = null; }
}
function leaveSolution() {
  if (game.showing !== null) { game.showing = null; panel.hidden = true; }
}

// -- the card as HTML ------------------------------------------------------------------------
function cardHTML(c, opts) {
  opts = opts || {};
  var cls = "card " + (C.red(c) ? "red" : "black") + " s" + C.suit(c) + (opts.beak ? " beak" : "") + (opts.cls ? " " + opts.cls : "");
  var style = (opts.i !== undefined ? ' style="--i:' + opts.i + '"' : "") + (opts.k !== undefined ? ' data-k="' + opts.k + '"' : "");
  return '<span class="' + cls + '"' + style + ' aria-hidden="true"><span class="idx">' + C.rankText(c) +
    C.symbol(c) + '</span><span class="pip">' + C.symbol(c) + "</span></span>";
}
function slotHTML(text, opts) {
  opts = opts || {};
  return '<span class="card slot' + (opts.cls ? " " + opts.cls : "") + '" aria-hidden="true">' + (text || "") + "</span>";
}
function backHTML(count) {
  return count ? '<span class="card back" aria-hidden="true"></span>' : slotHTML("");
}
function names(cards) { return cards.map(C.name).join(", "); }
function codes(cards) { return cards.map(C.code).join(" "); }  // what the page shows, for its tests
function fan(n) { return n > 12 ? Math.max(0.35, 11 / (n - 1)) : 1; }

// -- the views: one per game, each drawing a position and turning clicks and keys into moves -----
var views = {};

/* Penguin and the FreeCell family: the columns fanned under their names, the foundations at the
   right under h, the cells in a row beneath, as the printed diagrams have them, for any number of
   columns and cells (the engine names its places; the tenth column's place is "0", shown "10").
   A column's card may be clicked to lead the run that goes into an empty column; otherwise the
   longest run that may go there goes. ``safe`` says which cards a person may have sent home. */
function tableauView(eng, safe) {
  var PLACES = eng.columns + eng.cells + "h", beaked = eng.rel !== undefined;
  function shown(place) { return place === "0" ? "10" : place; }
  return {
    piles: eng.columns.length + 1,
    lead: null,  // {place, k}: the card chosen to lead a run
    render: function (s) {
      var view = this, sel = game.selected, targets = this.targets();
      var beakHome = beaked && eng.homeTop(s, C.suit(s.beak)) !== null;
      function pileAttrs(place, label, extra, cards) {
        var cls = (sel === place ? " selected" : "") + (targets.indexOf(place) >= 0 ? " target" : "");
        return 'role="button" tabindex="0" data-place="' + place + '" class="pile ' + extra + cls + '" aria-label="' +
          label + '" data-cards="' + codes(cards) + '"';
      }
      var html = '<div class="tableau" style="--cols:' + s.columns.length + '">';
      s.columns.forEach(function (col, i) {
        var place = eng.columns[i], run = sel === place ? view.leadAt(s, place) : col.length;
        var label = "Column " + shown(place) + (col.length ? ": " + names(col) + "; exposed " +
          C.name(col[col.length - 1]) : ": empty");
        html += "<div " + pileAttrs(place, label, "column", col) + '><span class="label">' + shown(place) + "</span>" +
          '<span class="fan" style="--n:' + Math.max(col.length, 1) + ";--fan:" + fan(col.length) + '">';
        html += col.length ? col.map(function (c, k) {
          return cardHTML(c, { i: k, k: k, beak: beaked && c === s.beak && !beakHome, cls: k >= run ? "run" : "" });
        }).join("") : slotHTML("");
        html += "</span></div>";
      });
      var tops = [0, 1, 2, 3].map(function (suit) { return eng.homeTop(s, suit); });
      var homeLabel = "Foundations: " + tops.map(function (t, suit) {
        return t !== null ? C.name(t) : C.SUIT_NAMES[suit] + (beaked ? " waiting for the beak" : " empty");
      }).join(", ");
      html += "<div " + pileAttrs("h", homeLabel, "home", tops.filter(function (t) { return t !== null; })) +
        '><span class="label">h</span><span class="homes">';
      tops.forEach(function (t, suit) {
        html += t === null ? slotHTML((beaked ? "beak" : "A") + '<span class="suit">' + C.symbol(suit * 13) + "</span>",
                                      { cls: "top" }) :
          cardHTML(t, { cls: s.home[suit] === 13 ? "done" : "" });
      });
      html += '</span></div></div><div class="cells" style="--cells:' + s.cells.length + '">';
      s.cells.forEach(function (c, k) {
        var place = eng.cells[k];
        html += "<div " + pileAttrs(place, "Cell " + place + ": " + (c === null ? "empty" : C.name(c)), "cell",
                                    c === null ? [] : [c]) +
          '><span class="label">' + place + "</span>" +
          (c === null ? slotHTML("") : cardHTML(c, { beak: beaked && c === s.beak })) + "</div>";
      });
      return html + "</div>";
    },
    /* Where the cards chosen in column ``place`` begin: the lead card when one was clicked in
       its run, else the run's start. */
    leadAt: function (s, place) {
      var i = eng.columns.indexOf(place), start = eng.runStart(s, i);
      return this.lead && this.lead.place === place && this.lead.k >= start ? this.lead.k : start;
    },
    /* The legal move from the chosen place to ``place``: where several carry different counts
       (into an empty column), the one the lead card heads, else the longest. */
    moveTo: function (place) {
      var s = current(), sel = game.selected, view = this, best = null, most = 0;
      var col = eng.columns.indexOf(sel), lead = col >= 0 ? s.columns[col].length - view.leadAt(s, sel) : 0;
      var led = view.lead !== null && view.lead.place === sel;
      eng.legal(s).forEach(function (m) {
        var p = eng.places(m);
        if (p[0] !== sel || p[1] !== place) return;
        var n = eng.moving(s, m).length, fit = led && n === lead ? 100 : n;
        if (fit > most) { best = m; most = fit; }
      });
      return best;
    },
    targets: function () {
      var sel = game.selected, seen = [];
      if (sel === null) return [];
      eng.legal(current()).forEach(function (m) {
        var p = eng.places(m);
        if (p[0] === sel && seen.indexOf(p[1]) < 0) seen.push(p[1]);
      });
      return seen;
    },
    choose: function (place, k) {
      var sel = game.selected, legal = eng.legal(current());
      function from(p) { return legal.some(function (m) { return eng.places(m)[0] === p; }); }
      function pick(view) { game.selected = place; view.lead = k === undefined ? null : { place: place, k: k }; return say(""); }
      if (sel === place && (k === undefined || (this.lead !== null && this.lead.k === k) ||
                            (this.lead === null && k >= this.leadAt(current(), place)))) {
        game.selected = null; this.lead = null; return say("");
      }
      if (sel === null || sel === place) {
        if (!from(place)) return say(place === "h" ? "Cards never leave the foundations." : "Nothing there can move now.");
        return pick(this);
      }
      var move = this.moveTo(place);
      if (move !== null) { game.selected = null; this.lead = null; return personPlay(move); }
      if (from(place)) return pick(this);
      return say("That move is not allowed: the cards that can go from " + this.where(sel) + " are marked.");
    },
    home: function (place) {
      var legal = eng.legal(current());
      for (var i = 0; i < legal.length; i++) {
        var p = eng.places(legal[i]);
        if (p[0] === place && p[1] === "h") { game.selected = null; this.lead = null; personPlay(legal[i]); return; }
      }
    },
    key: function (k) {
      if (PLACES.indexOf(k) >= 0) { this.choose(k); return true; }
      return false;
    },
    /* A person may have safe cards sent home (``safe``). */
    after: function () {
      if (!document.getElementById("auto-home") || !document.getElementById("auto-home").checked) return;
      for (var guard = 0; guard < 52; guard++) {
        var s = current(), pick = eng.legal(s).filter(function (m) {
          return eng.places(m)[1] === "h" && safe(s, eng.moving(s, m)[0]);
        })[0];
        if (!pick || !apply(pick, "auto")) break;
      }
    },
    status: function (s) {
      var home = s.home.reduce(function (a, b) { return a + b; }, 0);
      return home + " of 52 cards home";
    },
    where: function (place) {
      if (eng.columns.indexOf(place) >= 0) return "column " + shown(place);
      if (place === "h") return "the foundations";
      return "cell " + place;
    },
    /* The places a move names, for the hint's marks. */
    places: function (token) { return eng.places(token).slice(0, 2); },
    words: function (token) {
      var p = eng.places(token), n = eng.moving(current(), token).length;
      return "move " + (n > 1 ? n + " cards " : "") + "from " + this.where(p[0]) + " to " + this.where(p[1]) +
        " (" + token + ")";
    }
  };
}

/* Cards a person may have sent home: Penguin's, any card but the beak; the family's, a card no
   card still in play could need to lie on (built in suit, any; in alternate colours, once both
   foundations of the other colour have reached one rank below it). */
function safeHome(eng) {
  if (eng.rel !== undefined) return function (s, card) { return card !== s.beak; };
  if (eng.layout.build === "suit") return function () { return true; };
  return function (s, card) {
    var rank = card % 13, other = C.red(card) ? [0, 1] : [2, 3];
    return rank <= 1 || (s.home[other[0]] >= rank && s.home[other[1]] >= rank);
  };
}
if (engine.columns) views[data.game] = tableauView(engine, safeHome(engine));

views["idiots-delight"] = {
  render: function (s) {
    var sel = game.selected, html = '<div class="row4">';
    html += '<div role="button" tabindex="0" data-place="d" class="pile stock" aria-label="Stock: ' + s.stock.length +
      ' cards; deal four"><span class="label">stock</span>' + backHTML(s.stock.length) +
      '<span class="count">' + s.stock.length + " cards</span></div>";
    s.stacks.forEach(function (st, i) {
      var place = String(i + 1);
      html += '<div role="button" tabindex="0" data-place="' + place + '" data-cards="' + codes(st) + '" class="pile stack' +
        (sel === place ? " selected" : "") +
        '" aria-label="Stack ' + place + ": " + (st.length ? names(st) + "; on top " + C.name(st[st.length - 1]) : "empty") +
        '"><span class="label">' + place + '</span><span class="fan" style="--n:' + Math.max(st.length, 1) + ";--fan:" +
        fan(st.length) + '">' + (st.length ? st.map(function (c, k) { return cardHTML(c, { i: k }); }).join("") : slotHTML("")) +
        "</span></div>";
    });
    html += '<div class="pile discards" aria-label="Discards: ' + s.discarded + ' cards"><span class="label">discards</span>' +
      backHTML(s.discarded) + '<span class="count">' + s.discarded + " cards</span></div>";
    return html + "</div>";
  },
  choose: function (place) {
    var sel = game.selected, legal = engine.legal(current());
    if (place === "d") { game.selected = null; return legal.indexOf("d") >= 0 ? personPlay("d") :
      say(current().stock.length ? "Not yet: under strict rules you deal only when nothing can be discarded." :
        "The stock is empty."); }
    if (sel === null) {
      if (!current().stacks[Number(place) - 1].length) return say("Stack " + place + " is empty.");
      game.selected = place; return say("");
    }
    if (sel === place) {
      game.selected = null;
      return legal.indexOf(place) >= 0 ? personPlay(place) :
        say("Its card goes alone only when a higher card of its suit shows on another stack.");
    }
    var pair = engine.normalize(sel + place);
    if (legal.indexOf(pair) >= 0) { game.selected = null; return personPlay(pair); }
    game.selected = current().stacks[Number(place) - 1].length ? place : null;
    return say("Those two are not a pair.");
  },
  home: function (place) { if (place !== "d" && engine.legal(current()).indexOf(place) >= 0) { game.selected = null; personPlay(place); } },
  key: function (k) {
    if ("1234d".indexOf(k) >= 0) { this.choose(k); return true; }
    return false;
  },
  status: function (s) { return s.discarded + " of 52 discarded, " + s.stock.length + " in the stock"; }
};

views["perpetual-motion"] = {
  render: function (s) {
    var html = '<div class="row4">';
    html += '<div class="pile stock" aria-label="Stock: ' + s.stock.length + ' cards"><span class="label">stock</span>' +
      backHTML(s.stock.length) + '<span class="count">' + s.stock.length + " cards</span></div>";
    s.piles.forEach(function (p, i) {
      html += '<div class="pile stack" data-pile="' + (i + 1) + '" data-cards="' + codes(p) + '" aria-label="Pile ' + (i + 1) +
        ": " + (p.length ? names(p) : "empty") +
        '"><span class="label">' + (i + 1) + '</span><span class="fan" style="--n:' + Math.max(p.length, 1) +
        ";--fan:" + fan(p.length) + '">' + (p.length ? p.map(function (c, k) { return cardHTML(c, { i: k }); }).join("") :
        slotHTML("")) + "</span></div>";
    });
    html += '<div class="pile discards" aria-label="Discards: ' + s.discarded + ' cards"><span class="label">discards</span>' +
      backHTML(s.discarded) + '<span class="count">' + s.discarded + " cards</span></div></div>";
    if (game.moves.length === 0) {
      html += '<p class="stock-order"><span>The stock, top card first, in rows of four:</span> ' +
        rows(s.stock).join(" ") + "</p>";
    }
    return html;
  },
  choose: function () {},
  key: function (k) {
    if (k === " ") { this.toggle(); return true; }
    if (k === "s") { this.stop(); this.step(); return true; }
    if (k === "n") { this.stop(); this.pass(); return true; }
    return false;
  },
  step: function () { var legal = engine.legal(current()); if (legal.length) apply(legal[0]); refresh(); },
  /* To the end of the pass: the piles as they are gathered (a gathering due now comes first). */
  pass: function () {
    var next = engine.legal(current());
    if (next[0] === "g") apply("g");
    while ((next = engine.legal(current())).length && next[0] !== "g") apply(next[0]);
    refresh();
  },
  toggle: function () { if (game.timer !== null) this.stop(); else this.run(); },
  run: function () {
    var view = this;
    if (!engine.legal(current()).length) return;
    function tick() {
      var legal = engine.legal(current());
      if (!legal.length) { view.stop(); return; }
      var speed = Number(document.getElementById("speed").value);
      for (var k = 0; k < speed && engine.legal(current()).length; k++) apply(engine.legal(current())[0]);
      refresh();
      game.timer = setTimeout(tick, 120);
    }
    game.timer = setTimeout(tick, 0);
    document.getElementById("play-pause").textContent = "Pause";
  },
  stop: function () { stopTimer(); var b = document.getElementById("play-pause"); if (b) b.textContent = "Play"; },
  status: function (s) {
    return "Pass " + s.pass + " · " + s.discarded + " of 52 discarded · move " + game.moves.length + " of " + data.par;
  }
};
function rows(cards) {
  var out = [];
  for (var k = 0; k < cards.length; k += 4) {
    out.push('<span class="stock-row"><b>' + (k / 4 + 1) + ".</b> " + cards.slice(k, k + 4).map(function (c) {
      return '<span class="' + (C.red(c) ? "red" : "black") + " s" + C.suit(c) + '">' + C.rankText(c) + C.symbol(c) + "</span>";
    }).join(" ") + "</span>");
  }
  return out;
}

/* Pack 'n' Stack: the reader plays the problem's winner; the defender answers from the tree. */
var P = engine.NAMES ? engine : null;
views["pack-n-stack"] = {
  render: function (s) {
    var sel = game.selected, targets = this.targets(), html = '<div class="grid">';
    html += '<span class="corner"></span>' + "abcde".split("").map(function (c) {
      return '<span class="label col-label">' + c + "</span>";
    }).join("") + '<span class="label col-label">stock</span>';
    for (var r = 0; r < 5; r++) {
      html += '<span class="label row-label">' + (r + 1) + "</span>";
      for (var c = 0; c < 5; c++) {
        var i = r * 5 + c, pile = s.square[i], name = P.NAMES[i];
        var label = "Square " + name + ": " + (pile.length ? C.name(pile[pile.length - 1]) + (pile.length > 1 ?
          ", heading " + pile.length + " cards" + (pile.length === 13 ? ", a complete stack" : "") : ", alone") : "empty");
        html += '<div role="button" tabindex="0" data-place="' + name + '" data-cards="' + codes(pile) + '" class="pile square' +
          (sel === name ? " selected" : "") + (targets.indexOf(name) >= 0 ? " target" : "") +
          (pile.length > 1 ? " packet" : "") + '" aria-label="' + label + '">' +
          (pile.length ? cardHTML(pile[pile.length - 1]) : slotHTML("")) +
          (pile.length > 1 ? '<span class="count' + (pile.length === 13 ? " done" : "") + '">' +
            (pile.length === 13 ? "complete" : pile.length) + "</span>" : "") + "</div>";
      }
      html += r === 0 ? '<div class="pile stock" aria-label="Stock: ' + s.stock.length + ' cards">' +
        backHTML(s.stock.length) + '<span class="count">' + (s.stock.length ? s.stock.length : "empty") + "</span></div>" :
        "<span></span>";
    }
    return html + "</div>";
  },
  targets: function () {
    var sel = game.selected;
    if (sel === null) return [];
    return engine.legal(current()).filter(function (m) { return m.slice(0, 2) === sel; }).map(function (m) {
      return m.slice(3);
    });
  },
  typed: "",
  choose: function (place) {
    var s = current(), legal = engine.legal(s), sel = game.selected;
    if (P.SIDES[s.toMove] !== data.winner) return say("Wait for " + cap(P.SIDES[s.toMove]) + "'s reply.");
    if (sel !== null && sel !== place) {
      var move = legal.filter(function (m) { return m.slice(0, 2) === sel && m.slice(3) === place; })[0];
      if (move) { game.selected = null; return personPlay(move); }
    }
    if (sel === place) { game.selected = null; return say(""); }
    if (legal.some(function (m) { return m.slice(0, 2) === place; })) { game.selected = place; return say(""); }
    if (legal.length === 1 && legal[0] === "pass") return personPlay("pass");
    return say(sel === null ? "Choose one of your piles that can move." : "That move is not allowed.");
  },
  key: function (k) {
    if ("abcde".indexOf(k) >= 0) { this.typed = k; return true; }
    if ("12345".indexOf(k) >= 0 && this.typed) { var sq = this.typed + k; this.typed = ""; this.choose(sq); return true; }
    if (k === "p" && engine.legal(current()).indexOf("pass") >= 0) { personPlay("pass"); return true; }
    return false;
  },
  status: function (s) {
    var side = cap(P.SIDES[s.toMove]), legal = engine.legal(s);
    if (P.SIDES[s.toMove] === data.winner && legal.length === 1 && legal[0] === "pass") {
      return side + " has no move and passes: press P or click any square.";
    }
    return side + " to move · " + (s.stock.length ? s.stock.length + " in the stock" : "stock empty");
  }
};
function cap(w) { return w[0].toUpperCase() + w.slice(1); }

/* Where the moves made stand against the verified strategy: the winner's node now due (and the
   step of a race), or the first move off it. */
function track() {
  var node = data.strategy, step = 0, turn = 0;
  for (var i = 0; i < game.moves.length; i++) {
    var token = game.moves[i], mover = P.SIDES[game.states[i].toMove];
    if (mover === data.winner) {
      turn++;
      var expected = node.race ? node.race[step] : node.move;
      if (token !== expected) {
        var strays = node.race ? node.strays && node.strays[step] : node.strays;
        return { stray: { at: i, token: token, expected: expected, info: (strays || {})[token] || null, turn: turn } };
      }
      if (node.race) step++;
    } else if (!node.race) {
      var next = node.replies && node.replies[token];
      if (!next) return { stray: { at: i, token: token, defender: true, turn: turn } };
      node = next;
    }
  }
  return { node: node, step: step, turn: turn };
}

/* The defender's answer due now, for a person: from the tree, a refutation after a stray. */
function defenderReply() {
  var s = current();
  if (!data.strategy || P.SIDES[s.toMove] === data.winner || outcome().status !== "playing") return null;
  var t = track();
  if (t.stray) {
    var last = t.stray.at === game.moves.length - 1;
    return last && t.stray.info && t.stray.info.reply ? t.stray.info.reply : null;
  }
  return t.node.race ? engine.raceReply(s) : t.node.main || null;
}

function strayWords() {
  if (!data.strategy) return "";
  var t = track();
  if (!t.stray) return "";
  var st = t.stray, me = cap(data.winner), them = data.winner === "red" ? "Black" : "Red", left = data.n - st.turn;  // the stray spent a turn
  if (st.defender) return "This line leaves the verified strategy. Undo (U) to return to it.";
  var info = st.info;
  if (info && info.wins) {
    return st.token + " also wins within the turns left, but this page follows the verified strategy, which plays " +
      st.expected + " here. Undo (U) and play " + st.expected + " to go on.";
  }
  if (info && info.reply && left < 1) {
    return st.token + " does not win, and it was " + me + "'s last turn of the " + data.n + " the problem allows. " +
      "The winning move is " + st.expected + ". Undo (U) to try again.";
  }
  if (info && info.reply) {
    var answered = game.moves.length > st.at + 1;
    return st.token + " lets " + them + " escape: " + (answered ? "after its answer " + info.reply + ", " :
      "it can answer " + info.reply + ", and ") + me + " can no longer force a win within the " + left + " turn" +
      (left === 1 ? "" : "s") + " left. The move that keeps the win is " + st.expected + ". Undo (U) to try again.";
  }
  if (info && info.ends) return st.token + " ends the game: " + info.ends + ". The winning move is " + st.expected + ".";
  return st.token + " is not the strategy's move (" + st.expected + " is), and whether it still wins is not settled " +
    "here. Undo (U) to follow the strategy.";
}

// -- what a person does ---------------------------------------------------------------------
function say(text) { game.note = text; refresh(); }

function personPlay(token) {
  stopTimer();
  leaveSolution();
  if (outcome().status !== "playing") return say("The game is over: undo or restart.");
  if (data.strategy && track().stray) return say(strayWords());
  if (!apply(token, "move")) return say("That move is not allowed.");
  game.note = "";
  if (view.after) view.after();
  refresh();
  if (data.strategy) {
    var reply = defenderReply();
    if (reply) {
      game.timer = setTimeout(function () {
        game.timer = null;
        if (defenderReply() === reply) apply(reply, "auto");
        refresh();
      }, 450);
    }
  }
}

function personUndo() {
  stopTimer();
  leaveSolution();
  game.selected = null;
  while (game.marks.length && game.marks[game.marks.length - 1] === "auto") undoOne();
  undoOne();
  game.note = "";
  refresh();
}

function restart() {
  stopTimer();
  leaveSolution();
  game.states = [start]; game.moves = []; game.marks = []; game.selected = null; game.note = "";
  game.hints = 0; game.seconds = 0;
  refresh();
}

// -- the solution, step by step ----------------------------------------------------------------
function showSolution() {
  stopTimer();
  if (scored && !won()) finish(false);  // seeing the answer first is giving up
  game.showing = { stash: { states: game.states, moves: game.moves, marks: game.marks } };
  game.states = [start]; game.moves = []; game.marks = []; game.selected = null; game.note = "";
  panel.hidden = false;
  refresh();
}
function solutionStep(delta) {
  if (game.showing === null) return;
  var k = game.moves.length;
  if (delta > 0 && k < data.solution.length) apply(data.solution[k], "move");
  if (delta < 0 && k > 0) undoOne();
  refresh();
}
function backToMine() {
  if (game.showing === null) return;
  var stash = game.showing.stash;
  game.showing = null;
  panel.hidden = true;
  game.states = stash.states; game.moves = stash.moves; game.marks = stash.marks;
  refresh();
}
function renderPanel() {
  if (game.showing === null) return;
  var k = game.moves.length, n = data.solution.length;
  var words = k ? "Move " + k + " of " + n + ": " + data.steps[k - 1] + " (" + data.solution[k - 1] + ")" :
    "The verified line, " + n + " moves. Step through it with Next (→).";
  panel.innerHTML = '<p class="step-words">' + esc(words) + '</p><div class="buttons">' +
    '<button type="button" data-act="prev"' + (k ? "" : " disabled") + ">← Back</button>" +
    '<button type="button" data-act="next"' + (k < n ? "" : " disabled") + ">Next →</button>" +
    '<button type="button" data-act="mine">Back to my game</button></div>';
}
function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// -- kept in the browser: the game in progress, its result ------------------------------------
/* The game is saved after every change (its moves replay through the engine on the next visit,
   so a saved game that is not this page's is dropped); a game at its start is not kept. */
function save() {
  if (!game.moves.length) { store.remove("game:" + data.stem); return; }
  store.set("game:" + data.stem, { moves: game.moves, marks: game.marks, hints: game.hints, seconds: game.seconds });
}
function restore() {
  var kept = store.get("game:" + data.stem);
  if (!kept || !Array.isArray(kept.moves) || !Array.isArray(kept.marks)) return;
  for (var i = 0; i < kept.moves.length; i++) {
    if (!apply(kept.moves[i], kept.marks[i] === "auto" ? "auto" : "move")) {  // not this page's game: dropped
      game.states = [start]; game.moves = []; game.marks = [];
      return;
    }
  }
  game.hints = Number(kept.hints) || 0;
  game.seconds = Number(kept.seconds) || 0;
}
function myResult() {
  var r = results(store)[data.stem];
  return r && (r.won || r.gaveUp) ? r : null;
}
/* The game's end, recorded once: a win, or a give-up when the solution is shown first. */
function finish(win) {
  if (myResult()) return;
  recordEnd(store, data.stem, data.date, data.game, { won: win, moves: myMoves(), par: myPar(), hints: game.hints,
                                                      seconds: game.seconds }, localDate(new Date()));
}
/* Moves as the status line counts them (cards the page sent home included, as par counts them);
   a problem counts the winner's turns. */
function myMoves() {
  if (!data.strategy) return game.moves.length;
  return game.states.slice(0, -1).filter(function (s) { return P.SIDES[s.toMove] === data.winner; }).length;
}
function myPar() { return data.strategy ? data.n : data.par; }
function clockTick() {
  var playing = scored && game.showing === null && game.moves.length && !myResult() && outcome().status === "playing";
  if (!playing || document.hidden) return;
  game.seconds++;
  save();
  document.getElementById("clock").textContent = clock(game.seconds);
}
function shareFacts(r) {
  var rules = data.rules && data.rules !== engine.rules[0] ? " (" + data.rules + " rules)" : "";
  var link = location.protocol === "http:" || location.protocol === "https:" ? location.href.split("#")[0] : "";
  return { site: data.site, title: data.title + rules, dated: data.dated, grade: data.grade, mark: data.mark,
           won: r.won, moves: r.moves, par: r.par, unit: data.strategy ? "turns" : "moves", hints: r.hints,
           seconds: r.seconds, link: data.link || link, verb: data.verb };
}
function renderResult() {
  var r = scored ? myResult() : null;
  if (!r || game.showing !== null) { resultBox.hidden = true; return; }
  var s = stats(results(store), localDate(new Date()));
  var how = r.won ? shareFacts(r).verb + " in " + r.moves + " " + (data.strategy ? "turns" : "moves") + " (" + againstPar(r.moves, r.par) +
    ")" : "You gave up after " + r.moves + " moves";
  resultBox.hidden = false;
  var hints = Number(r.hints) || 0;
  resultBox.innerHTML = '<p class="result-head">' + esc(how) + " · " + esc(clock(r.seconds)) + " · " +
    (hints === 1 ? "1 hint" : hints + " hints") + "</p>" +
    '<dl class="stats"><div><dt>Played</dt><dd>' + s.played + "</dd></div><div><dt>Won</dt><dd>" + s.won +
    "</dd></div><div><dt>Streak</dt><dd>" + s.streak + "</dd></div><div><dt>Longest</dt><dd>" + s.maxStreak +
    "</dd></div></dl>" + '<button type="button" data-act="share">Share</button> <span id="shared" role="status"></span>';
}
/* Share through the system's sheet where there is one, else to the clipboard, else shown to copy. */
function share() {
  var text = window.dealgen.shareText(), shown = document.getElementById("shared");
  if (text === null) return;
  function tell(words) { shown.textContent = words; }
  function show() { tell(""); shown.innerHTML = '<textarea readonly rows="4">' + esc(text) + "</textarea>"; }
  if (navigator.share) { navigator.share({ text: text }).catch(function () { /* dismissed */ }); return; }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(function () { tell("Copied: paste it anywhere."); }, show);
    return;
  }
  show();
}

// -- drawing ---------------------------------------------------------------------------------
var view = views[data.game];
if (view.piles) { board.classList.add("tableau-board"); board.style.setProperty("--piles", view.piles); }

function statusText() {
  var s = current(), o = outcome(), n = game.moves.length;
  if (game.note) return game.note;
  if (game.showing !== null) return view.status(s);
  var stray = strayWords();
  if (stray) return stray;
  if (data.game === "perpetual-motion") {
    if (o.status === "won") return "It comes out: all 52 cards discarded, in " + s.pass + " passes.";
    if (o.status === "lost") return "It goes round forever: pass " + s.pass + " would start as pass " + s.repeats + " did.";
    return view.status(s);
  }
  if (o.status === "won") {
    if (data.strategy) return o.winner === data.winner ? cap(data.winner) + " wins: two complete stacks. You forced it, as " +
      "the problem promised (" + data.question + ")." : cap(o.winner) + " wins.";
    var par = data.par, diff = n - par;
    var against = diff === 0 ? "exactly par." : diff > 0 ? diff + " over par (" + par + ")." : -diff + " under par (" + par + ")!";
    return data.verb + " in " + n + " moves: " + against;
  }
  if (o.status === "lost") return data.game === "idiots-delight" ?
    "The stock is empty and nothing can be discarded: undo (U) or restart." : "No move is left: undo (U) or restart.";
  if (o.status === "drawn") return "The game is drawn. Undo (U) or restart.";
  return "Moves: " + n + (data.strategy ? "" : " (par " + data.par + ")") + " · " + view.status(s);
}

function refresh() {
  if (game.showing === null) { save(); if (scored && won()) finish(true); }
  var focused = document.activeElement && document.activeElement.getAttribute("data-place");
  board.innerHTML = view.render(current());
  board.setAttribute("data-moves", String(game.moves.length));
  board.setAttribute("data-status", outcome().status);
  if (focused) {
    var again = board.querySelector('[data-place="' + focused + '"]');
    if (again) again.focus();
  }
  statusLine.textContent = statusText();
  showHint();  // hints
  movesLine.textContent = game.moves.length ? "Moves: " + game.moves.join(" ") : "";
  var shownClock = document.getElementById("clock");
  if (shownClock) shownClock.textContent = clock(game.seconds);
  var undo = document.getElementById("undo");
  if (undo) undo.disabled = game.moves.length === 0;
  renderPanel();
  renderResult();
}

function buildControls() {
  var html = "";
  if (data.game === "perpetual-motion") {
    html += '<button type="button" id="play-pause" data-act="toggle">Play</button>' +
      '<button type="button" data-act="step">Step</button><button type="button" data-act="pass">Next pass</button>' +
      '<button type="button" id="undo" data-act="back">Step back</button>' +
      '<button type="button" data-act="restart">Restart</button>' +
      '<label>Speed <select id="speed"><option value="1">slow</option><option value="4" selected>normal</option>' +
      '<option value="20">fast</option><option value="200">fastest</option></select></label>' +
      '<button type="button" data-act="reveal">Show the answer</button><span id="answer" class="answer" hidden>' +
      esc(data.answer) + ".</span>";
  } else {
    html += '<button type="button" id="undo" data-act="undo">Undo</button>' +
      '<button type="button" data-act="restart">Restart</button>' +
      '<button type="button" data-act="solution" title="Before a win, seeing the solution counts as giving up">' +
      "Show solution</button>";
    if (HINTED) html += '<button type="button" id="hint" data-act="hint" title="The next move of a winning line; counts as a hint used">Hint</button>';  // hints
    if (view.after) html += '<label class="auto"><input type="checkbox" id="auto-home"> Send safe cards home</label>';
    html += '<span class="clock" id="clock" role="timer" aria-label="Time played">' + clock(game.seconds) + "</span>";
  }
  controls.innerHTML = html;
}

function onAct(act) {
  var v = view;
  switch (act) {
    case "undo": personUndo(); break;
    case "restart": if (v.stop) v.stop(); restart(); break;
    case "solution": showSolution(); break;
    case "prev": solutionStep(-1); break;
    case "next": solutionStep(1); break;
    case "mine": backToMine(); break;
    case "toggle": v.toggle(); break;
    case "step": v.stop(); v.step(); break;
    case "pass": v.stop(); v.pass(); break;
    case "back": v.stop(); undoOne(); refresh(); break;
    case "reveal": document.getElementById("answer").hidden = false; break;
    case "share": share(); break;
    case "hint": askHint(); break;  // hints
  }
}

document.addEventListener("click", function (e) {
  var button = e.target.closest("[data-act]");
  if (button) { onAct(button.getAttribute("data-act")); return; }
  var pile = e.target.closest("#board [data-place]");
  var card = e.target.closest("[data-k]");
  if (pile && view.choose) view.choose(pile.getAttribute("data-place"), card ? Number(card.getAttribute("data-k")) : undefined);
});
board.addEventListener("dblclick", function (e) {
  var pile = e.target.closest("[data-place]");
  if (pile && view.home) view.home(pile.getAttribute("data-place"));
});
document.addEventListener("keydown", function (e) {
  if (e.ctrlKey && (e.key === "z" || e.key === "Z")) { e.preventDefault(); personUndo(); return; }
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var tag = e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  var k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if ((k === "Enter" || k === " ") && e.target.closest && e.target.closest("#board [data-place]")) {
    e.preventDefault();
    view.choose(e.target.getAttribute("data-place"));
    return;
  }
  if (tag === "BUTTON" && (k === "Enter" || k === " ")) return;
  if (game.showing !== null && (k === "ArrowRight" || k === "ArrowLeft")) { solutionStep(k === "ArrowRight" ? 1 : -1); return; }
  if (k === "Escape") { game.selected = null; say(""); return; }
  if (k === "?" && HINTED) { askHint(); return; }  // hints
  if (k === "u" || k === "Backspace") { e.preventDefault(); if (data.game === "perpetual-motion") onAct("back"); else personUndo(); return; }
  if (view.key(k)) e.preventDefault();
});

// -- hints (issue 49): begin ------------------------------------------------------------------
/* The page's solver (solver.js) answers from any position: the next move of a winning line, or
   how far back play must go to win again. Its budget is a count of positions (see solver.js), so
   the same position gets the same answer on every machine; past it the page says it does not
   know. Hints taken count in game.hints (the result and the share text tell them). */
var HINTED = knows(engine);
var hintLine = document.createElement("p");
hintLine.id = "hint-line"; hintLine.className = "hint-line"; hintLine.setAttribute("aria-live", "polite");
statusLine.parentNode.insertBefore(hintLine, statusLine.nextSibling);
var hints = { asked: null, memo: null };

/* What the solver says of the game so far (solver.advise), kept until the game changes. The
   day's verified line is known to win: no search looks back past where play left it. Looking
   back from a lost position runs only for the Hint button (``back``). */
function advice(back) {
  if (!HINTED || game.showing !== null) return null;
  var moves = game.moves, n = moves.length, key = moves.join(" "), memo = hints.memo;
  if (memo && memo.key === key && (memo.back || !back)) return memo.answer;
  if (memo && memo.answer.undo === 0 && key.indexOf(memo.key) === 0) {  // along a line given before
    var extra = moves.slice(memo.n), line = memo.answer.line;
    if (extra.every(function (m, i) { return line[i] === m; })) {
      return keep(key, n, true, { verdict: "won", undo: 0, line: line.slice(extra.length), here: true });
    }
  }
  return keep(key, n, back, advise(engine, game.states, DEFAULT_BUDGET,
                                   { back: back, known: { at: leftLine(), line: data.solution.slice(leftLine()) } }));
}
function keep(key, n, back, answer) { hints.memo = { key: key, n: n, back: back, answer: answer }; return answer; }
/* How many moves of the game follow the day's verified line. */
function leftLine() {
  var p = 0;
  while (p < game.moves.length && p < data.solution.length && game.moves[p] === data.solution[p]) p++;
  return p;
}

function moveWords(token) {
  if (view.words) return view.words(token);
  if (token === "d") return "deal four (d)";
  if (token.length === 2) return "discard the pair on stacks " + token[0] + " and " + token[1] + " (" + token + ")";
  return "discard the card on stack " + token + " (" + token + ")";
}
function plural(k) { return k + " move" + (k === 1 ? "" : "s"); }

/* The Hint button: the next move, shown on the board, or where play must go back to. */
function askHint() {
  if (!HINTED || outcome().status === "won") return;
  leaveSolution();
  hintLine.textContent = "Thinking…";
  setTimeout(function () {  // (the words above are drawn first)
    var a = advice(true), key = game.moves.join(" ");
    if (a.verdict !== "unknown" && hints.asked !== key) game.hints++;  // (asking again at once is free)
    hints.asked = key;
    refresh();
  }, 30);
}
function hintText(a) {
  if (a.verdict === "won" && a.undo === 0) return "Hint: " + moveWords(a.line[0]) + ".";
  if (a.verdict === "won") return "No win from here: undo " + plural(a.undo) + ".";
  if (a.verdict === "lost") return "No win from here, nor from any earlier position.";
  if (a.here === false) {
    return "No win from here" + (a.lostFor > 1 ? ", nor after undoing up to " + plural(a.lostFor - 1) : "") +
      ". Undoing " + plural(game.moves.length - leftLine()) + ", to where you left the day's solution, wins; " +
      "whether fewer do is past what the hint searches.";
  }
  return "The hint does not know: this position is past what it searches quickly. It never guesses.";
}
/* After every redraw: the answer to the last Hint while the game is where it was asked. */
function showHint() {
  var a = hints.asked !== null && hints.asked === game.moves.join(" ") ? advice(true) : null;
  if (!a) { if (hintLine.textContent !== "Thinking…") hintLine.textContent = ""; return; }
  hintLine.textContent = hintText(a);
  if (a.verdict === "won" && a.undo === 0) {
    var token = a.line[0], places = view.places ? view.places(token) : token === "d" ? ["d"] : token.split("");
    places.forEach(function (place) {
      var pile = board.querySelector('[data-place="' + place + '"]');
      if (pile) pile.classList.add("hint");
    });
  }
}
// -- hints: end -------------------------------------------------------------------------------

// -- the scripting API: exactly the move given, nothing added ----------------------------------
function scripted() { stopTimer(); leaveSolution(); game.selected = null; game.note = ""; }
window.dealgen = {
  position: function () { return engine.toJSON(current()); },
  play: function (token) {
    scripted();
    var ok = typeof token === "string" && apply(token, "move");
    refresh();
    return ok;
  },
  legal: function () { return engine.legal(current()); },
  undo: function () { scripted(); var ok = undoOne(); refresh(); return ok; },
  reset: function () { scripted(); restart(); },
  won: function () { return won(); },
  solution: function () { return data.solution.slice(); },
  shareText: function () { var r = myResult(); return r ? shareText(shareFacts(r)) : null; },
  stats: function () { var s = stats(results(store), localDate(new Date())); return { played: s.played, won: s.won,
    streak: s.streak, maxStreak: s.maxStreak }; },
  hint: function () {  // hints
    var a = advice(false), ok = a !== null && a.here === true && a.line.length > 0;
    if (ok) { game.hints++; save(); }
    return ok ? a.line[0] : null;
  },
  winnable: function () { var a = advice(false); return a ? a.here : null; },  // hints
  hintsUsed: function () { return game.hints; }  // hints
};

startPage(window, store, refresh);
buildControls();
restore();
refresh();
setInterval(clockTick, 1000);

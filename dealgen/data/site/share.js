/* dealgen: the result of a day, as text to share. It tells how it went and never what was
   played: the site, the game, the date, the grade, the moves against par, the hints used, the
   time and the page's address (docs/guides/site.md gives the format). */

export function clock(seconds) {
  var s = Math.max(0, Math.floor(seconds)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  var ss = (s % 60 < 10 ? "0" : "") + (s % 60);
  return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
}

export function againstPar(moves, par) {
  var diff = moves - par;
  return diff === 0 ? "par" : diff > 0 ? "+" + diff + " over par " + par : -diff + " under par " + par;
}

/* ``r``: site, title (the game, with its rules), dated, grade, mark, won, moves, par, unit
   ("moves", or "turns" for a problem), hints, seconds, link (may be empty). */
export function shareText(r) {
  var hints = r.hints === 1 ? "1 hint" : r.hints + " hints";
  var how = r.won ? (r.verb || "Solved") + " in " + r.moves + " " + r.unit + " (" + againstPar(r.moves, r.par) + ")" :
    "Gave up after " + r.moves + " " + r.unit + " (par " + r.par + ")";
  var lines = [r.site, r.title + " · " + r.dated + " · " + r.grade + " " + r.mark,
               how + " · " + hints + " · " + clock(r.seconds)];
  if (r.link) lines.push(r.link);
  return lines.join("\n");
}

/* dealgen: the index. It marks each day the reader has played (solved, or played and not yet
   solved, or given up) and shows their statistics, both kept in the browser; and it follows the
   reader's own date: "Today" shows the reader's today when the site has it (the page was built
   on some day; without the script it shows the build's today). */
import { siteStore, localDate, results, stats } from "./store.js";
import { startPage } from "./settings.js";

var days = JSON.parse(document.getElementById("dealgen-days").textContent);
var store = siteStore(window);
var today = localDate(new Date());
startPage(window, store, null);

function markDays() {
  var all = results(store);
  document.querySelectorAll("[data-stem]").forEach(function (li) {
    var r = all[li.getAttribute("data-stem")];
    var mark = li.querySelector(".mark");
    if (!mark) {  // on a card of today's, inside its link
      mark = document.createElement("span");
      mark.className = "mark";
      (li.classList.contains("day-card") ? li.querySelector("a") : li).appendChild(mark);
    }
    var state = !r ? "" : r.won ? "solved" : r.gaveUp ? "gave up" : "started";
    li.setAttribute("data-done", state);
    mark.textContent = state ? (r.won ? "\u2713 " : "") + state : "";
  });
  var s = stats(all, today), line = document.getElementById("my-stats");
  if (line && s.played) {
    line.hidden = false;
    line.textContent = "You have played " + s.played + " and solved " + s.won + " · streak " + s.streak +
      " (longest " + s.maxStreak + ")" + (s.overPar === null ? "" : " · on average " + s.overPar + " moves over par");
  }
}

function showToday() {
  var mine = days.filter(function (d) { return d.date === today; });
  if (!mine.length) return;
  var list = document.getElementById("today");
  list.innerHTML = "";
  mine.forEach(function (d) {
    var li = document.createElement("li"), a = document.createElement("a");
    li.className = "day-card";
    li.setAttribute("data-date", d.date);
    li.setAttribute("data-stem", d.page.slice(0, -5));
    a.href = d.page;
    [["game", d.title], ["grade", d.grade.charAt(0).toUpperCase() + d.grade.slice(1) + " " + d.mark],
     ["q", d.question]].forEach(function (part) {
      var span = document.createElement("span");
      span.className = part[0];
      span.textContent = part[1];
      a.appendChild(span);
    });
    li.appendChild(a);
    list.appendChild(li);
  });
  var when = new Date(today + "T12:00:00");
  document.getElementById("today-date").textContent = when.toLocaleDateString("en-GB",
    { weekday: "long", day: "numeric", month: "long", year: "numeric" }).replace(",", "");
}

showToday();
markDays();

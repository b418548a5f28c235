/* dealgen: the index follows the reader's own date. The page was built on some day; a site
   published ahead holds days still to come, hidden until their date, and "Today" shows the
   reader's today when the site has it. Without the script the page shows the build's today. */
(function () {
  "use strict";
  var days = JSON.parse(document.getElementById("dealgen-days").textContent);
  var now = new Date();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  var today = now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
  document.querySelectorAll("[data-future]").forEach(function (li) {
    if (li.getAttribute("data-date") <= today) li.hidden = false;
  });
  var mine = days.filter(function (d) { return d.date === today; });
  if (!mine.length) return;
  var list = document.getElementById("today");
  list.innerHTML = "";
  mine.forEach(function (d) {
    var li = document.createElement("li"), a = document.createElement("a");
    li.className = "day-card";
    li.setAttribute("data-date", d.date);
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
})();

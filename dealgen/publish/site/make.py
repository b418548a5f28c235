"""`dealgen site`: a static site of the daily puzzles, each day a page where people play it.

    index.html            today's puzzles and the archive by month
    GAME-DATE.html        a day's page: the deal, played with the game's JavaScript engine
    feed.xml              an Atom feed of the days published so far
    days.json             every day of the site (read back by the next run, which adds to it)
    img/GAME-DATE-wide.png (and .alt.txt)   the link preview
    assets/               scripts, styles, the bundled DejaVu fonts, the theme and its logo

Pages name everything relatively and load nothing from elsewhere, so the folder works from any
static host and opened from disk (file://). The day's puzzle, verified line and (Pack 'n' Stack)
strategy are written into its page, as JSON the page's script reads.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from pathlib import Path
from typing import Any, Iterator

from ... import __version__
from ...errors import InputError
from ...fileio import parse_json, read_text
from ...grade import GRADES
from ...render.fonts import FONT_DIR, FONT_FILES, printed
from ..daily import day_words, grade_mark
from ..kit.days import Day
from ..kit.daytext import answer, facts, plain, question
from ..kit.theme import DEFAULT, Theme, hex_colour, load_theme, mix, theme_toml

ASSETS = Path(__file__).resolve().parents[2] / "data" / "site"  # scripts and styles the pages load
SCHEMA, VERSION = "dealgen-site", 1
DAY_KEYS = ("date", "game", "rules", "deal", "turn", "grade", "title", "question", "page", "image")
FEED_DAYS = 60  # the newest days the feed carries
SCRIPTS = ("cards.js", "penguin.js", "idiots-delight.js", "perpetual-motion.js", "pack-n-stack.js", "play.js",
           "index.js", "solver.js")


# -- a day's page data ----------------------------------------------------------------------------
def page_data(day: Day) -> dict[str, Any]:
    """What a day's page plays: the start, the verified line with each move in words, the
    question and the answer (and a problem's strategy)."""
    game = day.game
    data: dict[str, Any] = {"game": game.name, "rules": day.rules, "date": day.date.isoformat(), "stem": day.stem,
                            "title": printed(game.title), "dated": plain(day_words(day.date)),
                            "question": plain(question(day)), "facts": [plain(f) for f in facts(day)]}
    if day.entry is not None:
        from ...solve.pack_n_stack.strategy import parse_strategy
        from .strategyplay import main_line, tree_json

        tree = parse_strategy(day.entry.strategy_text(game), day.entry.source)
        start = tree.state
        strategy = tree_json(tree)
        line = main_line(start, strategy)
        data.update(strategy=strategy, winner=tree.winner, n=tree.n,
                    first_wins=list(day.entry.metrics.get("winning_first_moves", [])))
    else:
        start = game.deal(day.deal, day.rules)
        line = list(day.solution.moves)
    words, state = [], start
    for token in line:  # replayed through the engine: nothing unverified reaches a page
        move = game.parse_move(token)
        words.append(game.describe_move(state, move))
        state = game.play(state, move)
    data.update(start=game.to_json(start), solution=line, steps=words, par=len(line),
                answer=plain(answer(day, state)))
    return data


# -- HTML ------------------------------------------------------------------------------------------
def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


HELP = {
    "penguin": "Click a column or cell (or type its name: 1-7, a-g), then where it goes (h is the foundation). "
               "Double-click a card to send it home. U or Backspace undoes, Escape drops the choice.",
    "idiots-delight": "Click a stack's top card (or type 1-4), then another stack to discard a pair, or the same one "
                      "again to discard it alone; click the stock (or type d) to deal four. U undoes.",
    "perpetual-motion": "The game plays itself: press Play (or the space bar) to watch it pass by pass, Step (S) for "
                        "one move, Next pass (N) to jump a pass. Will it come out? Guess before you look.",
    "pack-n-stack": "You play {winner}. Click one of your piles (or type its square, such as c3), then the square it "
                    "goes to. {defender} answers from the verified strategy. U undoes.",
}
DROPPED = ("## Reading", "## The puzzle")  # a book's sections: notation for printed solutions


def rules_html(game: Any, rules: str) -> str:
    """The game's how-to-play in the page's words: a book's notation sections left out."""
    prose = game.rule_prose.get(rules, "").replace("this book", "this puzzle")
    out, skipping = [], False
    for para in game.how_to_play.replace("{rules}", prose).split("\n\n"):
        para = " ".join(para.split())
        if para.startswith("## "):
            skipping = para.startswith(DROPPED)
            if not skipping:
                out.append(f"<h3>{esc(para[3:])}</h3>")
        elif para and not skipping:
            out.append(f"<p>{esc(para)}</p>")
    return "\n".join(out)


def _head(theme: Theme, title: str, description: str, image: str | None = None, page: str = "") -> str:
    meta = [f'<meta name="description" content="{esc(description)}">',
            f'<meta property="og:title" content="{esc(title)}">',
            f'<meta property="og:description" content="{esc(description)}">']
    if theme.url:  # a link preview needs the image's full address
        meta.append(f'<meta property="og:url" content="{esc(theme.url + page)}">')
        if image:
            meta += [f'<meta property="og:image" content="{esc(theme.url + image)}">',
                     '<meta property="og:image:width" content="1200">',
                     '<meta property="og:image:height" content="630">',
                     '<meta name="twitter:card" content="summary_large_image">']
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="dealgen {esc(__version__)}">
<link rel="icon" href="data:,">
<title>{esc(title)}</title>
{chr(10).join(meta)}
<link rel="stylesheet" href="assets/site.css">
<link rel="stylesheet" href="assets/theme.css">
<link rel="alternate" type="application/atom+xml" title="{esc(theme.site_name)}" href="feed.xml">
</head>"""


def _masthead(theme: Theme) -> str:
    logo = '<img src="assets/logo.png" alt="" class="logo">' if theme.logo is not None else ""
    return (f'<header class="masthead"><a href="index.html" class="site-name">{logo}'
            f'<span>{esc(theme.site_name)}</span></a></header>')


def _foot(theme: Theme) -> str:
    made = f'Made with dealgen {esc(__version__)}: every solution replayed by the game engine before publishing.'
    return (f'<footer class="foot"><a href="index.html">All puzzles</a> · <a href="feed.xml">Feed</a>'
            f'<p>{made}</p></footer>')


def day_page(day: Day, data: dict[str, Any], theme: Theme, image: str) -> str:
    game = day.game
    title = f"{data['title']} · {data['dated']}"
    helptext = HELP.get(game.name, "")
    if day.entry is not None:
        defender = "Black" if data["winner"] == "red" else "Red"
        helptext = helptext.format(winner=data["winner"].capitalize(), defender=defender)
    noscript = esc(game.to_text(game.from_json(data["start"]), symbols=True))
    grade = f"{day.grade.capitalize()} {grade_mark(day.grade, GRADES)}"
    return f"""{_head(theme, f"{title} · {theme.site_name}", f"{data['question']} {' · '.join(data['facts'])}", image,
                      f"{day.stem}.html")}
<body class="day game-{esc(game.name)}">
{_masthead(theme)}
<main id="main">
<h1>{esc(data['title'])} <span class="dated">{esc(data['dated'])}</span></h1>
<p class="question">{esc(data['question'])}</p>
<p class="facts">{' · '.join(esc(f) for f in data['facts'])}</p>
<section class="play" aria-label="The puzzle">
<div id="board" class="board" aria-describedby="help"></div>
<div class="controls" id="controls"></div>
<p id="status" class="status" role="status" aria-live="polite"></p>
<p id="moves" class="moves"></p>
<div id="solution" class="solution" hidden></div>
</section>
<noscript><p>Playing here needs JavaScript. The deal ({esc(grade)}):</p><pre>{noscript}</pre>
<p>The verified line: {esc(' '.join(data['solution']))}</p></noscript>
<details class="rules"><summary>How to play</summary>
<p id="help" class="help">{esc(helptext)}</p>
{rules_html(game, day.rules)}
</details>
</main>
{_foot(theme)}
<script type="application/json" id="dealgen-day">{_script_json(data)}</script>
<script src="assets/cards.js"></script>
<script src="assets/{esc(game.name)}.js"></script>
<script src="assets/play.js"></script>
</body>
</html>
"""


def _month(date: str) -> str:
    return dt.date.fromisoformat(date).strftime("%B %Y")


def index_page(days: list[dict[str, Any]], theme: Theme, today: dt.date) -> str:
    """Today's puzzles (the newest day up to ``today``; the viewer's own today where the site
    has it, by script) and the archive by month, newest first. Days after ``today`` are in the
    page but hidden until their date comes, for a site published ahead."""
    shown = [d for d in days if d["date"] <= today.isoformat()] or days[:1]
    latest = max(d["date"] for d in shown) if shown else ""

    def card(d: dict[str, Any]) -> str:
        return (f'<li class="day-card" data-date="{esc(d["date"])}"><a href="{esc(d["page"])}">'
                f'<span class="game">{esc(printed(d["title"]))}</span> <span class="grade">{esc(d["grade"].capitalize())} '
                f'{esc(grade_mark(d["grade"], GRADES))}</span><span class="q">{esc(d["question"])}</span></a></li>')

    todays = "\n".join(card(d) for d in days if d["date"] == latest)
    months: dict[str, list[str]] = {}
    for d in sorted(days, key=lambda d: (d["date"], d["game"]), reverse=True):
        future = ' hidden data-future=""' if d["date"] > today.isoformat() else ""
        months.setdefault(_month(d["date"]), []).append(
            f'<li data-date="{esc(d["date"])}"{future}><a href="{esc(d["page"])}"><time datetime="{esc(d["date"])}">'
            f'{esc(plain(day_words(dt.date.fromisoformat(d["date"]))))}</time> · {esc(printed(d["title"]))} · '
            f'{esc(d["grade"].capitalize())}</a> <span class="q">{esc(d["question"])}</span></li>')
    archive = "\n".join(f'<h3>{esc(month)}</h3>\n<ul class="archive">\n' + "\n".join(items) + "\n</ul>"
                        for month, items in months.items())
    listing = [{"date": d["date"], "page": d["page"], "title": printed(d["title"]), "grade": d["grade"],
                "question": d["question"], "mark": grade_mark(d["grade"], GRADES)} for d in days]
    when = plain(day_words(dt.date.fromisoformat(latest))) if latest else ""
    return f"""{_head(theme, theme.site_name, "A card-solitaire puzzle every day, to play in the browser.")}
<body class="index">
{_masthead(theme)}
<main id="main">
<h1>{esc(theme.site_name)}</h1>
<section class="today" aria-labelledby="today-head">
<h2 id="today-head">Today <span class="dated" id="today-date">{esc(when)}</span></h2>
<ul class="day-cards" id="today">
{todays}
</ul>
</section>
<section class="months" aria-labelledby="archive-head">
<h2 id="archive-head">All puzzles</h2>
{archive}
</section>
</main>
{_foot(theme)}
<script type="application/json" id="dealgen-days">{_script_json(listing)}</script>
<script src="assets/index.js"></script>
</body>
</html>
"""


def feed_xml(days: list[dict[str, Any]], theme: Theme, today: dt.date) -> str:
    """Atom: the newest ``FEED_DAYS`` days up to ``today``. Links are absolute where the theme
    names the site's address, relative to the feed otherwise."""
    shown = sorted((d for d in days if d["date"] <= today.isoformat()), key=lambda d: (d["date"], d["game"]),
                   reverse=True)[:FEED_DAYS]
    base = theme.url
    site_id = base or f"urn:dealgen:site:{re.sub(r'[^a-z0-9]+', '-', theme.site_name.lower()).strip('-')}"
    updated = (shown[0]["date"] if shown else today.isoformat()) + "T00:00:00Z"
    entries = []
    for d in shown:
        link = base + d["page"]
        entries.append(f"""  <entry>
    <id>{esc(link if base else f"{site_id}:{d['page'][:-5]}")}</id>
    <title>{esc(printed(d["title"]))} · {esc(plain(day_words(dt.date.fromisoformat(d["date"]))))}</title>
    <updated>{esc(d["date"])}T00:00:00Z</updated>
    <link rel="alternate" type="text/html" href="{esc(link)}"/>
    <summary>{esc(d["question"])} ({esc(d["grade"])})</summary>
  </entry>""")
    self_link = f'\n  <link rel="self" href="{esc(base)}feed.xml"/>' if base else ""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>{esc(site_id)}</id>
  <title>{esc(theme.site_name)}</title>
  <updated>{updated}</updated>
  <author><name>{esc(theme.site_name)}</name></author>
  <link rel="alternate" type="text/html" href="{esc(base)}index.html"/>{self_link}
  <generator version="{esc(__version__)}">dealgen</generator>
{chr(10).join(entries)}
</feed>
"""


# -- the site's record of its days -------------------------------------------------------------------
def read_days(folder: Path) -> list[dict[str, Any]]:
    """The days an earlier run published into ``folder`` (none when it has no days.json)."""
    path = folder / "days.json"
    if not path.exists():
        return []
    source = str(path)
    data = parse_json(read_text(path, "site record"), source)
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise InputError(f"{path}: not a dealgen site's days.json (its \"schema\" is not \"{SCHEMA}\"); "
                         f"give another -o folder")
    if data.get("version") != VERSION:
        raise InputError(f"{path}: version {data.get('version')!r} of the site record; this dealgen reads {VERSION}")
    days = data.get("days")
    if not isinstance(days, list):
        raise InputError(f"{path}: 'days' must be a list")
    for k, d in enumerate(days, 1):
        if not isinstance(d, dict) or set(d) != set(DAY_KEYS):
            raise InputError(f"{path}: days entry {k} must have exactly the fields {', '.join(DAY_KEYS)}")
    return days


def days_json(days: list[dict[str, Any]], theme: Theme) -> str:
    return json.dumps({"schema": SCHEMA, "version": VERSION, "site": {"name": theme.site_name, "url": theme.url},
                       "days": days}, indent=1, ensure_ascii=False) + "\n"


def day_entry(day: Day, data: dict[str, Any], image: str) -> dict[str, Any]:
    return {"date": data["date"], "game": day.game.name, "rules": day.rules, "deal": day.deal,
            "turn": day.entry.turn if day.entry is not None else None, "grade": day.grade, "title": day.game.title,
            "question": data["question"], "page": f"{day.stem}.html", "image": image}


def merged(days: list[dict[str, Any]], entry: dict[str, Any], folder: Path) -> list[dict[str, Any]]:
    """``days`` with ``entry`` added or redrawn; a date is never republished as another puzzle."""
    out = []
    for d in days:
        if d["page"] == entry["page"]:
            if (d["deal"], d["turn"]) != (entry["deal"], entry["turn"]):
                was = f"deal {d['deal']}" + (f" turn {d['turn']}" if d["turn"] is not None else "")
                now = f"deal {entry['deal']}" + (f" turn {entry['turn']}" if entry["turn"] is not None else "")
                raise InputError(f"{folder / 'days.json'}: {entry['page'][:-5]} is already published as {was}; "
                                 f"this run would replace it with {now}. Give another -o folder, or remove the day "
                                 f"from the site first")
            continue
        out.append(d)
    out.append(entry)
    return sorted(out, key=lambda d: (d["date"], d["game"], d["rules"]))


# -- assets ----------------------------------------------------------------------------------------
def theme_css(theme: Theme) -> str:
    """The theme's colours as the custom properties site.css reads."""
    bg, text, accent = theme.background, theme.text, theme.accent
    return (":root {\n"
            f"  --ground: {hex_colour(bg)};\n  --ink: {hex_colour(text)};\n  --accent: {hex_colour(accent)};\n"
            f"  --muted: {hex_colour(theme.muted)};\n  --line: {hex_colour(mix(text, bg, 0.75))};\n"
            f"  --panel: {hex_colour(mix(bg, text, 0.06))};\n}}\n")


def asset_files(theme: Theme) -> dict[str, bytes]:
    """Everything under assets/: the scripts and styles, the fonts and their licence, the theme."""
    files = {f"assets/{name}": (ASSETS / name).read_bytes() for name in SCRIPTS + ("site.css",)}
    for path in FONT_FILES.values():
        files[f"assets/{path.name}"] = path.read_bytes()
    files["assets/LICENSE-DejaVu.txt"] = (FONT_DIR / "LICENSE-DejaVu.txt").read_bytes()
    files["assets/theme.css"] = theme_css(theme).encode()
    if theme.branded:  # kept, so that a later run without --theme keeps the site's look
        files["assets/theme.toml"] = theme_toml(theme).encode()
    if theme.logo is not None:
        files["assets/logo.png"] = theme.logo
    return files


def site_theme(folder: Path, given: Theme | None) -> Theme:
    """The theme given, else the one the site was last built with, else dealgen's plain look."""
    if given is not None:
        return given
    kept = folder / "assets" / "theme.toml"
    return load_theme(str(kept)) if kept.is_file() else DEFAULT


# -- the build -------------------------------------------------------------------------------------
def check_site(folder: Path, plan: Any) -> list[dict[str, Any]]:
    """Before any work: the days an earlier run published, and none of the plan's fixed days
    (a catalog series') republished as another puzzle."""
    days = read_days(folder) if folder.is_dir() else []
    held = {d["page"][:-5]: (d["deal"], d["turn"]) for d in days}
    for stem, puzzle in plan.fixed.items():
        if stem in held and held[stem] != (puzzle["deal"], puzzle.get("turn")):
            merged(days, {"page": f"{stem}.html", "deal": puzzle["deal"], "turn": puzzle.get("turn")}, folder)
    return days


def day_files(day: Day, days: list[dict[str, Any]], theme: Theme, today: dt.date, folder: Path,
              assets: bool) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """The files one day adds to the site (its page and preview image, and the index, feed and
    record rewritten with it; ``assets`` too on a run's first day), and the site's days after it."""
    from ...render.png import png_bytes
    from ..kit.dayfiles import puzzle_scene
    from ..kit.daytext import puzzle_alt

    data = page_data(day)
    image = f"img/{day.stem}-wide.png"
    entry = day_entry(day, data, image)
    days = merged(days, entry, folder)
    start = day.game.from_json(data["start"])
    files: dict[str, bytes] = asset_files(theme) if assets else {}
    files[image] = png_bytes(puzzle_scene(day, start, (1200, 630), theme), size=(1200, 630))
    files[image[:-4] + ".alt.txt"] = (plain(puzzle_alt(day, start)) + "\n").encode()
    files[f"{day.stem}.html"] = day_page(day, data, theme, image).encode()
    files["index.html"] = index_page(days, theme, today).encode()
    files["feed.xml"] = feed_xml(days, theme, today).encode()
    files["days.json"] = days_json(days, theme).encode()
    return files, days


def publish_site(game: str, date_text: str | None, days: int, week: str, rules: str | None, catalog: str | None,
                 series_start: str | None, jobs: int, output: str, theme_path: str | None = None, *,
                 week_given: bool = True, game_given: bool = True, today: dt.date | None = None) -> Iterator[str]:
    """The ``dealgen site`` run: the days ``dealgen daily`` would publish (the same options), each
    page written with the index, feed and record rewritten, into the folder ``output``; ``today``
    (default: today, UTC) ends the feed and the index's archive. Yields a line a day written."""
    from ...fileio import check_free, output_folder, planned_folder, write_files
    from ..kit.days import plan_days

    given = load_theme(theme_path) if theme_path is not None else None
    plan = plan_days(game, date_text, days, week if week_given or catalog is None and series_start is None else None,
                     rules, catalog, series_start, jobs, game_given)
    folder = planned_folder(output)
    theme = site_theme(folder, given)
    published = check_site(folder, plan)
    if folder.is_dir():  # before any work: no name the run writes is taken by a folder
        for name in ["index.html", "feed.xml", "days.json"] + [f"{stem}.html" for stem in plan.stems] + \
                [f"img/{stem}-wide.png" for stem in plan.stems]:
            check_free(folder / name)
    today = today or dt.datetime.now(dt.timezone.utc).date()
    first = True
    for day in plan.days():
        try:
            files, published = day_files(day, published, theme, today, folder, assets=first)
            for sub in ("assets", "img"):
                output_folder(folder / sub)
            write_files(folder, files)
        except InputError as err:
            if first:
                raise
            raise InputError(f"{err} ({day.date.isoformat()}'s page); the days before it are written") from None
        first = False
        yield f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; wrote {day.stem}.html to {folder}"

"""`dealgen site`: a static site of the daily puzzles, each day a page where people play it.

    index.html            today's puzzles and the archive by month
    GAME-DATE.html        a day's page: the deal, played with the game's JavaScript engine
    feed.xml              an Atom feed of the days published so far
    days.json             every day of the site (read back by the next run, which adds to it)
    img/GAME-DATE-wide.png (and .alt.txt)   the link preview
    assets/               the two scripts (bundle.py), styles, icons, the theme and its logo
    manifest.webmanifest, sw.js   the web app manifest and the service worker (offline play)

Pages name everything relatively and load nothing from elsewhere, so the folder works from any
static host and opened from disk (file://). The day's puzzle, verified line and (Pack 'n' Stack)
strategy are written into its page, as JSON the page's script reads, so a day after ``today``
is never written into the site: it waits in the site's schedule, a folder beside it that is
not published (OUTPUT.schedule by default), and a run on or after its date moves it in.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from pathlib import Path
from typing import Any, Iterator

from ...errors import InputError
from ...fileio import as_json, parse_json, read_text
from ...grade import GRADES, grades_section
from ...render.fonts import printed
from ...specs import DayPlan
from ...version import __version__
from ..daily import day_words, grade_mark
from ..kit.days import Day, day_stem
from ..kit.daytext import answer, facts, plain, question
from ..kit.theme import DEFAULT, Theme, hex_colour, load_theme, theme_toml, unprintable
from .bundle import bundle
from .style import palette, theme_css

ASSETS = Path(__file__).resolve().parents[2] / "data" / "site"  # scripts and styles the pages load
SCHEMA, VERSION = "dealgen-site", 1
DAY_KEYS = ("date", "game", "rules", "deal", "turn", "grade", "title", "question", "page", "image")
FEED_DAYS = 60  # the newest days the feed carries
SCRIPTS = ("play.js", "index.js")  # each page's one script, bundled from its ES modules
ICONS = (192, 512)  # the web app's icons, pixels a side


# -- a day's page data ----------------------------------------------------------------------------
def page_data(day: Day) -> dict[str, Any]:
    """What a day's page plays: the start, the verified line with each move in words, the
    question and the answer (and a problem's strategy)."""
    game = day.game
    data: dict[str, Any] = {"game": game.name, "rules": day.rules, "date": day.date.isoformat(), "stem": day.stem,
                            "title": printed(game.title), "dated": plain(day_words(day.date)),
                            "question": plain(question(day)), "facts": [plain(f) for f in facts(day)],
                            "verb": game.win_verb}
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


def share_facts(day: Day, theme: Theme) -> dict[str, Any]:
    """What a result's share text names besides the play (its format: docs/guides/site.md)."""
    return {"site": theme.site_name, "grade": day.grade.capitalize(), "mark": grade_mark(day.grade, GRADES),
            "link": theme.url + f"{day.stem}.html" if theme.url else ""}


# -- HTML ------------------------------------------------------------------------------------------
def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


DROPPED = ("## Reading", "## The puzzle")  # a book's sections: notation for printed solutions


def rules_html(game: Any, rules: str) -> str:
    """The game's how-to-play in the page's words: a book's notation sections left out."""
    prose = game.rule_prose.get(rules, "").replace("this book", "this puzzle")
    out, skipping = [], False
    for para in (game.how_to_play.replace("{rules}", prose) + grades_section(game.name, rules)).split("\n\n"):
        para = para.strip("\n")
        if para.startswith("## "):  # a heading, and the paragraph under it when it follows on the next line
            heading, _, para = para.partition("\n")
            skipping = heading.startswith(DROPPED)
            if not skipping:
                out.append(f"<h3>{esc(heading[3:].strip())}</h3>")
        para = " ".join(para.split())
        if para and not skipping:
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
    light, dark = (hex_colour(palette(theme, scheme)["ground"]) for scheme in ("light", "dark"))
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="dealgen {esc(__version__)}">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="{light}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="{dark}" media="(prefers-color-scheme: dark)">
<link rel="icon" href="assets/icon-192.png">
<link rel="manifest" href="manifest.webmanifest">
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


def _tail(theme: Theme, ident: str, data: Any, script: str) -> str:
    """A page's foot, the data its script reads, and its script."""
    return (f'{_foot(theme)}\n<script type="application/json" id="{ident}">{_script_json(data)}</script>\n'
            f'<script src="assets/{script}"></script>\n</body>\n</html>\n')


def day_page(day: Day, data: dict[str, Any], theme: Theme, image: str) -> str:
    game = day.game
    title = f"{data['title']} · {data['dated']}"
    helptext = game.play_help
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
<div id="result" class="result" role="region" aria-label="Your result" hidden></div>
</section>
<noscript><p>Playing here needs JavaScript. The deal ({esc(grade)}):</p><pre>{noscript}</pre>
<p>The verified line: {esc(' '.join(data['solution']))}</p></noscript>
<details class="rules"><summary>How to play</summary>
<p id="help" class="help">{esc(helptext)}</p>
{rules_html(game, day.rules)}
</details>
</main>
{_tail(theme, "dealgen-day", data, "play.js")}"""


def _month(date: str) -> str:
    return dt.date.fromisoformat(date).strftime("%B %Y")


def index_page(days: list[dict[str, Any]], theme: Theme, today: dt.date) -> str:
    """Today's puzzles (the newest day up to ``today``; the viewer's own today where the site
    has it, by script) and the archive by month, newest first: the days up to ``today`` only."""
    days = [d for d in days if d["date"] <= today.isoformat()]
    latest = max(d["date"] for d in days) if days else ""

    def card(d: dict[str, Any]) -> str:
        return (f'<li class="day-card" data-date="{esc(d["date"])}" data-stem="{esc(d["page"][:-5])}"><a href="{esc(d["page"])}">'
                f'<span class="game">{esc(printed(d["title"]))}</span> <span class="grade">{esc(d["grade"].capitalize())} '
                f'{esc(grade_mark(d["grade"], GRADES))}</span><span class="q">{esc(d["question"])}</span></a></li>')

    todays = "\n".join(card(d) for d in days if d["date"] == latest)
    months: dict[str, list[str]] = {}
    for d in sorted(days, key=lambda d: (d["date"], d["game"]), reverse=True):
        months.setdefault(_month(d["date"]), []).append(
            f'<li data-date="{esc(d["date"])}" data-stem="{esc(d["page"][:-5])}"><a href="{esc(d["page"])}">'
            f'<time datetime="{esc(d["date"])}">'
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
<p id="my-stats" class="my-stats" hidden></p>
<ul class="day-cards" id="today">
{todays}
</ul>
</section>
<section class="months" aria-labelledby="archive-head">
<h2 id="archive-head">All puzzles</h2>
{archive}
</section>
</main>
{_tail(theme, "dealgen-days", listing, "index.js")}"""


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
        check_day(d, f"{path}: days entry {k}")
    return days


def check_day(d: Any, where: str) -> None:
    """A day read back from days.json as the site wrote it: each field of its type, and its page
    and image the site's own names for its game, rules and date (a page is written into links
    of the index and feed: no other address may get there)."""
    from ...deals import MAX_DEAL
    from ...games import GAMES

    if not isinstance(d, dict) or set(d) != set(DAY_KEYS):
        raise InputError(f"{where} must have exactly the fields {', '.join(DAY_KEYS)}")

    def wrong(key: str, what: str) -> InputError:
        return InputError(f"{where}: '{key}' must be {what}, not {as_json(d[key])}")

    date = d["date"]
    if not isinstance(date, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date):
        raise wrong("date", "a date, YYYY-MM-DD")
    try:
        day = dt.date.fromisoformat(date)
    except ValueError:
        raise wrong("date", "a date that exists, YYYY-MM-DD") from None
    game = GAMES.get(d["game"]) if isinstance(d["game"], str) else None
    if game is None:
        raise wrong("game", f"one of {', '.join(GAMES)}")
    if d["rules"] not in game.rule_sets:
        raise wrong("rules", f"one of {game.name}'s rule sets, {', '.join(game.rule_sets)}")
    if isinstance(d["deal"], bool) or not isinstance(d["deal"], int) or not 0 <= d["deal"] <= MAX_DEAL:
        raise wrong("deal", f"a deal number, 0 to {MAX_DEAL}")
    if d["turn"] is not None and (isinstance(d["turn"], bool) or not isinstance(d["turn"], int) or d["turn"] < 0):
        raise wrong("turn", "null or a turn number, 0 or more")
    if d["grade"] not in GRADES:
        raise wrong("grade", f"one of {', '.join(GRADES)}")
    for key in ("title", "question"):
        if not isinstance(d[key], str) or any(unprintable(ch) for ch in d[key]):
            raise wrong(key, "text without control characters")
    stem = day_stem(game, d["rules"], day)
    for key, name in (("page", f"{stem}.html"), ("image", f"img/{stem}-wide.png")):
        if d[key] != name:
            raise wrong(key, f"the site's own name for this day, {as_json(name)}")


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
def asset_files(theme: Theme) -> dict[str, bytes]:
    """Everything shared: under assets/ the scripts, styles, icons and the theme; the manifest
    and the service worker (at the top, so that its scope is the whole site)."""
    from .webapp import icon_name, icon_png, manifest, service_worker

    files = {f"assets/{name}": bundle(name, ASSETS).encode() for name in SCRIPTS}
    files["assets/site.css"] = (ASSETS / "site.css").read_bytes()
    files["assets/theme.css"] = theme_css(theme).encode()
    for side in ICONS:
        files[icon_name(side)] = icon_png(theme, side)
    files |= kept_theme(theme)
    if theme.logo is not None:
        files["assets/logo.png"] = theme.logo
    files["manifest.webmanifest"] = manifest(theme, ICONS).encode()
    files["sw.js"] = service_worker(files, (ASSETS / "sw.js").read_text(encoding="utf-8")).encode()
    return files


def site_theme(folder: Path, given: Theme | None, schedule: Path | None = None) -> Theme:
    """The theme given, else the one the site (or its schedule) was last built with, else
    dealgen's plain look."""
    if given is not None:
        return given
    for place in (folder, schedule):
        kept = place / "assets" / "theme.toml" if place is not None else None
        if kept is not None and kept.is_file():
            return load_theme(str(kept))
    return DEFAULT


def kept_theme(theme: Theme) -> dict[str, bytes]:
    """The theme as saved with a site (and with its schedule, for a site not yet published)."""
    files = {}
    if theme.branded:  # kept, so that a later run without --theme keeps the site's look
        files["assets/theme.toml"] = theme_toml(theme).encode()
        if theme.logo is not None:
            files["assets/logo.png"] = theme.logo
    return files


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


def own_files(day: Day, theme: Theme) -> tuple[dict[str, bytes], dict[str, Any]]:
    """A day's own files (its page, preview image and the image's alt text) and its record entry."""
    from ...render.png import png_bytes
    from ..kit.dayfiles import puzzle_scene
    from ..kit.daytext import fitted_alt, puzzle_alt

    data = page_data(day)
    data.update(share_facts(day, theme))
    image = f"img/{day.stem}-wide.png"
    start = day.game.from_json(data["start"])
    files = {image: png_bytes(puzzle_scene(day, start, (1200, 630), theme), size=(1200, 630)),
             image[:-4] + ".alt.txt": (fitted_alt(puzzle_alt(day, start))[0] + "\n").encode(),  # (<= 1,000)
             f"{day.stem}.html": day_page(day, data, theme, image).encode()}
    return files, day_entry(day, data, image)


def entry_files(entry: dict[str, Any]) -> list[str]:
    """The names of a day's own files, from its record entry."""
    return [entry["page"], entry["image"], entry["image"][:-4] + ".alt.txt"]


def site_files(days: list[dict[str, Any]], theme: Theme, today: dt.date) -> dict[str, bytes]:
    """What every change to the site's days rewrites: the index, the feed and the record."""
    return {"index.html": index_page(days, theme, today).encode(), "feed.xml": feed_xml(days, theme, today).encode(),
            "days.json": days_json(days, theme).encode()}


def day_files(day: Day, days: list[dict[str, Any]], theme: Theme, today: dt.date, folder: Path,
              assets: bool) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """The files one day adds to the site (its page and preview image, and the index, feed and
    record rewritten with it; ``assets`` too on a run's first day), and the site's days after it."""
    own, entry = own_files(day, theme)
    days = merged(days, entry, folder)
    files: dict[str, bytes] = asset_files(theme) if assets else {}
    return files | own | site_files(days, theme, today), days


def schedule_folder(folder: Path, schedule: str | None) -> Path:
    """Where the days after today wait: ``schedule``, or the folder beside the site named after it."""
    from ...fileio import planned_folder

    return planned_folder(schedule if schedule is not None else folder.with_name(folder.name + ".schedule"))


def scheduled(schedule: Path) -> list[dict[str, Any]]:
    return read_days(schedule) if schedule.is_dir() else []


def _move_days(entries: list[dict[str, Any]], source: Path, target: Path, kept: list[dict[str, Any]],
               target_days: list[dict[str, Any]], theme: Theme, today: dt.date, to_site: bool,
               assets: bool = False) -> list[dict[str, Any]]:
    """``entries``' files moved from ``source`` to ``target`` (the site, or the schedule), both
    records rewritten (and the site's index and feed): the target's days after it. The target
    is written first, so a run cut short leaves a day in both places, never in neither; the
    next run moves it again, byte for byte."""
    from ...fileio import write_files

    files: dict[str, bytes] = asset_files(theme) if assets else {}
    for entry in entries:
        for name in entry_files(entry):
            try:
                files[name] = (source / name).read_bytes()
            except OSError as err:
                raise InputError(f"{source / 'days.json'} lists {entry['page'][:-5]}, but its file {name} cannot be "
                                 f"read ({err.strerror}); publish that day again") from None
        target_days = merged(target_days, entry, target)

    def site_side(days: list[dict[str, Any]]) -> dict[str, bytes]:
        return site_files(days, theme, today)

    def schedule_side(days: list[dict[str, Any]]) -> dict[str, bytes]:
        return {"days.json": days_json(days, theme).encode()} | kept_theme(theme)

    to_records, from_records = (site_side, schedule_side) if to_site else (schedule_side, site_side)
    write_files(target, files | to_records(target_days))
    write_files(source, from_records(kept))
    for entry in entries:
        for name in entry_files(entry):
            (source / name).unlink(missing_ok=True)
    return target_days


def release(folder: Path, schedule: Path, published: list[dict[str, Any]], theme: Theme, today: dt.date,
            assets: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """The site made to hold exactly the days up to ``today``: scheduled days whose date has come
    move into it (with ``assets`` when asked), and days after ``today`` found in it (published
    ahead by an older dealgen, or by a run with a later --today) move out to the schedule. The
    site's days after it, and a line a day moved."""
    waiting = scheduled(schedule)
    lines = []
    ahead = [d for d in published if d["date"] > today.isoformat()]
    if ahead:
        published = [d for d in published if d not in ahead]
        waiting = _move_days(ahead, folder, schedule, published, waiting, theme, today, to_site=False)
        lines += [f"{d['date']}: {d['page']} is after {today.isoformat()}: moved from the site to the schedule "
                  f"{schedule}" for d in ahead]
    due = [d for d in waiting if d["date"] <= today.isoformat()]
    if due:
        published = _move_days(due, schedule, folder, [d for d in waiting if d not in due], published, theme, today,
                               to_site=True, assets=assets)
        lines += [f"{d['date']}: released {d['page']} from the schedule to {folder}" for d in due]
    return published, lines


def release_site(output: str, schedule: str | None = None, today: dt.date | None = None) -> Iterator[str]:
    """``dealgen site --release``: only the scheduled days whose date has come moved into the site."""
    from ...fileio import planned_folder

    folder = planned_folder(output)
    waiting = schedule_folder(folder, schedule)
    today = today or dt.datetime.now(dt.timezone.utc).date()
    published = read_days(folder) if folder.is_dir() else []
    _, lines = release(folder, waiting, published, site_theme(folder, None, waiting), today, assets=True)
    yield from lines or [f"nothing in {waiting} is due by {today.isoformat()}"]


def publish_site(days: DayPlan, output: str, theme_path: str | None = None, jobs: Any = 0,
                 today: dt.date | None = None, schedule: str | None = None) -> Iterator[str]:
    """The ``dealgen site`` run: the ``days`` planned (as ``dealgen daily`` publishes them), each
    page written with the index, feed and record rewritten, into the folder ``output``, in the
    theme of ``theme_path`` (default: the site's own). Days after ``today`` (default: today, UTC)
    go to the schedule (``schedule_folder``) instead, and scheduled days whose date has come move
    into the site first. Yields a line a day."""
    from ...fileio import check_free, planned_folder, write_files
    from ..kit.days import plan_days

    given = load_theme(theme_path) if theme_path is not None else None
    plan = plan_days(days, jobs)
    folder = planned_folder(output)
    waiting_in = schedule_folder(folder, schedule)
    theme = site_theme(folder, given, waiting_in)
    published = check_site(folder, plan)
    waiting = check_site(waiting_in, plan)
    for place in (folder, waiting_in):
        if place.is_dir():  # before any work: no name the run writes is taken by a folder
            for name in ["index.html", "feed.xml", "days.json"] + [f"{stem}.html" for stem in plan.stems] + \
                    [f"img/{stem}-wide.png" for stem in plan.stems]:
                check_free(place / name)
    today = today or dt.datetime.now(dt.timezone.utc).date()
    published, lines = release(folder, waiting_in, published, theme, today, assets=True)
    yield from lines
    waiting = scheduled(waiting_in)
    first = True
    for day in plan.days():
        try:
            if day.date > today:  # not yet: into the schedule, never into the folder that is published
                own, entry = own_files(day, theme)
                waiting = merged(waiting, entry, waiting_in)
                write_files(waiting_in, own | kept_theme(theme) | {"days.json": days_json(waiting, theme).encode()})
                yield (f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; scheduled {day.stem}.html "
                       f"in {waiting_in}: it joins the site on the first run from {day.date.isoformat()}")
                continue
            files, published = day_files(day, published, theme, today, folder, assets=first)
            write_files(folder, files)  # (its img/ and assets/ made with it)
        except InputError as err:
            if first:
                raise
            raise InputError(f"{err} ({day.date.isoformat()}'s page); the days before it are written") from None
        first = False
        yield f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; wrote {day.stem}.html to {folder}"

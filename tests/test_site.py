"""`dealgen site` without a browser: the files, the record that a later run adds to, the feed,
nothing fetched from elsewhere, and the Pack 'n' Stack strategy as pages play it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.publish.catalog import read_catalog

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
ATOM = "{http://www.w3.org/2005/Atom}"


def build(out: Path, catalog: str, start: str = "2020-12-01", days: int = 2, *extra: str):
    return CliRunner().invoke(main, ["site", "--catalog", str(SEEDS / f"{catalog}.json"), "--series-start", start,
                                     "--days", str(days), "-o", str(out), *extra])


class Links(HTMLParser):
    """Every address a page names: what a browser would fetch or follow."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value is not None:
                self.urls.append((tag, name, value))


def page_day(path: Path) -> dict:
    text = path.read_text()
    found = re.search(r'<script type="application/json" id="dealgen-day">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


def test_a_site_of_two_days_and_a_later_run_adding_to_it(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = build(out, "idiots-delight-20")
    assert result.exit_code == 0, result.output
    names = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {"index.html", "feed.xml", "days.json", "idiots-delight-2020-12-01.html", "idiots-delight-2020-12-02.html",
            "img/idiots-delight-2020-12-01-wide.png", "img/idiots-delight-2020-12-01-wide.alt.txt",
            "assets/play.js", "assets/index.js", "assets/site.css", "assets/theme.css", "assets/icon-192.png",
            "assets/icon-512.png", "manifest.webmanifest", "sw.js"} <= names
    assert not [n for n in names if n.endswith((".ttf", ".woff", ".woff2"))]  # the reader's own fonts: nothing sent
    record = json.loads((out / "days.json").read_text())
    assert record["schema"] == "dealgen-site" and [d["date"] for d in record["days"]] == ["2020-12-01", "2020-12-02"]
    # a later run (another game, the next day) adds to the site
    more = build(out, "penguin-40", "2020-12-03", 1)
    assert more.exit_code == 0, more.output
    days = json.loads((out / "days.json").read_text())["days"]
    assert [(d["date"], d["game"]) for d in days] == [("2020-12-01", "idiots-delight"), ("2020-12-02", "idiots-delight"),
                                                      ("2020-12-03", "penguin")]
    index = (out / "index.html").read_text()
    assert index.count('href="penguin-2020-12-03.html"') == 2  # today's card and the archive
    assert "December 2020" in index and index.count('href="idiots-delight-2020-12-0') == 2
    # the same days again: redrawn; another puzzle for a published date: refused, nothing changed
    assert build(out, "idiots-delight-20").exit_code == 0
    before = (out / "days.json").read_bytes()
    moved = build(out, "idiots-delight-20", "2020-12-02", 1)  # entry 1 on 12-02, which has entry 2
    assert moved.exit_code == 2 and "idiots-delight-2020-12-02 is already published as deal" in moved.output
    assert (out / "days.json").read_bytes() == before


def test_pages_fetch_nothing_from_elsewhere_and_name_everything_relatively(tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert build(out, "penguin-40", days=1).exit_code == 0
    assert build(out, "pack-n-stack-12", days=1).exit_code == 0
    for page in out.glob("*.html"):
        parser = Links()
        parser.feed(page.read_text())
        for _tag, _attr, url in parser.urls:
            assert not re.match(r"[a-z]+:", url) or url == "data:,", (page.name, url)  # no scheme: this site's own
            if not url.startswith("data:"):
                assert (out / url).is_file(), (page.name, url)
    css = (out / "assets" / "site.css").read_text()
    assert not re.search(r"url\(\s*[\"']?(https?:|//)", css) and "@import" not in css
    for script in (out / "assets").glob("*.js"):
        assert not re.search(r"https?://|fetch\(|XMLHttpRequest|import\(", script.read_text()), script.name


def test_the_feed_is_atom_with_the_days_up_to_today(tmp_path: Path) -> None:
    theme = tmp_path / "theme.toml"
    theme.write_text('name = "Penguin a Day"\nurl = "https://example.org/penguin/"\n')
    out = tmp_path / "site"
    assert build(out, "penguin-40", "2020-01-01", 3, "--theme", str(theme)).exit_code == 0
    assert build(out, "idiots-delight-20", "2999-01-01", 1).exit_code == 0  # published ahead: scheduled
    feed = ET.parse(out / "feed.xml").getroot()
    assert feed.tag == f"{ATOM}feed" and feed.findtext(f"{ATOM}title") == "Penguin a Day"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}link").get("href") for e in entries] == [
        f"https://example.org/penguin/penguin-2020-01-0{k}.html" for k in (3, 2, 1)]
    assert all(e.findtext(f"{ATOM}updated").endswith("T00:00:00Z") and e.findtext(f"{ATOM}id") for e in entries)
    index = (out / "index.html").read_text()
    assert "2999" not in index and not list(out.glob("*2999*"))
    page = (out / "penguin-2020-01-01.html").read_text()
    assert 'property="og:image" content="https://example.org/penguin/img/penguin-2020-01-01-wide.png"' in page
    assert "--ground: #ffffff" in (out / "assets" / "theme.css").read_text()
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Penguin a Day" and manifest["start_url"] == "index.html"
    assert all((out / icon["src"]).is_file() for icon in manifest["icons"])


def test_no_day_after_today_is_in_the_published_folder_until_a_run_on_its_date(tmp_path: Path) -> None:
    """Each page holds its solution: days after --today wait in the schedule beside the site."""
    out, waiting = tmp_path / "site", tmp_path / "site.schedule"
    result = build(out, "penguin-40", "2020-12-01", 4, "--today", "2020-12-02")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.html")) == ["index.html", "penguin-2020-12-01.html",
                                                          "penguin-2020-12-02.html"]
    assert sorted(p.name for p in waiting.glob("*.html")) == ["penguin-2020-12-03.html", "penguin-2020-12-04.html"]
    public = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    assert b"2020-12-03" not in public and b"2020-12-04" not in public  # not in the index, feed or record either
    page = (waiting / "penguin-2020-12-03.html").read_bytes()
    # the run on the 3rd moves that day in, byte for byte, and leaves the 4th waiting
    released = CliRunner().invoke(main, ["site", "--release", "--today", "2020-12-03", "-o", str(out)])
    assert released.exit_code == 0 and "released penguin-2020-12-03.html" in released.output, released.output
    assert (out / "penguin-2020-12-03.html").read_bytes() == page and not (waiting / "penguin-2020-12-03.html").exists()
    assert (out / "img" / "penguin-2020-12-03-wide.png").is_file() and b"2020-12-04" not in (out / "index.html").read_bytes()
    assert [d["date"] for d in json.loads((waiting / "days.json").read_text())["days"]] == ["2020-12-04"]
    assert [d["date"] for d in json.loads((out / "days.json").read_text())["days"]][-1] == "2020-12-03"
    # a scheduled date is never given another puzzle either
    moved = build(out, "penguin-40", "2020-12-04", 1, "--today", "2020-12-02")
    assert moved.exit_code == 2 and "penguin-2020-12-04 is already published as deal" in moved.output
    # adding days releases what is due first
    assert build(out, "penguin-40", "2020-12-05", 1, "--today", "2020-12-05").exit_code == 0
    assert (out / "penguin-2020-12-04.html").is_file() and not list(waiting.glob("*.html"))
    both = CliRunner().invoke(main, ["site", "--release", "--days", "3", "-o", str(out)])
    assert both.exit_code == 2 and "--release makes no new day, so it takes no --days" in both.output


def test_days_after_today_found_in_the_site_move_out_to_the_schedule(tmp_path: Path) -> None:
    """A site published ahead (by an older dealgen, or with a later --today) is put right."""
    out, waiting = tmp_path / "site", tmp_path / "site.schedule"
    assert build(out, "penguin-40", "2020-12-01", 3, "--today", "2020-12-03").exit_code == 0
    page = (out / "penguin-2020-12-03.html").read_bytes()
    result = CliRunner().invoke(main, ["site", "--release", "--today", "2020-12-02", "-o", str(out)])
    assert result.exit_code == 0 and "penguin-2020-12-03.html is after 2020-12-02" in result.output, result.output
    assert not (out / "penguin-2020-12-03.html").exists() and not (out / "img" / "penguin-2020-12-03-wide.png").exists()
    assert b"2020-12-03" not in (out / "index.html").read_bytes() + (out / "days.json").read_bytes()
    assert (waiting / "penguin-2020-12-03.html").read_bytes() == page
    assert CliRunner().invoke(main, ["site", "--release", "--today", "2020-12-03", "-o", str(out)]).exit_code == 0
    assert (out / "penguin-2020-12-03.html").read_bytes() == page


def test_how_to_play_headings_hold_no_paragraphs_and_no_month_heading_is_empty(tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert build(out, "penguin-40", "2020-11-30", 3, "--today", "2020-11-30").exit_code == 0
    page = (out / "penguin-2020-11-30.html").read_text()
    heads = re.findall(r"<h3>(.*?)</h3>", page)
    assert heads and all(len(h) < 40 for h in heads), heads  # a heading's words, its text in the <p> after it
    assert "<h3>The layout</h3>\n<p>All 52 cards" in page
    index = (out / "index.html").read_text()
    for month, items in re.findall(r"<h3>(.*?)</h3>\n<ul class=\"archive\">\n(.*?)</ul>", index, re.S):
        assert "<li" in items, month
    assert "December 2020" not in index  # its days are still to come


def test_every_text_colour_passes_wcag_aa_in_both_schemes() -> None:
    """Computed from the colours theme.css is written from: each text colour against each ground
    it is set on, light and dark, for dealgen's look and for themes light and dark."""
    from dealgen.publish.kit.theme import DEFAULT, Theme, contrast
    from dealgen.publish.site.style import AA, TEXT_PAIRS, palette, rgb, theme_css

    themes = [DEFAULT, Theme(name="Teal", background=rgb("#0e3b43"), text=(1.0, 1.0, 1.0), accent=rgb("#f4c95d")),
              Theme(name="Paper", background=rgb("#fdf6e3"), text=rgb("#222222"), accent=rgb("#d2691e"))]
    for theme in themes:
        for scheme in ("light", "dark"):
            colours = palette(theme, scheme)
            for ink, ground in TEXT_PAIRS:
                ratio = contrast(colours[ink], colours[ground])
                assert ratio >= AA, (theme.name, scheme, ink, ground, round(ratio, 2))
        dark = palette(theme, "dark")
        assert contrast(dark["ground"], (0, 0, 0)) < 2  # dark means dark
        css = theme_css(theme)
        assert "prefers-color-scheme: dark" in css and ':root[data-theme="dark"]' in css
    assert palette(DEFAULT, "light")["ground"] != palette(DEFAULT, "dark")["ground"]


def test_a_day_page_carries_the_verified_line_in_words() -> None:
    import datetime as dt

    from dealgen.publish.kit.days import Day
    from dealgen.publish.site.make import page_data

    cat = read_catalog(str(SEEDS / "penguin-40.json"))
    entry = cat.entries[0]
    game = get_game("penguin")
    data = page_data(Day(dt.date(2026, 12, 1), game, "parlett", entry.grade, cat.solution(entry)))
    assert data["solution"] == list(entry.moves) and data["par"] == len(entry.moves) == len(data["steps"])
    assert data["start"] == game.to_json(game.deal(entry.deal)) and data["question"].startswith("Can you solve it?")
    assert data["steps"][0] == game.describe_move(game.deal(entry.deal), game.parse_move(entry.moves[0]))


def test_a_problems_page_plays_the_strategy_and_answers_strays() -> None:
    """The main line replays to the winner's win; a stray move off the tree is either shown to
    win as well or answered by a reply after which the prover finds no win in the turns left."""
    from dealgen.publish.site.strategyplay import main_line, race_reply, tree_json
    from dealgen.solve.pack_n_stack.prove import Prover
    from dealgen.solve.pack_n_stack.strategy import parse_strategy

    game = get_game("pack-n-stack")
    cat = read_catalog(str(SEEDS / "pack-n-stack-12.json"))
    entry = next(e for e in cat.entries if e.source == "deal 26 turn 40")  # a tree with replies, not a race alone
    tree = parse_strategy(entry.strategy_text(game))
    data = tree_json(tree)
    line = main_line(tree.state, data)
    state = tree.state
    for token in line:
        state = game.play(state, game.parse_move(token))
    assert game.outcome(state).winner == tree.winner and len(line) == 2 * tree.n - 1
    strays = data["strays"]
    assert strays and data["move"] not in strays
    prover = Prover(max_nodes=200_000)
    for token, info in list(strays.items())[:6]:
        after = game.play(tree.state, game.parse_move(token))
        if "wins" in info:
            assert prover.defend(after, tree.n - 1)
        else:
            later = game.play(after, game.parse_move(info["reply"]))
            assert game._result(later) is not None or not prover.attack(later, tree.n - 1)
    racing = parse_strategy(cat.entries[0].strategy_text(game))  # a race: the defender's replies by rule
    race = tree_json(racing, refute=False)
    assert "race" in race and main_line(racing.state, race)[1] == race_reply(
        game.play(racing.state, game.parse_move(race["race"][0])))


def test_site_bad_usage_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "site"
    (tmp_path / "days").mkdir()
    bad = tmp_path / "days" / "days.json"
    bad.write_text('{"schema": "something-else"}')
    result = CliRunner().invoke(main, ["site", "--catalog", str(SEEDS / "penguin-40.json"), "--series-start",
                                       "2020-12-01", "-o", str(tmp_path / "days")])
    assert result.exit_code == 2 and "not a dealgen site's days.json" in result.output
    result = CliRunner().invoke(main, ["site", "--date", "2026-02-30", "-o", str(out)])
    assert result.exit_code == 2 and "not a date that exists" in result.output and not out.exists()


def test_the_same_days_make_the_same_bytes(tmp_path: Path) -> None:
    """Pages, scripts, styles, icons, manifest, service worker: all from the inputs alone."""
    built = []
    for name in ("one", "two"):
        out = tmp_path / name
        assert build(out, "idiots-delight-20", "2020-12-01", 2, "--today", "2020-12-01").exit_code == 0
        built.append({p.relative_to(tmp_path / name).as_posix(): p.read_bytes()
                      for p in (tmp_path / name).rglob("*") if p.is_file()})
    assert built[0] == built[1] and "sw.js" in built[0] and "assets/icon-512.png" in built[0]
    assert "idiots-delight-2020-12-02.html" not in built[0]


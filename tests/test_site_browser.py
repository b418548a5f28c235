"""The daily site in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright,
loading pages served on 127.0.0.1. Solutions are played by clicking and by keys, the board checked
after every move against the Python engine, to the win; no page errors, no request leaving the
machine. Skipped only where no Chromium is installed (and never when DEALGEN_REQUIRE_BROWSER is
set, as in CI)."""

from __future__ import annotations

import datetime as dt
import functools
import http.server
import json
import os
import shutil
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from dealgen.cards import CARDS
from dealgen.games import get_game
from dealgen.publish.catalog import read_catalog
from dealgen.publish.kit.days import Day
from dealgen.publish.kit.theme import DEFAULT
from dealgen.publish.site.make import day_files
from dealgen.solve import solve_deal

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
CHROMIUM = next((p for p in (os.environ.get("DEALGEN_CHROMIUM"), shutil.which("chromium"),
                             shutil.which("chromium-browser")) if p), None)
if CHROMIUM is None and not os.environ.get("DEALGEN_REQUIRE_BROWSER"):
    pytest.skip("no Chromium installed (apt-get install chromium); .ci/run installs it", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api") if not os.environ.get("DEALGEN_REQUIRE_BROWSER") else \
    __import__("playwright.sync_api", fromlist=["sync_playwright"])

TODAY = dt.date(2026, 11, 27)


def catalog_day(name: str, entry: int, date: dt.date, rules: str | None = None) -> Day:
    if not (SEEDS / f"{name}.json").exists():  # a game with no catalog here (the FreeCell family): deal ``entry``
        found = solve_deal(name, entry)
        return Day(date, get_game(name), found.rules, found.grade, found.to_solution(), found.percentile, found.metrics)
    cat = read_catalog(str(SEEDS / f"{name}.json"))
    e = cat.entries[entry - 1]
    game = get_game(cat.game)
    if e.kind == "problem":
        return Day(date, game, cat.rules, e.grade, entry=e)
    solution = cat.solution(e)
    if rules == "free":  # Idiot's Delight: a strict line is a line under free rules too (more deals are allowed)
        solution = replace(solution, rules=rules)
    elif rules is not None and rules != cat.rules:  # the same deal under another rule set: solved again
        solution = solve_deal(game, e.deal, rules=rules, grade=False).to_solution()
    return Day(date, game, solution.rules, e.grade, solution, e.percentile, e.metrics)


DAYS = {
    "penguin-2020-12-01": ("penguin-40", 1, None),
    "penguin-supermove-2020-12-02": ("penguin-40", 2, "supermove"),
    "penguin-single-2020-12-03": ("penguin-40", 3, "single"),
    "idiots-delight-2020-12-04": ("idiots-delight-20", 1, None),
    "idiots-delight-free-2020-12-09": ("idiots-delight-20", 2, "free"),
    "perpetual-motion-2020-12-05": ("perpetual-motion-20", 1, None),
    "perpetual-motion-2020-12-06": ("perpetual-motion-20", 3, None),
    "pack-n-stack-2020-12-07": ("pack-n-stack-12", 9, None),  # deal 26: a tree with replies
    "pack-n-stack-2020-12-08": ("pack-n-stack-12", 1, None),  # a race
    "freecell-2020-12-10": ("freecell", 617, None),  # runs into empty columns: 27v2 and the like
    "bakers-game-2020-12-11": ("bakers-game", 3, None),
    "eight-off-2020-12-12": ("eight-off", 3, None),
    "seahaven-towers-2020-12-13": ("seahaven-towers", 3, None),  # ten columns: "10" in the tokens
}
FAMILY_DAYS = [stem for stem in DAYS if DAYS[stem][0] in ("freecell", "bakers-game", "eight-off", "seahaven-towers")]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    (folder / "assets").mkdir()
    (folder / "img").mkdir()
    published: list = []
    for stem, (name, entry, rules) in DAYS.items():
        day = catalog_day(name, entry, dt.date.fromisoformat(stem[-10:]), rules)
        assert day.stem == stem
        files, published = day_files(day, published, DEFAULT, TODAY, folder, assets=not published)
        for path, data in files.items():
            (folder / path).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def server(site):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield chromium
        chromium.close()


class Visit:
    """A page with what it did: errors, console errors and every request it made."""

    def __init__(self, browser, url: str, viewport=(1280, 900)) -> None:
        self.page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(url)
        self.data = json.loads(self.page.locator("#dealgen-day").text_content())

    def api(self, call: str):
        return self.page.evaluate(f"window.dealgen.{call}")

    def moves(self) -> int:
        return int(self.page.get_attribute("#board", "data-moves"))

    def shown(self) -> dict[str, str]:
        """The cards each place on the board shows, as the page draws them."""
        return self.page.evaluate("Object.fromEntries([...document.querySelectorAll('#board [data-cards]')]"
                                  ".map(e => [e.dataset.place || e.dataset.pile, e.dataset.cards]))")

    def local_only(self, base: str) -> None:
        assert self.errors == []
        outside = [u for u in self.requests if not (u.startswith(base) or u.startswith("data:"))]
        assert outside == [], outside

    def close(self) -> None:
        self.page.close()


def board_of(game, state) -> dict[str, str]:
    """What the board must show for ``state``: each place's cards, as the Python engine has them."""
    if game.name == "penguin":
        out = {str(i + 1): " ".join(c.code for c in col) for i, col in enumerate(state.columns)}
        out.update({"abcdefg"[k]: (c.code if c is not None else "") for k, c in enumerate(state.cells)})
        out["h"] = " ".join(state.home_top(s).code for s in range(4) if state.home_top(s) is not None)
        return out
    if hasattr(game, "layout"):  # the FreeCell family: the tenth column's place is "0"
        lay = game.layout
        out = {place: " ".join(c.code for c in col) for place, col in zip(lay.columns, state.columns)}
        out.update({place: (c.code if c is not None else "") for place, c in zip(lay.cells, state.cells)})
        out["h"] = " ".join(CARDS[s * 13 + n - 1].code for s, n in enumerate(state.home) if n)
        return out
    if game.name == "idiots-delight":
        return {str(i + 1): " ".join(c.code for c in st) for i, st in enumerate(state.stacks)}
    if game.name == "perpetual-motion":
        return {str(i + 1): " ".join(c.code for c in p) for i, p in enumerate(state.piles)}
    from dealgen.games.pack_n_stack import SQUARE_NAMES

    return {SQUARE_NAMES[i]: " ".join(c.code for c in p) for i, p in enumerate(state.square)}


def check(visit: Visit, game, state) -> None:
    """The page's position and the cards its board shows are the Python engine's (one round trip)."""
    position, shown = visit.page.evaluate(
        "[window.dealgen.position(), Object.fromEntries([...document.querySelectorAll('#board [data-cards]')]"
        ".map(e => [e.dataset.place || e.dataset.pile, e.dataset.cards]))]")
    assert position == game.to_json(state)
    assert shown == board_of(game, state)


def penguin_clicks(page, token: str) -> None:
    page.click(f'#board [data-place="{token[0]}"]')
    page.click(f'#board [data-place="{token[1]}"]')


def family_clicks(page, token: str, game=None, state=None) -> None:
    """A move of the family as a person makes it: the card that leads what moves (its index
    corner, the part a fan leaves in view), then the target; a cell's card by its pile."""
    move = game.parse_move(token)
    if move.src in game.layout.cells:
        page.click(f'#board [data-place="{move.src}"]')
    else:
        column = state.columns[game.layout.columns.index(move.src)]
        after = game.play(state, move).columns[game.layout.columns.index(move.src)]
        page.locator(f'#board [data-place="{move.src}"] [data-k="{len(after)}"]').click(position={"x": 4, "y": 4})
        assert len(column) > len(after)
    page.click(f'#board [data-place="{move.dst}"]')


def family_keys(page, token: str, game=None, state=None) -> None:
    """By keys: the source's name, then the target's ("0" the tenth column); the page moves the
    longest run it may, so only moves that carry it are played this way (others by clicks)."""
    move = game.parse_move(token)
    for place in (move.src, move.dst):
        page.keyboard.press(place)


def penguin_keys(page, token: str) -> None:
    page.keyboard.press(token[0])
    page.keyboard.press(token[1])


def idiots_clicks(page, token: str) -> None:
    if token == "d":
        page.click('#board [data-place="d"]')
    else:
        page.click(f'#board [data-place="{token[0]}"]')
        page.click(f'#board [data-place="{token[-1]}"]')  # a single card: its stack clicked twice


def idiots_keys(page, token: str) -> None:
    for key in (token if len(token) != 1 or token == "d" else token * 2):
        page.keyboard.press(key)


@pytest.mark.parametrize("stem, act", [("penguin-2020-12-01", penguin_clicks),
                                       ("penguin-supermove-2020-12-02", penguin_clicks),
                                       ("penguin-single-2020-12-03", penguin_keys),
                                       ("idiots-delight-2020-12-04", idiots_clicks),
                                       ("idiots-delight-free-2020-12-09", idiots_clicks),
                                       ("idiots-delight-2020-12-04", idiots_keys)])
def test_a_person_plays_the_solution_to_the_win(browser, server, stem: str, act) -> None:
    visit = Visit(browser, server + f"{stem}.html")
    game = get_game(visit.data["game"])
    state = game.from_json(visit.data["start"])
    check(visit, game, state)
    if act in (penguin_keys, idiots_keys):
        visit.page.locator("body").focus()
    solution = visit.api("solution()")
    assert solution == visit.data["solution"] and state.rules == visit.data["rules"]
    for k, token in enumerate(solution, 1):
        act(visit.page, token)
        state = game.play(state, game.parse_move(token))
        assert visit.moves() == k, (k, token, visit.page.text_content("#status"))
        check(visit, game, state)
    assert game.outcome(state).status == "won" and visit.api("won()") is True
    status = visit.page.text_content("#status")
    assert status.startswith(("Solved in", "Cleared in")) and "exactly par" in status
    visit.local_only(server)
    visit.close()


@pytest.mark.parametrize("stem", FAMILY_DAYS)
def test_a_person_plays_a_freecell_family_solution_to_the_win(browser, server, stem: str) -> None:
    """Every move by clicks (a run into an empty column led by its card), or by keys where the
    page's choice (the longest run) is the move; the board checked against Python after each."""
    visit = Visit(browser, server + f"{stem}.html")
    game = get_game(visit.data["game"])
    state = game.from_json(visit.data["start"])
    check(visit, game, state)
    by_keys = 0
    for k, token in enumerate(visit.api("solution()"), 1):
        move = game.parse_move(token)
        longest = max((m for m in game.legal_moves(state) if (m.src, m.dst) == (move.src, move.dst)),
                      key=lambda m: sum(map(len, state.columns)) - sum(map(len, game.play(state, m).columns)))
        if k % 3 == 0 and longest == move:
            visit.page.locator("body").focus()
            family_keys(visit.page, token, game, state)
            by_keys += 1
        else:
            family_clicks(visit.page, token, game, state)
        state = game.play(state, move)
        assert visit.moves() == k, (k, token, visit.page.text_content("#status"))
        check(visit, game, state)
    assert game.outcome(state).status == "won" and visit.api("won()") is True and by_keys
    assert "Solved in" in visit.page.text_content("#status")
    shared = visit.api("shareText()").split("\n")  # the result, its words the game's own ("Solved")
    assert shared[1].startswith(visit.data["title"]) and shared[2].startswith(f"Solved in {len(visit.data['solution'])} moves (par)")
    assert visit.api("stats()")["won"] == 1
    visit.local_only(server)
    visit.close()


def test_piles_are_reached_with_tab_and_chosen_with_enter(browser, server) -> None:
    visit = Visit(browser, server + "penguin-2020-12-01.html")
    game = get_game("penguin")
    first = visit.data["solution"][0]
    visit.page.locator("body").focus()
    order = []
    for _ in range(20):  # the piles come in reading order: columns 1-7, the foundations, cells a-g
        visit.page.keyboard.press("Tab")
        order.append(visit.page.evaluate("document.activeElement.dataset.place || ''"))
    assert [p for p in order if p][:15] == list("1234567habcdefg")
    for place in first:
        visit.page.focus(f'#board [data-place="{place}"]')
        visit.page.keyboard.press("Enter")
    state = game.play(game.from_json(visit.data["start"]), game.parse_move(first))
    check(visit, game, state)
    visit.local_only(server)
    visit.close()


def test_scripted_play_makes_exactly_the_move_given(browser, server) -> None:
    """With "send safe cards home" on, a person's move may bring more; play() never does."""
    visit = Visit(browser, server + "penguin-2020-12-01.html")
    game = get_game("penguin")
    start = game.from_json(visit.data["start"])
    visit.page.check("#auto-home")
    line, state, k = visit.data["solution"], start, 0
    while True:  # the first move of the line after which a safe card (not the beak) could go home
        after = game.play(state, game.parse_move(line[k]))
        if any(m.dst == "h" and game._source_card(after, m.src) != after.beak for m in game.legal_moves(after)):
            break
        state, k = after, k + 1
    for token in line[:k]:
        assert visit.api(f"play({json.dumps(token)})") is True
    assert visit.moves() == k
    assert visit.api("play('11')") is False and visit.api("play('zz')") is False and visit.api("play(7)") is False
    assert visit.moves() == k and visit.api("position()") == game.to_json(state)
    assert visit.api("legal()") == [game.format_move(m) for m in game.legal_moves(state)]
    assert visit.api(f"play({json.dumps(line[k])})") is True
    assert visit.moves() == k + 1 and visit.api("position()") == game.to_json(after)  # nothing sent home
    assert visit.api("undo()") is True and visit.api("position()") == game.to_json(state)
    penguin_clicks(visit.page, line[k])  # a person: the safe cards follow
    expected = after
    while True:
        home = [m for m in game.legal_moves(expected) if m.dst == "h" and game._source_card(expected, m.src) != expected.beak]
        if not home:
            break
        expected = game.play(expected, home[0])
    assert visit.moves() > k + 1 and visit.api("position()") == game.to_json(expected)
    visit.page.keyboard.press("u")  # a person's undo takes back the cards sent home with the move
    assert visit.moves() == k and visit.api("position()") == game.to_json(state)
    visit.api("reset()")
    assert visit.moves() == 0 and visit.api("position()") == game.to_json(start) and visit.api("won()") is False
    visit.local_only(server)
    visit.close()


def test_show_solution_steps_through_the_verified_line(browser, server) -> None:
    visit = Visit(browser, server + "idiots-delight-2020-12-04.html")
    game = get_game("idiots-delight")
    state = game.from_json(visit.data["start"])
    idiots_clicks(visit.page, visit.data["solution"][0])  # a move of one's own, kept aside meanwhile
    mine = visit.api("position()")
    visit.page.click("text=Show solution")
    for k in range(3):
        visit.page.click("#solution [data-act=next]")
        state = game.play(state, game.parse_move(visit.data["solution"][k]))
        check(visit, game, state)
    words = visit.page.text_content("#solution .step-words")
    assert words.startswith(f"Move 3 of {len(visit.data['solution'])}: {visit.data['steps'][2]}")
    visit.page.click("#solution [data-act=mine]")
    assert visit.api("position()") == mine and visit.moves() == 1
    visit.local_only(server)
    visit.close()


@pytest.mark.parametrize("stem, ending", [("perpetual-motion-2020-12-05", "It comes out"),
                                          ("perpetual-motion-2020-12-06", "It goes round forever")])
def test_perpetual_motion_plays_itself_pass_by_pass(browser, server, stem: str, ending: str) -> None:
    visit = Visit(browser, server + f"{stem}.html")
    game = get_game("perpetual-motion")
    state = game.from_json(visit.data["start"])
    visit.page.click("text=Next pass")  # the first pass, to its gathering
    moves = visit.moves()
    for token in visit.data["solution"][:moves]:
        state = game.play(state, game.parse_move(token))
    assert state.pass_no == 1 and game.legal_moves(state)[0].kind == "g"
    check(visit, game, state)
    visit.page.select_option("#speed", "200")
    visit.page.click("#play-pause")
    visit.page.wait_for_function("document.getElementById('board').dataset.status !== 'playing'", timeout=60_000)
    for token in visit.data["solution"][moves:]:
        state = game.play(state, game.parse_move(token))
    check(visit, game, state)
    assert visit.moves() == len(visit.data["solution"]) and visit.page.text_content("#status").startswith(ending)
    assert visit.api("won()") is (game.outcome(state).status == "won")
    visit.page.click("text=Show the answer")
    assert visit.page.is_visible("#answer") and visit.data["answer"] in visit.page.text_content("#answer")
    visit.local_only(server)
    visit.close()


@pytest.mark.parametrize("stem", ["pack-n-stack-2020-12-07", "pack-n-stack-2020-12-08"])
def test_a_problem_is_played_against_the_strategys_defender(browser, server, stem: str) -> None:
    visit = Visit(browser, server + f"{stem}.html")
    game = get_game("pack-n-stack")
    state = game.from_json(visit.data["start"])
    line = visit.data["solution"]
    for k in range(0, len(line), 2):  # the reader's moves; the defender answers by itself
        visit.page.click(f'#board [data-place="{line[k][:2]}"]')
        visit.page.click(f'#board [data-place="{line[k][3:]}"]')
        state = game.play(state, game.parse_move(line[k]))
        if k + 1 < len(line):
            visit.page.wait_for_function(f"+document.getElementById('board').dataset.moves === {k + 2}")
            state = game.play(state, game.parse_move(line[k + 1]))
        check(visit, game, state)
    assert visit.api("won()") is True and "wins: two complete stacks" in visit.page.text_content("#status")
    visit.local_only(server)
    visit.close()


def test_a_stray_move_is_refuted_and_explained(browser, server) -> None:
    visit = Visit(browser, server + "pack-n-stack-2020-12-07.html")
    game = get_game("pack-n-stack")
    start = game.from_json(visit.data["start"])
    strays = visit.data["strategy"]["strays"]
    token, info = next((t, i) for t, i in strays.items() if "reply" in i)
    visit.page.click(f'#board [data-place="{token[:2]}"]')
    visit.page.click(f'#board [data-place="{token[3:]}"]')
    visit.page.wait_for_function("+document.getElementById('board').dataset.moves === 2")
    expected = game.play(game.play(start, game.parse_move(token)), game.parse_move(info["reply"]))
    check(visit, game, expected)
    status = visit.page.text_content("#status")
    assert f"{token} lets" in status and "escape" in status and visit.data["strategy"]["move"] in status
    visit.page.keyboard.press("u")  # the stray and its answer go together
    assert visit.moves() == 0 and visit.api("position()") == game.to_json(start)
    visit.local_only(server)
    visit.close()


def test_pages_work_opened_from_disk(browser, site) -> None:
    visit = Visit(browser, (site / "penguin-2020-12-01.html").as_uri())
    assert visit.errors == [] and all(u.startswith("file://") or u.startswith("data:") for u in visit.requests)
    first = visit.data["solution"][0]
    assert visit.api(f"play({json.dumps(first)})") is True and visit.moves() == 1
    visit.close()
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((site / "index.html").as_uri())
    assert page.locator("#today .day-card").count() >= 1 and errors == []
    page.close()


def test_a_day_page_is_readable_on_a_phone(browser, server) -> None:
    for stem in ("penguin-2020-12-01", "pack-n-stack-2020-12-07", "idiots-delight-2020-12-04", *FAMILY_DAYS):
        visit = Visit(browser, server + f"{stem}.html", viewport=(390, 844))
        width = visit.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (stem, width)  # nothing to scroll sideways
        box = visit.page.locator("#board").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        inside = visit.page.evaluate("(b => [b.scrollWidth, b.clientWidth])(document.getElementById('board'))")
        assert inside[0] <= inside[1], (stem, inside)  # the board itself needs no sideways scrolling either
        index_px = visit.page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .card .idx')).fontSize)")
        assert index_px >= 12, (stem, index_px)
        if stem.startswith("penguin"):  # the beak's empty foundation shows its suit, not covered by the next one
            seen = visit.page.evaluate("""(() => { const s = document.querySelector('#board .slot.top .suit');
                const r = s.getBoundingClientRect(); const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return [s.textContent, r.width > 0 && r.height >= 10 && (hit === s || s.contains(hit))]; })()""")
            assert seen[0] in "\u2663\u2660\u2665\u2666" and seen[1] is True, seen
        visit.local_only(server)
        visit.close()


# -- what a reader keeps: saved games, results, statistics, share; the look; offline ---------------
def won_by_script(page) -> None:
    line = page.evaluate("window.dealgen.solution()")
    assert all(page.evaluate(f"window.dealgen.play({json.dumps(t)})") for t in line)
    assert page.evaluate("window.dealgen.won()") is True


def test_a_win_shares_a_result_with_no_move_in_it(browser, server) -> None:
    visit = Visit(browser, server + "penguin-2020-12-01.html")
    assert visit.api("shareText()") is None  # nothing to share before the end
    won_by_script(visit.page)
    text = visit.api("shareText()")
    lines = text.split("\n")
    assert lines[0] == "Daily deals" and lines[1].startswith("Penguin · Tuesday 1 December 2020 · ")
    par = len(visit.data["solution"])
    assert lines[2].startswith(f"Solved in {par} moves (par) · 0 hints · 0:")
    assert lines[3] == server + "penguin-2020-12-01.html"
    words = set(text.replace("(", " ").replace(")", " ").split())
    assert not words & set(visit.data["solution"]), words & set(visit.data["solution"])
    cards = {c for col in visit.data["start"]["columns"] for c in col}
    assert not words & cards
    assert visit.page.is_visible("#result") and "Solved in" in visit.page.text_content("#result")
    visit.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    visit.page.evaluate("delete Navigator.prototype.share")  # headless has no share sheet: the clipboard then
    visit.page.click("#result button[data-act=share]")
    visit.page.wait_for_function("document.getElementById('shared').textContent.startsWith('Copied')")
    assert visit.page.evaluate("navigator.clipboard.readText()") == text
    visit.local_only(server)
    visit.close()


def test_a_reload_mid_game_restores_the_position_and_its_undo_history(browser, server) -> None:
    visit = Visit(browser, server + "idiots-delight-2020-12-04.html")
    for token in visit.data["solution"][:12]:
        assert visit.api(f"play({json.dumps(token)})") is True
    position = visit.api("position()")
    before_last = visit.page.evaluate("(() => { dealgen.undo(); const p = dealgen.position(); "
                                      f"dealgen.play({json.dumps(visit.data['solution'][11])}); return p; }})()")
    visit.page.reload()
    assert visit.api("position()") == position and visit.moves() == 12
    assert visit.api("undo()") is True and visit.api("position()") == before_last
    visit.page.click("text=Restart")  # clears the saved game
    visit.page.reload()
    assert visit.moves() == 0 and visit.api("position()") == visit.data["start"]
    visit.local_only(server)
    visit.close()


def test_winning_two_days_running_makes_a_streak_of_two_and_the_index_marks_them(browser, server) -> None:
    context = browser.new_context()
    for stem, day in (("penguin-2020-12-01", 1), ("penguin-supermove-2020-12-02", 2)):
        context.clock.set_fixed_time(dt.datetime(2020, 12, day, 12, 0, tzinfo=dt.timezone.utc))
        page = context.new_page()
        page.goto(server + f"{stem}.html")
        won_by_script(page)
        page.close()
    page = context.new_page()
    page.goto(server + "idiots-delight-2020-12-04.html")  # from the archive, two days late: played, no streak
    context.clock.set_fixed_time(dt.datetime(2020, 12, 6, 12, 0, tzinfo=dt.timezone.utc))
    page.reload()
    assert page.evaluate("dealgen.stats()") == {"played": 2, "won": 2, "streak": 0, "maxStreak": 2}
    context.clock.set_fixed_time(dt.datetime(2020, 12, 3, 9, 0, tzinfo=dt.timezone.utc))
    page.reload()
    assert page.evaluate("dealgen.stats()") == {"played": 2, "won": 2, "streak": 2, "maxStreak": 2}
    page.evaluate(f"dealgen.play({json.dumps(json.loads(page.locator('#dealgen-day').text_content())['solution'][0])})")
    assert page.evaluate("dealgen.stats()")["played"] == 3  # a first move makes a day played
    page.goto(server + "index.html")
    done = page.evaluate("Object.fromEntries([...document.querySelectorAll('.archive [data-stem]')]"
                         ".map(li => [li.dataset.stem, li.dataset.done]))")
    assert done["penguin-2020-12-01"] == "solved" and done["penguin-supermove-2020-12-02"] == "solved"
    assert done["idiots-delight-2020-12-04"] == "started" and done["pack-n-stack-2020-12-07"] == ""
    assert "streak 2" in page.text_content("#my-stats")
    context.close()


def test_dark_mode_and_the_four_colour_deck(browser, server) -> None:
    def looks(scheme):
        page = browser.new_page(color_scheme=scheme)
        page.goto(server + "penguin-2020-12-01.html")
        found = page.evaluate("[getComputedStyle(document.body).backgroundColor, "
                              "getComputedStyle(document.getElementById('board')).backgroundColor]")
        return page, found

    light_page, light = looks("light")
    dark_page, dark = looks("dark")
    assert light[0] == "rgb(255, 255, 255)" and dark[0] != light[0] and dark[1] != light[1]
    light_page.click("#dark-switch")  # the switch overrides the system's scheme, and is kept
    assert light_page.evaluate("getComputedStyle(document.body).backgroundColor") == dark[0]
    light_page.reload()
    assert light_page.evaluate("getComputedStyle(document.body).backgroundColor") == dark[0]
    club = "document.querySelector('#board .card.s0')"
    two = light_page.evaluate(f"getComputedStyle({club}).color")
    light_page.click("#deck-switch")
    four = light_page.evaluate(f"getComputedStyle({club}).color")
    assert two != four and light_page.evaluate("document.documentElement.dataset.deck") == "four"
    light_page.close()
    dark_page.close()


def test_a_day_page_weighs_under_400_kb_in_all(browser, server) -> None:
    for stem in ("penguin-2020-12-01", "pack-n-stack-2020-12-07"):
        page = browser.new_page()
        sizes: dict[str, int] = {}

        def weigh(response, sizes=sizes) -> None:
            if response.status == 200:
                sizes[response.url] = len(response.body())

        page.on("response", weigh)
        page.goto(server + f"{stem}.html", wait_until="networkidle")
        assert sum(sizes.values()) < 400_000, (stem, sizes)
        page.close()


def test_a_visited_site_plays_offline_over_http(browser, server) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + "penguin-2020-12-01.html")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the worker, which keeps what the page loads
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    assert page.evaluate("window.dealgen.legal().length") > 0 and page.locator("#board .card").count() > 40
    page.goto(server + "index.html")
    assert page.locator("#today .day-card").count() >= 1
    context.close()

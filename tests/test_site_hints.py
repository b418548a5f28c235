"""Hints on a day's page in a real browser (headless Chromium, as tests/test_site_browser.py):
following ``window.dealgen.hint()`` wins from the start and from a position off the verified
line, a dead position is reported lost with how far to undo, and the Hint button says so."""

from __future__ import annotations

import json
import random

import pytest

from dealgen.games import get_game
from dealgen.solution import Solution
from dealgen.solve import SOLVED, UNSOLVABLE, solve_position
from dealgen.verify import replay

from .test_site_browser import Visit, browser, server, site  # noqa: F401  (the fixtures)


def follow_hints(visit: Visit, most: int = 400) -> list[str]:
    """Play hint() after hint() until the game is won; the moves played."""
    played = []
    while not visit.api("won()") and len(played) < most:
        token = visit.api("hint()")
        assert token is not None, (played, visit.api("position()"))
        assert visit.api(f"play({json.dumps(token)})") is True
        played.append(token)
    return played


def wins_from_deal(data: dict, moves: list[str]) -> bool:
    return replay(Solution(data["game"], data["start"]["deal"], data["rules"], tuple(moves))).ok


@pytest.mark.parametrize("stem", ["penguin-2020-12-01", "penguin-supermove-2020-12-02", "penguin-single-2020-12-03",
                                  "idiots-delight-2020-12-04", "idiots-delight-free-2020-12-09", "freecell-2020-12-10",
                                  "seahaven-towers-2020-12-13"])
def test_following_hints_from_the_start_wins(browser, server, stem: str) -> None:  # noqa: F811
    visit = Visit(browser, server + f"{stem}.html")
    assert visit.api("winnable()") is True
    played = follow_hints(visit)
    assert visit.api("won()") is True and wins_from_deal(visit.data, played)
    assert visit.api("hint()") is None and visit.api("hintsUsed()") == len(played)
    assert f"{len(played)} hints" in visit.api("shareText()")  # the hints used, in the share text
    visit.local_only(server)
    visit.close()


def off_the_line(data: dict, seed: int) -> list[str]:
    """A game that leaves the verified line and can still be won (the Python solver says so)."""
    game = get_game(data["game"])
    rng = random.Random(seed)
    line = data["solution"]
    for _ in range(50):
        k = rng.randrange(1, len(line) // 2)
        state = game.from_json(data["start"])
        for token in line[:k]:
            state = game.play(state, game.parse_move(token))
        others = [m for m in game.legal_moves(state) if game.format_move(m) != line[k]]
        if not others:
            continue
        move = rng.choice(others)
        after = game.play(state, move)
        if solve_position(game, after, max_states=50_000, grade=False).verdict == SOLVED:
            return line[:k] + [game.format_move(move)]
    raise AssertionError("no winnable position off the line found")


@pytest.mark.parametrize("stem", ["penguin-2020-12-01", "idiots-delight-2020-12-04", "freecell-2020-12-10"])
def test_following_hints_from_a_position_off_the_line_wins(browser, server, stem: str) -> None:  # noqa: F811
    visit = Visit(browser, server + f"{stem}.html")
    moves = off_the_line(visit.data, 3)
    for token in moves:
        assert visit.api(f"play({json.dumps(token)})") is True
    assert visit.api("winnable()") is True
    played = follow_hints(visit)
    assert visit.api("won()") is True and wins_from_deal(visit.data, moves + played)
    visit.local_only(server)
    visit.close()


def places(name: str, token: str) -> list[str]:
    """The piles a hinted move names, as the page marks them (the tenth column's place is "0")."""
    game = get_game(name)
    if hasattr(game, "layout"):  # the FreeCell family: "10h", "27v2"
        move = game.parse_move(token)
        return [move.src, move.dst]
    return list(token) if len(token) == 2 else [token]


def dead_game(data: dict, seed: int) -> tuple[list[str], int]:
    """Random moves from the deal to a position the Python solver certifies lost, and how many
    of them must be undone to reach one it solves."""
    game = get_game(data["game"])
    rng = random.Random(seed)
    for _ in range(200):
        states, moves = [game.from_json(data["start"])], []
        for _ in range(rng.randrange(3, 30)):
            legal = game.legal_moves(states[-1])
            if not legal:
                break
            move = rng.choice(legal)
            states.append(game.play(states[-1], move))
            moves.append(game.format_move(move))
        if solve_position(game, states[-1], max_states=50_000, grade=False).verdict != UNSOLVABLE:
            continue
        for undo in range(1, len(moves) + 1):
            verdict = solve_position(game, states[-1 - undo], max_states=50_000, grade=False).verdict
            if verdict == SOLVED:
                return moves, undo
            if verdict != UNSOLVABLE:
                break
    raise AssertionError("no dead position found")


@pytest.mark.parametrize("stem", ["penguin-2020-12-01", "idiots-delight-2020-12-04", "bakers-game-2020-12-11"])
def test_a_dead_position_is_reported_with_how_far_to_undo(browser, server, stem: str) -> None:  # noqa: F811
    visit = Visit(browser, server + f"{stem}.html")
    moves, undo = dead_game(visit.data, 5)
    for token in moves:
        assert visit.api(f"play({json.dumps(token)})") is True
    assert visit.api("winnable()") is False and visit.api("hint()") is None
    visit.page.click("#hint")
    words = f"No win from here: undo {undo} move{'s' if undo > 1 else ''}."
    visit.page.wait_for_function(f"document.getElementById('hint-line').textContent === {json.dumps(words)}")
    assert visit.api("hintsUsed()") == 1
    for _ in range(undo):
        visit.page.keyboard.press("u")
    assert visit.api("winnable()") is True
    visit.page.click("#hint")  # the move is named and its piles marked on the board
    visit.page.wait_for_function("document.getElementById('hint-line').textContent.startsWith('Hint: ')")
    token = visit.api("hint()")
    marked = visit.page.eval_on_selector_all("#board .pile.hint", "els => els.map(e => e.dataset.place)")
    assert sorted(marked) == sorted(places(visit.data["game"], token)) and f"({token})" in visit.page.text_content(
        "#hint-line")
    visit.local_only(server)
    visit.close()


def test_hints_work_on_a_page_opened_from_disk(browser, site) -> None:  # noqa: F811
    """The solver is bundled into the page's one script, so no module is fetched from file://."""
    visit = Visit(browser, (site / "idiots-delight-2020-12-04.html").as_uri())
    moves = off_the_line(visit.data, 4)
    for token in moves:
        assert visit.api(f"play({json.dumps(token)})") is True
    played = follow_hints(visit)
    assert visit.api("won()") is True and wins_from_deal(visit.data, moves + played) and visit.errors == []
    visit.close()

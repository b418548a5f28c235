"""Person-like players (dealgen.solve.people) and the grades' check against them (dealgen.validation)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.errors import CheckFailed
from dealgen.games import get_game
from dealgen.games.penguin import PENGUIN
from dealgen.solve import core, people, solve_deal
from dealgen.solve.penguin import RULE_CODES, PenguinProblem
from dealgen.solve.people import GAMES, POPULATION, TRIES, Rng, population, seed_for
from dealgen.solve.people import penguin as penguin_people
from dealgen.validation import check, fit_weights, interval, mid_ranks, spearman

CORE = core.built()
needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built")


def compiled_game(state, player, seed):
    problem = PenguinProblem(state)
    cols, cells, home = problem.start_state
    return CORE.play(problem.beak, RULE_CODES[state.rules], cols, cells, home, player.lookahead, player.undos,
                     player.noise, seed, people.MAX_DECISIONS, people.STALL)


@needs_core
@pytest.mark.parametrize("rules,deals", [("parlett", range(1, 13)), ("supermove", range(13, 21)),
                                         ("single", range(21, 29))])
def test_compiled_players_play_the_same_games(rules, deals) -> None:
    # the compiled core against its pure-Python twin: the same game to the move, won or lost
    wins = 0
    for deal in deals:
        state = PENGUIN.deal(deal, rules)
        for index, player in enumerate(POPULATION):
            seed = seed_for(deal, RULE_CODES[rules], index, 0)
            python = penguin_people.play_python(PenguinProblem(state), player, seed)
            assert compiled_game(state, player, seed) == python, (rules, deal, player.name)
            wins += python is not None
    assert 0 < wins < len(deals) * len(POPULATION)  # both outcomes were compared


def test_rng_is_splitmix64() -> None:
    # the first outputs of splitmix64 seeded with 0 (Vigna's reference), taken modulo 2^32
    rng = Rng(0)
    assert [rng.below(2**32) for _ in range(2)] == [0xE220A8397B1DCDAF % 2**32, 0x6E789E6AA1B965F4 % 2**32]


def test_population_is_seeded_and_its_wins_replay(monkeypatch) -> None:
    monkeypatch.setenv(core.PURE_ENV, "1")  # (either core: the same games, as tested above)
    state = PENGUIN.deal(2, "parlett")
    first = population(PENGUIN, state)
    assert first == population(PENGUIN, state)
    assert set(first) == {"players_lost", "careful_won"}
    assert 0 <= first["players_lost"] < GAMES and 0 < first["careful_won"] <= TRIES
    fresh = population(PENGUIN, state, fresh=True)
    assert fresh is not None and 0 <= fresh["players_lost"] <= GAMES


def test_a_win_the_engine_refuses_is_a_bug(monkeypatch) -> None:
    state = PENGUIN.deal(2, "parlett")
    monkeypatch.setitem(people.PEOPLE, "penguin", lambda game, st, player, seed: ("1h",))
    with pytest.raises(CheckFailed, match="player bug"):
        population(PENGUIN, state)


def test_perpetual_motion_has_no_players() -> None:
    assert population(get_game("perpetual-motion"), get_game("perpetual-motion").deal(1)) is None
    assert "players_lost" not in solve_deal("perpetual-motion", 1).metrics


def test_graded_solutions_carry_the_players_figures() -> None:
    r = solve_deal("penguin", 2)
    assert 0 <= r.metrics["players_lost"] <= GAMES and "careful_won" in r.metrics
    assert "players_lost" not in solve_deal("penguin", 2, grade=False).metrics


def test_idiots_delight_players() -> None:
    game = get_game("idiots-delight")
    deal = next(d for d in range(1, 200) if solve_deal(game, d, "strict", grade=False).verdict == "solved")
    played = population(game, game.deal(deal, "strict"), 0)
    assert played == population(game, game.deal(deal, "strict"), 0)
    assert 0 <= played["players_lost"] <= GAMES
    assert "players_lost" in solve_deal(game, deal, "strict").metrics


def test_spearman_and_its_interval() -> None:
    assert mid_ranks([10, 20, 20, 5]) == [1.0, 2.5, 2.5, 0.0]
    assert spearman([1, 2, 3, 4], [10, 30, 40, 90]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # by hand: ranks (0,1,2,3) and (1,0,3,2): d^2 sums to 4, 1 - 6*4/(4*15) = 0.6
    assert spearman([1, 2, 3, 4], [20, 10, 40, 30]) == pytest.approx(0.6)
    low, high = interval(-0.5, 1000)
    assert low < -0.5 < high and high - low < 0.1
    assert math.isclose(math.atanh(high) - math.atanh(-0.5), 1.96 * math.sqrt(1.06 / 997))


def test_check_counts_bands_and_the_careful_player() -> None:
    rows = [(10.0, "easy", {"players_lost": 0, "careful_won": TRIES}),
            (20.0, "easy", {"players_lost": GAMES, "careful_won": 0}),
            (95.0, "expert", {"players_lost": GAMES, "careful_won": 0})]
    result = check(rows)
    easy, expert = result.bands[0], result.bands[3]
    assert (easy.deals, easy.win_rate, easy.never_won, easy.won_half) == (2, 0.5, 0.5, 0.5)
    assert (expert.deals, expert.win_rate, expert.never_won) == (1, 0.0, 1.0)
    assert result.falling and result.spearman < 0


def test_fit_weights_finds_the_metric_that_orders_play() -> None:
    records = [{"deal": n, "metrics": {"good": n, "noise": (n * 7919) % 13}} for n in range(1, 60)]
    played = {n: {"players_lost": min(GAMES, n // 5), "careful_won": 0} for n in range(1, 60)}
    weights, rho = fit_weights(records, played, ["noise", "good"])
    assert weights == {"good": 1.0} and rho < -0.9
    capped, _ = fit_weights(records, played, ["noise", "good"], caps={"good": 0.6})
    assert capped == {"noise": 0.4, "good": 0.6}


def test_validate_refuses_the_deals_it_was_fitted_on() -> None:
    result = CliRunner().invoke(main, ["calibrate", "penguin", "--validate", "--deals", "1500-1600"])
    assert result.exit_code == 2
    assert "fitted on deals 1001-3000" in result.output and "outside it" in result.output


def test_validate_writes_a_report(tmp_path) -> None:
    out = tmp_path / "check.json"
    result = CliRunner().invoke(main, ["calibrate", "penguin", "--validate", "--deals", "1-12", "--jobs", "1",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Spearman (percentile, players' win rate)" in result.output
    report = json.loads(out.read_text())
    assert report["deals"] == len(report["per_deal"]) == 12
    assert [b["grade"] for b in report["bands"]] == ["easy", "medium", "hard", "expert"]


FAMILY = ("freecell", "bakers-game", "eight-off", "seahaven-towers")


@pytest.mark.parametrize("name", FAMILY)
def test_the_freecell_familys_players(name) -> None:
    # one module plays the four games (found by the engine's module), seeded, every win replayed
    game = get_game(name)
    results = [population(game, game.deal(deal)) for deal in (2, 3)]
    assert results == [population(game, game.deal(deal)) for deal in (2, 3)]
    assert all(0 <= r["players_lost"] <= GAMES and 0 <= r["careful_won"] <= TRIES for r in results)
    assert any(r["players_lost"] < GAMES for r in results)  # someone wins
    assert people.PEOPLE[name].__module__ == "dealgen.solve.people.freecell"


def test_the_family_players_wins_are_replayed(monkeypatch) -> None:
    from dealgen.solve.people import freecell as family

    game = get_game("freecell")
    state = game.deal(3)
    won = family.play(game, state, POPULATION[1], seed_for(3, 0, 1, 0))
    assert won is not None
    monkeypatch.setitem(people.PEOPLE, "freecell", lambda g, st, player, seed: won[:-1])  # one move short
    with pytest.raises(CheckFailed, match="player bug"):
        population(game, state)


def test_a_casual_freecell_player_counts_runs_by_the_cells() -> None:
    # one free cell and one empty column: the run 9C 8H 7S may go onto TH ((1 + 1) x 2 = 4), but a
    # player looking one move ahead counts the cells alone (1 + 1 = 2) and does not see it
    from dealgen.cards import Card
    from dealgen.games.freecell import FREECELL, FreeCellState
    from dealgen.solve.people import freecell as family

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(code) for code in text.split())

    columns = tuple(cards(t) for t in ("6S KS 9C 8H 7S", "KC TH", "TC JC", "QC JS", "QS 9H", "JH QH", "KH", ""))
    state = FreeCellState(columns, (*cards("8S 9S TS"), None), (8, 5, 7, 13))
    table = family.Table(FREECELL, state)
    _, node, key, _ = table.problem.start()
    casual, careful = POPULATION[0], POPULATION[1]
    assert "12" not in [c[0][0] for c in family._options(table, casual, node, {key})]
    assert "12" in [c[0][0] for c in family._options(table, careful, node, {key})]


def test_the_familys_grades_speak_of_the_careful_player() -> None:
    from dealgen.grade import grade_words, load_calibration

    for name in FAMILY:
        data = load_calibration(name, "standard")
        assert data["sample"] == "deals 1001-3000" and data["weights"]["players_lost"] == 0.5
        lines = grade_words(name, "standard")
        assert len(lines) == 4 and lines[0].startswith("Easy: a careful player wins "), lines


def test_validate_the_freecell_grades(tmp_path) -> None:
    out = tmp_path / "check.json"
    result = CliRunner().invoke(main, ["calibrate", "freecell", "--validate", "--deals", "1-6", "--jobs", "1",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["calibration"] == "deals 1001-3000" and report["deals"] == 6
    refused = CliRunner().invoke(main, ["calibrate", "freecell", "--validate", "--deals", "2000-2010"])
    assert refused.exit_code == 2 and "outside it" in refused.output

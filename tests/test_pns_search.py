"""Pack 'n' Stack race counts, win proofs, players and problems (small, fast positions)."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys

from click.testing import CliRunner

from dealgen.cli import main
from dealgen.games.pack_n_stack import FOLLOWS, SEES, SQUARE_NAMES, PnsState
from dealgen.games.pack_n_stack import PACK_N_STACK as G
from dealgen.solve.pack_n_stack import prove as prove_mod
from dealgen.solve.pack_n_stack import race as race_mod
from dealgen.solve.pack_n_stack.players import greedy_move
from dealgen.solve.pack_n_stack.problems import examine
from dealgen.solve.pack_n_stack.prove import Prover, prove
from dealgen.solve.pack_n_stack.race import (
    ALL,
    all_piles,
    blockable,
    bound_after,
    check_certificate,
    inherit,
    lower_bound,
    min_shifts,
    on_course,
    race_loss,
    race_win,
    reach,
    safe_plan,
    side_plan,
    suit_piles,
)
from dealgen.solve.pack_n_stack.strategy import format_strategy, parse_strategy, verify_strategy

from .conftest import DATA, hearing_ctrl_c
from .test_pack_n_stack import pos
from .test_pns_strategy import SUITS_ROW


def test_pure_plan_and_bounds():
    s = pos({"a1": "2H", "a3": "5H", "c3": "9H", "e5": "2D", "e1": "4D", "b2": "3S", "d4": "7S"})
    plan = side_plan(s, 0)
    assert plan is not None and len(plan) == s.packs_left(0) == 3
    assert "two complete stacks" in check_certificate(s, plan[:-1])  # a certificate must cover every pack left
    # 3S and 7S never see each other and single cards cannot move: "more than the cap" of packet moves
    assert lower_bound(s, 1) == s.packs_left(1) + 3
    assert race_win(s) == plan


def test_prove_win_in_one_and_tree():
    tree = parse_strategy(SUITS_ROW + "goal: red wins in 1\ntree:\nred c1-b1\n")
    result = prove(tree.state, limit=3, seconds=5)
    assert result.status == "win" and result.n == 1


def test_no_win_proved_when_the_opponent_races_home():
    # Black to move, but Red's one pack wins before Black's two; Black has no forced win within 15.
    s = G.from_text(SUITS_ROW.replace("to move: red", "to move: black")
                    .replace("row 4: -  -  -  -  KS", "row 4: -  -  -  KS  -"))
    result = prove(s, limit=15, seconds=5)
    assert result.status == "no-win"


def test_examine_reproduces_the_stored_problem():
    tree = parse_strategy((DATA / "pns-26-strategy.txt").read_text())
    problem = examine(26, 41, tree.state, max_n=5, seconds=10)
    assert problem is not None and problem.n == 5
    greedy = greedy_move(tree.state, G.legal_moves(tree.state))
    assert problem.greedy_fails == (greedy.kind == "pack" and greedy.token not in problem.winning_first_moves)
    lines, ok = verify_strategy(problem.strategy_text())
    assert ok, lines


def test_problems_cli_bad_input(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["problems", "pack-n-stack", "--deals", "x"]).exit_code == 2
    assert runner.invoke(main, ["problems", "pack-n-stack", "--deals", "5-1"]).exit_code == 2
    result = runner.invoke(main, ["problems", "pack-n-stack", "--seconds", "nan"])
    assert result.exit_code == 2 and "nan is not a number of seconds" in result.output
    result = runner.invoke(main, ["problems", "penguin"])
    assert result.exit_code == 2 and "`dealgen problems` is for pack-n-stack only" in result.output
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    for folder, words in ((a_file, "exists and is not a folder"), (a_file / "sub", "cannot make this folder")):
        result = runner.invoke(main, ["problems", "pack-n-stack", "--deals", "1-1", "-o", str(folder)])
        assert result.exit_code == 2 and words in result.output


def test_problems_interrupted_keeps_what_it_found(tmp_path, monkeypatch):
    import dealgen.solve.pack_n_stack.problems as problems

    tree = parse_strategy((DATA / "pns-26-strategy.txt").read_text())
    problem = examine(26, 41, tree.state, max_n=5, seconds=10)

    def fake(deal, *args):  # deal 26 gives its problem, then Ctrl-C comes during the next deal
        if deal == 27:
            raise KeyboardInterrupt
        if deal == 26:
            yield problem

    monkeypatch.setattr(problems, "problems_in_deal", fake)
    result = CliRunner().invoke(main, ["problems", "pack-n-stack", "--deals", "25-40", "--jobs", "1",  # (in-process)
                                       "-o", str(tmp_path / "p")])
    assert result.exit_code == 130, result.output
    assert "interrupted after 2 of 16 deal(s); the problems found so far follow" in result.stderr
    assert problem.summary() in result.stdout and "1 problem(s) from 2 deal(s)" in result.stderr
    written = tmp_path / "p" / "pns-26-41.txt"
    assert verify_strategy(written.read_text())[1]



# Deals 18-21 give three problems (18, 20, 21), deal 21's the best; --seconds leaves their proofs
# (under a second each) unhurried on a busy machine, so every run finds the same.
PROBLEMS = ["problems", "pack-n-stack", "--deals", "18-21", "--seconds", "30"]


def problems_run(tmp_path, *how: str) -> tuple[str, str, dict[str, bytes]]:
    """What `dealgen problems` prints (stdout, stderr) and writes, run as ``how`` says."""
    folder = tmp_path / "-".join(how)
    result = CliRunner().invoke(main, [*PROBLEMS, *how, "-o", str(folder)])
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr, {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_problems_in_two_processes_print_and_write_what_one_does(tmp_path):
    one = problems_run(tmp_path, "--jobs", "1")
    assert one[0].startswith("deal 21 turn 41: black wins in 6") and len(one[0].splitlines()) == 3  # best first
    assert list(one[2]) == ["pns-18-38.txt", "pns-20-44.txt", "pns-21-41.txt"]
    assert one[1].splitlines()[:4] == ["deal 18: problem found", "deal 19: none", "deal 20: problem found",
                                       "deal 21: problem found"]  # progress in deal order
    assert problems_run(tmp_path, "--jobs", "2") == one


ROOT = DATA.parent.parent  # (the subprocess imports this checkout's dealgen)


def test_problems_in_processes_stopped_by_ctrl_c_keep_what_they_found(tmp_path):
    folder = tmp_path / "p"
    run = subprocess.Popen([sys.executable, "-c", "from dealgen.cli import main; main()", "problems", "pack-n-stack",
                            "--deals", "18-40", "--seconds", "30", "--jobs", "2", "-o", str(folder)],
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=hearing_ctrl_c)
    try:
        said = []
        for line in run.stderr:  # the first deal's report: the others take seconds more (those that
            said.append(line)     # finished ahead of it are reported in a burst, so wait for no later one)
            if line.startswith("deal 18:"):
                run.send_signal(signal.SIGINT)
                break
        stdout, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    stderr = "".join(said) + stderr
    assert run.returncode == 130, stderr
    assert "; the problems found so far follow" in stderr and "Traceback" not in stderr
    lines = stdout.splitlines()
    assert any(ln.startswith("deal 18 ") for ln in lines) and len(lines) < 6  # kept; not all 6 were found
    assert "pns-18-38.txt" in {p.name for p in folder.iterdir()}
    assert len(lines) == len(list(folder.iterdir())) and all(verify_strategy(p.read_text())[1] for p in folder.iterdir())


# -- safe plans: packet moves the opponent cannot forestall ---------------------------------------
# Red: hearts in two piles that see each other (one pack), diamonds a packet on c3 and KD on e1 that
# never see each other (the packet must move to c1 first). Black: clubs done, spades a packet on
# SPADES_AT and three singles that see nothing of their suit, so Black needs five turns at least.
def _shift_position(spades_at: str, to_move: str = "red"):
    return pos({"a1": "/".join(c + "H" for c in "A23456789TJQ"), "b1": "KH",
                "c3": "/".join(c + "D" for c in "A23456789TJQ"), "e1": "KD",
                "a3": "/".join(c + "C" for c in "A23456789TJQK"),
                spades_at: "/".join(c + "S" for c in "A23456789T"), "e2": "JS", "d3": "QS", "b4": "KS"},
               to_move=to_move)


def test_safe_plan_with_a_packet_move_first():
    s = _shift_position("c5")  # the spade packet on c5 sees c1
    assert side_plan(s, 0) is None and lower_bound(s, 1) >= 3
    plan = race_win(s)
    assert plan is not None and len(plan) == 3 and plan[0].token == "c3>c1"  # only turn 1 is safe
    assert check_certificate(s, plan) is None
    assert prove(s, limit=5, seconds=5).status == "win"


def test_unsafe_packet_move_refused():
    s = _shift_position("c5")
    late = [G.parse_move(t) for t in ("b1-a1", "c3>c1", "e1-c1")]
    assert "not safe" in check_certificate(s, late)  # Black's c5 packet could take c1 at its first turn
    far = _shift_position("d4")  # from d4 the spade packet needs a move before it sees c1
    assert check_certificate(far, late) is None
    assert reach(s, 1)[SQUARE_NAMES.index("c1")] == 0 and reach(far, 1)[SQUARE_NAMES.index("c1")] == 1


def test_safe_plan_when_the_opponent_moves_first():
    # With Black to move, c1 is safe for Red's first turn only if Black cannot cover it in one move.
    assert safe_plan(_shift_position("c5", "black"), 0, 5, opponent_first=True) is None
    plan = safe_plan(_shift_position("d4", "black"), 0, 5, opponent_first=True)
    assert plan is not None and plan[0].token == "c3>c1"
    assert [blockable(0, 1, True), blockable(0, 1, False), blockable(0, 2, False), blockable(1, 2, False)] == [
        True, False, True, False]


def test_draw_rules_can_void_a_safe_plan():
    s = _shift_position("c5")
    assert race_win(PnsState(s.square, s.stock, 0, 18, s.seen)) is None  # 18 quiet turns: a packet move first would draw
    at_17 = PnsState(s.square, s.stock, 0, 17, s.seen)
    plan = race_win(at_17)  # Red's packet move and Black's reply make 19; Red's pack then comes in time
    assert plan is not None and check_certificate(at_17, plan) is None
    after = G.play(G.play(at_17, plan[0]), G.legal_moves(G.play(at_17, plan[0]))[0])
    assert after.quiet <= 19 and not G.outcome(G.play(after, plan[1])).over
    packs = pos({"a1": "/".join(c + "H" for c in "A23456789TJQ"), "b1": "KH",
                 "c1": "/".join(c + "D" for c in "A23456789TJQ"), "d1": "KD",
                 "a3": "/".join(c + "C" for c in "A23456789TJQK"),
                 "a5": "/".join(c + "S" for c in "A23456789T"), "e2": "JS", "d3": "QS", "b4": "KS"})
    at_19 = PnsState(packs.square, packs.stock, 0, 19, packs.seen)
    assert race_win(at_19) is not None  # packs at once: no draw can come first
    black_first = PnsState(packs.square, packs.stock, 1, 19, packs.seen)  # Black's quiet move would draw
    assert safe_plan(black_first, 0, 5, opponent_first=True) is None


def test_packet_moves_in_a_race_plan_count_for_the_grade():
    from dealgen.solve.pack_n_stack.strategy import Node, winner_shifts

    s = _shift_position("c5")
    plan = [m.token for m in race_win(s)]
    assert winner_shifts(Node("red", plan, True, 0)) == 1
    assert winner_shifts(Node("red", ["b1-a1"], True, 0)) == 0


def test_opponent_first_plan_refused_when_its_move_could_repeat_a_position():
    s = _shift_position("d4", "black")
    assert safe_plan(s, 0, 5, opponent_first=True) is not None
    twice = PnsState(s.square, s.stock, 1, 2, (s.key, (s.square, 0), s.key))  # Black's move could make a third
    assert safe_plan(twice, 0, 5, opponent_first=True) is None


def test_problems_print_best_first_by_stars():
    """`dealgen problems` lists more stars first, as catalogs grade problems: a single winning
    first move alone no longer puts a two-star problem before a five-star one."""
    from dealgen.solve.pack_n_stack.problems import BIG_PROOF, Problem

    def problem(first_moves, greedy_fails, packets, n, proof):
        return Problem(1, 40, None, n, first_moves, "a1-a2", greedy_fails, packets, proof, None)

    rich = problem(["a1-a2", "b1-b2"], True, 1, 5, BIG_PROOF)
    unique = problem(["a1-a2"], False, 0, 3, 10)
    assert (rich.stars, unique.stars) == (5, 2)
    assert sorted([unique, rich], key=lambda p: p.order) == [rich, unique]
    twin = problem(["a1-a2"], False, 1, 5, BIG_PROOF)  # among equal stars, sign by sign: a single first move first
    assert twin.stars == 5 and sorted([rich, twin], key=lambda p: p.order) == [twin, rich]


def test_on_course_squares_of_a_suit(monkeypatch):
    # The 5H packet on a1 must move where it sees the 7H on c3 (c1 or a3) before 7H can go onto it.
    s = pos({"a1": "2H/5H", "c3": "7H", "e5": "KS"})
    piles = suit_piles(s, 2)
    assert on_course(piles) == (1 << SQUARE_NAMES.index("c1")) | (1 << SQUARE_NAMES.index("a3"))
    assert on_course(suit_piles(pos({"a1": "2H/5H", "a3": "7H"}), 2)) == 0  # packs alone
    # more than one packet move needed: traced all the same, as a walk through every move shows
    far = pos({"a1": "2H/5H", "c3": "7H", "e4": "9H", "b5": "3H/8H"})
    assert min_shifts(suit_piles(far, 2)) > 1
    monkeypatch.setattr(race_mod, "_COURSES", {})
    assert on_course(suit_piles(far, 2)) == _course_by_hand(suit_piles(far, 2)) != ALL
    # the trace answers for every arrangement it passed, each as its own walk would
    answered = dict(race_mod._COURSES)
    assert len(answered) > 10 and any(answered.values())
    assert all(found == _course_by_hand(piles) for piles, found in answered.items())
    checked = 0
    for deal in range(1, 13):  # the suits of stock-out positions that need packet moves
        for piles in all_piles(_stock_out(deal)):
            if 0 < min_shifts(piles) and len(piles) <= 7:
                assert on_course(piles) == _course_by_hand(piles)
                checked += 1
    assert checked >= 10
    # past COURSE_STATES arrangements the trace gives up and claims every square
    monkeypatch.setattr(race_mod, "COURSE_STATES", 1)
    monkeypatch.setattr(race_mod, "_COURSES", {})
    assert on_course(suit_piles(far, 2)) == ALL


def test_a_course_depends_on_the_piles_alone_and_moves_are_found_once(monkeypatch):
    far = suit_piles(pos({"a1": "2H/5H", "c3": "7H", "e4": "9H", "b5": "3H/8H"}), 2)

    def fresh(limit=race_mod.COURSE_STATES):
        monkeypatch.setattr(race_mod, "_COURSES", {})
        monkeypatch.setattr(race_mod, "_STEPS", {})
        monkeypatch.setattr(race_mod, "COURSE_STATES", limit)

    fresh()
    whole = on_course(far)
    assert whole == _course_by_hand(far)
    later = [piles for piles, found in race_mod._COURSES.items() if piles != far and found]
    # a second trace walks the same arrangements without finding their moves again
    monkeypatch.setattr(race_mod, "_COURSES", {})
    calls = []
    monkeypatch.setattr(race_mod, "_within", lambda piles, k: calls.append(piles))
    assert on_course(far) == whole and calls == []
    monkeypatch.undo()
    # where the trace gives up, tracing a later arrangement first changes nothing
    for limit in range(1, race_mod.COURSE_STATES):
        fresh(limit)
        if on_course(far) != ALL:
            break
        given_up = limit
    after = max(later, key=lambda piles: len(race_mod._STEPS.get(piles) or ()))
    fresh(given_up)
    assert on_course(after) != ALL and on_course(far) == ALL
    monkeypatch.undo()


def _course_by_hand(piles) -> int:
    """Every square some move of the suit reaches a packet to, along the sequences of its moves
    that each lower its bound by one (a plain walk through all of them)."""
    found, seen = 0, set()

    def walk(p) -> None:
        nonlocal found
        if p in seen:
            return
        seen.add(p)
        need = len(p) - 1 + min_shifts(p)
        taken = sum(1 << sq for sq, _, _ in p)
        for a, (sa, ha, packet) in enumerate(p):
            after = [race_mod._merged(p, a, b) for b, (sb, hb, _) in enumerate(p)
                     if a != b and FOLLOWS[ha][hb] and sb in SEES[sa]]
            moves = [(0, nxt) for nxt in after]
            if packet:
                moves += [(1 << t, race_mod._shifted(p, a, t)) for t in SEES[sa] if not taken >> t & 1]
            for target, nxt in moves:
                if len(nxt) - 1 + min_shifts(nxt) == need - 1:
                    found |= target
                    walk(nxt)

    walk(piles)
    return found


ZERO_SLACK = """game: pack-n-stack
deal: 1
rules: parlett
to move: red
quiet: 2
stock: -
row 1: -  -  6S/8S/QS/JS/9S/AS/3S/4S/5S/2S/KS/7S/TS  -  -
row 2: -  -  6H/8H/5H/7H/3H/QH/4H/TH/JH/AH/9H  2C/4C/KC/7C/6C/AC/JC/3C/QC/8C/TC  -
row 3: -  -  AD/3D  9C  KH
row 4: -  -  5C  -  -
row 5: -  -  2H  -  7D/5D/QD/9D/KD/4D/6D/8D/TD/2D/JD
"""


def test_no_turn_to_spare_keeps_to_the_course(monkeypatch):
    # From a search-vs-search game of deal 1: Red needs 5 turns at least, Black 3. Black's plan is
    # not safe from every Red packet move, but Red, with no turn to spare, moves packets only on
    # its course, and those cannot stop Black finishing first.
    state = G.from_text(ZERO_SLACK)
    n = lower_bound(state, 0)
    assert n == 5 and not race_loss(state) and race_loss(state, no_spare=True)
    assert not Prover().attack(state, n)
    # the same answer by the search without the course (a fresh position: states keep their findings)
    monkeypatch.setattr(race_mod, "course", lambda _state, _side: ALL)
    monkeypatch.setattr(prove_mod, "course", lambda _state, _side: ALL)
    plain = G.from_text(ZERO_SLACK)
    assert not race_loss(plain, no_spare=True)
    prover = Prover()
    assert not prover.attack(plain, n) and prover.nodes > 0


def test_children_inherit_what_a_fresh_position_works_out():
    # inherit() derives a child's piles, counts and the opponent's bound from its parent's
    # (bound_after, the mover's bound, before the child is made);
    # over whole endgames every one must equal what the child works out for itself.
    checked = 0
    for deal in (3, 8, 21):
        state = _stock_out(deal)
        while not G.outcome(state).over:
            for side in (0, 1):
                lower_bound(state, side)
            for move in G.legal_moves(state):
                child = G.apply(state, move)
                inherit(state, move, child)
                fresh = G.from_text(G.to_text(child))
                if move.kind != "pass":
                    assert child.__dict__["_piles"] == all_piles(fresh)
                assert child.counts == fresh.counts
                assert [lower_bound(child, side) for side in (0, 1)] == [lower_bound(fresh, side) for side in (0, 1)]
                # the mover's bound worked out before the move is made, and a child given it
                bound, moved = bound_after(state, move, lower_bound(state, state.to_move))
                assert bound == lower_bound(fresh, state.to_move)
                if moved is not None:
                    given = G.apply(state, move)
                    inherit(state, move, given, moved, bound)
                    assert given.__dict__["_piles"] == all_piles(fresh)
                    assert lower_bound(given, state.to_move) == bound
                checked += 1
            state = G.apply(state, greedy_move(state, G.legal_moves(state)))
    assert checked > 300


def _costly(prover: Prover, ticks: int, verdict: bool, log: list, name: str) -> bool:
    """A stand-in for a child's search: ``ticks`` nodes, then ``verdict``."""
    for _ in range(ticks):
        prover._tick()
    log.append(name)
    return verdict


PROBES = (1, 10, 100, 1000, 10000)  # fixed here: the module's own schedule is tuned


def test_probes_let_the_cheapest_winning_child_decide(monkeypatch):
    monkeypatch.setattr(prove_mod, "PROBES", PROBES)
    prover, log = Prover(), []
    costs = {"slow win": (500, True), "quick loss": (3, False), "quick win": (40, True)}
    found = prover._first_of(list(costs), lambda c: _costly(prover, *costs[c], log, c))
    assert found
    # the slow child never finished: the cheap loss was settled (and dropped) first, then the win
    assert log == ["quick loss", "quick win"]
    assert prover.probe_limit == float("inf")


def test_probes_try_every_child_before_saying_no(monkeypatch):
    monkeypatch.setattr(prove_mod, "PROBES", PROBES)
    prover, log = Prover(), []
    costs = {"a": (5000, False), "b": (20_000, False), "c": (2, False)}
    assert not prover._first_of(list(costs), lambda c: _costly(prover, *costs[c], log, c))
    assert sorted(log) == ["a", "b", "c"]  # each settled exactly once


def test_an_enclosing_probe_budget_is_not_swallowed_by_an_inner_one(monkeypatch):
    monkeypatch.setattr(prove_mod, "PROBES", PROBES)
    prover, tries = Prover(), []

    def inner(c):  # each inner child costs 30 nodes and loses
        tries.append(c)
        return _costly(prover, 30, False, [], c)

    # the outer probes (1 and 10 nodes) run out inside the inner search: the inner level must
    # hand that straight up rather than go on probing its own children on a spent budget
    assert not prover._first_of(["only"], lambda c: prover._first_of(["x", "y"], inner))
    assert len(tries) == 10  # 28 when the inner level swallows the outer probe's end


def _stock_out(deal: int) -> PnsState:
    state = G.deal(deal)
    while state.stock:
        state = G.apply(state, greedy_move(state, G.legal_moves(state)))
    return state


def test_no_probes_where_the_opponent_is_ahead(monkeypatch):
    """Probes search each child again; where the opponent leads the race every move likely
    fails, so the attacker's moves are then searched plainly, in order."""
    probed = []
    monkeypatch.setattr(Prover, "_first_of", lambda self, children, decide: probed.append(len(children)) or False)
    for deal, behind in ((41, True), (3, False)):  # the side to move needs 15 turns against 13; 13 against 14
        state = _stock_out(deal)
        me = state.to_move
        assert (lower_bound(state, 1 - me) < lower_bound(state, me)) is behind
        probed.clear()
        prover = Prover(max_nodes=200)
        try:
            prover._attack(state, lower_bound(state, me), me)
        except prove_mod.OutOfBudget:
            pass
        assert bool(probed) is not behind


def test_a_search_makes_no_reference_cycles():
    """The prover runs with Python's cyclic collector off, so anything it builds in a cycle
    (a nested function calling itself, say) stays in memory until the search ends."""
    state = _stock_out(20)
    with prove_mod.without_gc():
        gc.collect()
        prover = Prover(max_nodes=800)
        try:
            prover.attack(state, lower_bound(state, state.to_move) + 1)
        except prove_mod.OutOfBudget:
            pass
        assert prover.nodes > 500
        assert gc.collect() == 0


def _position_file(tmp_path, state: PnsState, name: str = "pos.txt"):
    path = tmp_path / name
    path.write_text(G.to_text(state), encoding="utf-8")
    return str(path)


def test_prove_cli_gives_a_verified_strategy(tmp_path):
    """`dealgen prove`: a searched forced win (deal 40's stock-out, one winning first move that
    the greedy pack is not), its signs and main line, and a strategy file that replays."""
    out = tmp_path / "win.txt"
    result = CliRunner().invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, _stock_out(40)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Black to play and win in 12" in result.output and "the greedy pack d4-e4 fails" in result.output
    assert "  1. Black c2-c3; Red" in result.output  # the main line, as books print it
    assert CliRunner().invoke(main, ["verify", str(out)]).exit_code == 0
    again = CliRunner().invoke(main, ["prove", "pack-n-stack", str(out), "--json"])  # a strategy file's position
    data = json.loads(again.output)
    assert (data["verdict"], data["n"], data["no_win_within"], data["winning_first_moves"]) == ("win", 12, 11, ["c2-c3"])
    assert (data["first_moves_complete"], data["stars"], data["grade"]) == (True, 6, "expert")


def test_prove_cli_no_win_and_undecided(tmp_path):
    runner = CliRunner()
    out = tmp_path / "none.txt"
    result = runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, _stock_out(17)), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()  # nothing to write
    assert "no forced win for Black within 15 turns: proved" in result.output
    assert "no strategy to write" in result.stderr
    # deal 2: Black needs 13 turns at least, so no win within 12 is known without a search
    result = runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, _stock_out(2)), "--seconds", "0.1",
                                  "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0 and (data["verdict"], data["no_win_within"], data["stopped_by"]) == ("unknown", 12, "time")


def test_prove_cli_bad_input(tmp_path):
    runner = CliRunner()
    dealt = runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, G.deal(5))])
    assert dealt.exit_code == 2 and "win proofs start once the stock is empty" in dealt.output
    dealt = runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, G.deal(5)), "--json"])
    data = json.loads(dealt.stdout)  # a program reading the JSON gets JSON, the error on stderr as ever
    assert dealt.exit_code == 2 and data["ok"] is False and data["error"]["exit_code"] == 2
    assert "win proofs start once the stock is empty" in data["error"]["reason"] and "error" in dealt.stderr
    state = _stock_out(2)
    while not G.outcome(state).over:  # greedy play wins this one (a draw by repetition would not show in the text)
        state = G.apply(state, greedy_move(state, G.legal_moves(state)))
    over = runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, state)])
    assert over.exit_code == 2 and "the game is already over" in over.output
    assert runner.invoke(main, ["prove", "penguin", _position_file(tmp_path, state)]).exit_code == 2
    assert runner.invoke(main, ["prove", "pack-n-stack", str(tmp_path / "missing.txt")]).exit_code == 2
    assert runner.invoke(main, ["prove", "pack-n-stack", _position_file(tmp_path, state), "--max-n", "0"]).exit_code == 2


def test_a_strategy_is_built_from_the_proof_without_searching_again():
    """build_tree takes at each turn a move the proof's table already shows winning; taking the
    first winning move in move order refuted every earlier move first (deal 12's stock-out: new
    searches, and a strategy of 60,379 moves instead of 1,031)."""
    from dealgen.solve.pack_n_stack.strategy import build_tree

    state = _stock_out(12)
    prover = Prover(max_nodes=1_000_000)
    with prove_mod.without_gc():
        assert prover.attack(state, 13)
        searched = prover.nodes
        tree = build_tree(state, 13, prover)
    assert prover.nodes == searched
    text = format_strategy(state, 13, tree)
    lines, ok = verify_strategy(text)
    assert ok, lines


def test_first_moves_not_settled_in_time_leave_the_problem_ungraded(monkeypatch):
    """Finding every winning first move means refuting the others; given no time for that, the
    problem names the first move found, claims neither its greedy sign nor its stars, and
    `examine` (which grades what it finds) leaves it out."""
    from dealgen.solve.pack_n_stack.problems import problem_of

    state = _stock_out(40)
    problem = problem_of(40, 0, state, prove(state), seconds=1e-9)
    assert problem is not None and not problem.first_moves_complete
    assert problem.winning_first_moves == [problem.tree.moves[0]]
    assert "the others not settled in time" in problem.signs() and "star" not in problem.signs()
    assert "the greedy pack d4-e4 not settled" in problem.signs()
    assert problem_of(40, 0, state, prove(state)).first_moves_complete  # with no time limit
    # the win proved with no time limit, the other first moves given none
    from dealgen.solve.pack_n_stack import problems as problems_mod
    monkeypatch.setattr(problems_mod, "prove", lambda s, limit, seconds, max_nodes: prove(s, limit, None, max_nodes))
    assert examine(40, 0, state, max_n=15, seconds=None) is not None
    assert examine(40, 0, state, max_n=15, seconds=1e-9) is None

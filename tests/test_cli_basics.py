"""The command line of issue 2: deal, games, verify, and every bad input named clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen import __version__
from dealgen.cli import main
from dealgen.games.penguin import PENGUIN
from dealgen.solution import read_solution

from .conftest import DATA

GOLDEN = DATA / "penguin-1-fcsolve.sol"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_version_help_and_games() -> None:
    assert __version__ in run("--version").output
    assert run("--help").exit_code == 0
    for command in ("deal", "verify", "games"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Usage" in result.output
    result = run("games")
    assert "penguin" in result.output and "supermove" in result.output and "single" in result.output


@pytest.mark.parametrize("args, message", [
    (("deal", "penguin"), "Missing argument 'NUMBER'"),
    (("deal", "penguin", "1", "--format", "xml"), "Invalid value for --format"),
    (("nosuch",), "No such command 'nosuch'"),
    (("deal", "penguin", "--nosuch", "1"), "No such option '--nosuch'"),
    (("walkthrough", "penguin", "1", "-o", "w.pdf", "--nosuch"), "No such option '--nosuch'"),
    (("play", "pack-n-stack", "3", "--nosuch", "1"), "No such option '--nosuch'"),  # after the deal number
    (("render", "penguin", "3", "--nosuch", "-o", "r.png"), "No such option '--nosuch'"),
    (("render", "penguin", "3", "--nosuch"), "No such option '--nosuch'"),  # before the missing -o
    (("deal", "penguin", "3", "--", "--nosuch"), "Got unexpected extra argument (--nosuch)"),
    (("deal", "--nosuch", "penguin", "3"), "No such option '--nosuch'"),  # not an unknown game
    (("render", "penguin", "3", "-o", "--", "--nosuch"), "No such option '--nosuch'"),  # "--" as -o's value
    (("render", "penguin", "3", "--nosuch", "-o"), "No such option '--nosuch'"),  # named first, as click does
    (("deal", "--", "-x", "3"), "unknown game '-x'"),  # after "--", a word is an argument
    (("scan", "penguin", "--nosuch"), "No such option '--nosuch'"),
    (("deal", "penguin", "3", "4"), "Got unexpected extra argument (4)"),
    (("deal", "penguin", "3", "-"), "Got unexpected extra argument (-)"),
    (("solve", "penguin", "-5"), "deal number -5 is out of range"),
])
def test_usage_errors_are_one_line(args, message) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.output
    assert result.output.startswith("dealgen: error: ") and result.output.count("\n") == 1
    if args[0] != "nosuch":  # each points to its own command's help
        assert f" {args[0]} --help`" in result.output, result.output


def test_a_negative_range_is_a_bad_range_not_an_unknown_option() -> None:
    result = run("scan", "penguin", "-5-3")
    assert result.exit_code == 2 and "'-5-3' is not a range of deals" in result.output, result.output


def test_a_missing_option_value_points_to_the_commands_help() -> None:
    result = run("solve", "penguin", "1", "-o")
    assert result.exit_code == 2 and "requires an argument" in result.output and "solve --help`" in result.output


def test_names_in_any_case() -> None:
    assert run("deal", "penguin", "5", "--rules", "Single").output == run("deal", "penguin", "5", "--rules", "single").output
    assert run("deal", "penguin", "5", "--format", "FCS").output == run("deal", "penguin", "5", "--format", "fcs").output


@pytest.mark.parametrize("args, message", [
    (("deal", "penguin", "1_000"), "not a whole number"),
    (("scan", "penguin", "1-100000000000000000001"), "deal number 100000000000000000001 is out of range"),
    (("calibrate", "penguin", "--deals", "1-2", "-o", ""), "an empty name"),
    (("solve", "penguin", "1", "-o", " "), "an empty name"),
])
def test_bad_numbers_and_empty_names(args, message) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_an_empty_output_name_never_means_the_shipped_calibration() -> None:
    from dealgen.grade import data_path

    shipped = data_path("penguin", "parlett")
    before = shipped.read_bytes()
    assert run("calibrate", "penguin", "--deals", "1-2", "-o", "").exit_code == 2
    assert shipped.read_bytes() == before


def test_deal_formats() -> None:
    text = run("deal", "penguin", "1").output
    assert PENGUIN.from_text(text) == PENGUIN.deal(1)
    assert "J♥" in run("deal", "penguin", "1", "--format", "unicode").output
    data = json.loads(run("deal", "penguin", "1", "--format", "json").output)
    assert data["beak"] == "JH" and data["deal"] == 1
    fcs = run("deal", "penguin", "1", "--format", "fcs").output
    assert fcs.splitlines()[0] == "Foundations: H-0 C-A D-A S-A"
    assert fcs.splitlines()[1] == ": AH 3D 6H 6C 7D 5C 6D"  # JH KD 3H ... relabelled so the beak is the Ace


@pytest.mark.parametrize("args, words", [
    (("deal", "chess", "1"), "unknown game 'chess'"),
    (("deal", "penguin", "-5"), "out of range"),
    (("deal", "penguin", "12x"), "not a whole number"),
    (("deal", "penguin", "1" + "0" * 21), "out of range"),
    (("deal", "penguin", "1", "--rules", "easy"), "unknown rule set 'easy'"),
    (("deal", "penguin", "1", "--format", "pdf"), "use one of text, unicode, json, fcs"),
])
def test_deal_bad_input(args, words) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "solution.txt"
    path.write_text(text)
    return str(path)


def golden_text() -> str:
    return GOLDEN.read_text()


def test_verify_a_winning_solution() -> None:
    result = run("verify", str(GOLDEN))
    assert result.exit_code == 0, result.output
    assert "verified, 91 moves, won" in result.output
    data = json.loads(run("verify", "--json", str(GOLDEN)).output)
    assert data == {"ok": True, "game": "penguin", "deal": 1, "rules": "parlett", "moves_played": 91, "won": True,
                    "error": None, "verdict": "penguin deal 1 (parlett): verified, 91 moves, won"}


def test_verify_names_the_illegal_move(tmp_path: Path) -> None:
    bad = write(tmp_path, golden_text().replace("1a 1b 1c", "1a 1a 1c"))
    result = run("verify", bad)
    assert result.exit_code == 1
    assert "move 2 '1a'" in result.output and "cell a is occupied by 3D" in result.output
    data = json.loads(run("verify", "--json", bad).output)
    assert data["error"] == {"move": 2, "token": "1a", "line": 6, "reason": "cell a is occupied by 3D"}
    shown = run("verify", "--show", bad).output
    assert "position before move 2" in shown and "cells: 3D - - - - - -" in shown
    data = json.loads(run("verify", "--show", "--json", bad).output)  # the same position, as a field
    assert data["position"]["before_move"] == 2 and "cells: 3D - - - - - -" in data["position"]["text"]
    assert "position" not in json.loads(run("verify", "--json", bad).output)


def test_verify_show_draws_a_catalogs_failing_entry(tmp_path: Path) -> None:
    seeds = Path(__file__).resolve().parents[1] / "seeds" / "penguin-40.json"
    data = json.loads(seeds.read_text())
    entry = data["deals"][2]
    entry["solution"][5] = entry["solution"][4]  # deal 2's sixth move made illegal
    bad = tmp_path / "cat.json"
    bad.write_text(json.dumps(data))
    result = run("verify", "--show", str(bad))
    assert result.exit_code == 1
    assert f"penguin deal {entry['deal']} (parlett): FAILED at move 6" in result.output
    assert result.output.count("position before move 6:") == 1 and "cells: " in result.output
    shown = [v for v in json.loads(run("verify", "--show", "--json", str(bad)).output) if "position" in v]
    assert [(v["deal"], v["position"]["before_move"]) for v in shown] == [(entry["deal"], 6)]


def test_verify_counts_cards_home_when_not_won(tmp_path: Path) -> None:
    lines = golden_text().splitlines()
    short = write(tmp_path, "\n".join(lines[:6]) + "\n")  # headers + the first line of moves
    result = run("verify", short)
    assert result.exit_code == 1
    assert "not won" in result.output and "of 52 cards on the foundations" in result.output


def test_verify_refuses_moves_after_the_win(tmp_path: Path) -> None:
    result = run("verify", write(tmp_path, golden_text() + "1a\n"))
    assert result.exit_code == 1 and "move 92 '1a'" in result.output and "already over" in result.output


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace("1a 1b", "1a 9b"), "move 2: '9b': source '9' is no column"),
    (lambda t: t.replace("1a 1b", "1a 1z"), "move 2: '1z': target 'z' is no cell"),
    (lambda t: t.replace("1a 1b", "1a 1bc"), "'1bc' is not a Penguin move"),
    (lambda t: t.replace("1a 1b", "1a 11"), "move 2: '11': a move needs two different places"),  # never legal
    (lambda t: t.replace("1a 1b", "1a h1"), "move 2: 'h1': cards never leave the foundations"),
    (lambda t: t.replace("deal: 1", "deal: one"), "deal number 'one' is not a whole number"),
    (lambda t: t.replace("game: penguin", "game: bridge"), "unknown game 'bridge'"),
    (lambda t: t.replace("rules: parlett", "rules: loose"), "unknown rule set 'loose'"),
    (lambda t: t.replace("rules: parlett", "rules: parlett\nplayer: me"), "unknown header 'player'"),
    (lambda t: t.replace("game: penguin\n", ""), "missing header 'game:'"),
    (lambda t: t.replace("deal: 1", "deal 1"), ":4: 'deal 1': a header needs a colon, e.g. 'deal: 1'"),
    (lambda t: t.replace("game: penguin", "game = penguin"), ":3: 'game = penguin': a header needs a colon"),
    (lambda t: t.replace("1a 1b", "1. 1a 1b"), "move 1: '1.' looks like a move number"),
    (lambda t: t.replace("1a 1b", "1a 1b\u200b"), "move 2: '1b\\u200b' holds an invisible character (U+200B)"),
    (lambda t: t.replace("1a 1b", "1a " + "1b" * 10_000), "move 2: '1b1b1b1b1b1b…' (20,000 characters) is far longer"),
    (lambda t: "", "the file is empty"),
    (lambda t: "# nothing yet\n\n", "the file holds only comments"),
])
def test_verify_bad_files(tmp_path: Path, edit, words) -> None:
    path = write(tmp_path, edit(golden_text()))
    result = run("verify", path)
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert f"{path}:" in result.output  # the file is named, with the line where it applies
    assert "Traceback" not in result.output


def test_verify_reports_the_line_of_a_bad_token(tmp_path: Path) -> None:
    path = write(tmp_path, golden_text().replace("1a 1b", "1a 9b"))
    # two comment lines, three headers, then the moves
    assert f"{path}:6: move 2" in run("verify", path).output


def test_verify_missing_file(tmp_path: Path) -> None:
    result = run("verify", str(tmp_path / "nope.txt"))
    assert result.exit_code == 2 and "nope.txt" in result.output


def test_verify_reads_standard_input() -> None:
    result = CliRunner().invoke(main, ["verify", "-"], input=golden_text())
    assert result.exit_code == 0 and "verified, 91 moves, won" in result.output
    result = CliRunner().invoke(main, ["verify", "-"], input=golden_text().replace("deal: 1", "deal 1"))
    assert result.exit_code == 2 and "<stdin>:4: 'deal 1': a header needs a colon" in result.output
    result = CliRunner().invoke(main, ["verify", "-"], input=b"\xff\xfeg\x00")
    assert result.exit_code == 2 and "<stdin>: cannot read the input: it is UTF-16 text" in result.output


def test_verify_json_reports_unreadable_input_as_json(tmp_path: Path) -> None:
    path = write(tmp_path, golden_text().replace("1a 1b", "1a 9b"))
    result = CliRunner().invoke(main, ["verify", "--json", path])
    assert result.exit_code == 2
    data = json.loads(result.stdout)  # the JSON alone on stdout; the one-line error on stderr
    assert data["ok"] is False and data["error"]["exit_code"] == 2
    assert data["error"]["reason"].startswith(f"{path}:6: move 2: '9b'")
    assert f"dealgen: error: {path}:6: move 2" in result.stderr
    result = CliRunner().invoke(main, ["verify", "--json", str(tmp_path)])  # a folder is unreadable input too
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["reason"] == f"{tmp_path}: is a folder, not a solution, catalog, book or strategy file"


def test_verify_a_strategy_file(tmp_path: Path) -> None:
    good = DATA / "pns-26-strategy.txt"
    result = run("verify", str(good))
    assert result.exit_code == 0 and "verified" in result.output
    lines = good.read_text().splitlines()
    cut = lines.index("  red e5>b5")
    missing = tmp_path / "missing.txt"
    missing.write_text("\n".join(lines[:cut] + lines[cut + 2:]) + "\n")
    result = run("verify", str(missing))
    assert result.exit_code == 1 and "e5>b5 is not answered" in result.output


def test_drawn_and_won_game_records_verify(tmp_path: Path) -> None:
    """A two-player record must end exactly as it claims: drawn games are records too."""
    drawn = tmp_path / "drawn.txt"
    assert run("play", "pack-n-stack", "1", "--red", "random", "--black", "random", "-o", str(drawn)).exit_code == 0
    assert "outcome: drawn" in drawn.read_text()
    assert run("verify", str(drawn)).exit_code == 0
    drawn.write_text(drawn.read_text().replace("outcome: drawn", "outcome: won"))
    assert run("verify", str(drawn)).exit_code == 1
    won = tmp_path / "won.txt"
    assert run("play", "pack-n-stack", "4", "--red", "search", "--black", "greedy", "-o", str(won)).exit_code == 0
    result = run("verify", str(won))
    assert result.exit_code == 0 and "verified, 49 moves, Red won: two complete stacks" in result.output  # says who


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, a folder nobody can write to")
@pytest.mark.parametrize("args", [
    ["render", "penguin", "1", "--no-grade", "-o", "/proc/dealgen.png"],
    ["solve", "penguin", "1", "-o", "/proc/dealgen.sol"],
    ["walkthrough", "penguin", "1", "-o", "/proc/dealgen/"],
    ["daily", "--date", "2026-01-05", "-o", "/proc/dealgen"],
])
def test_an_unwritable_place_is_bad_input_found_before_any_work(args) -> None:
    """Permission bits do not tell (root may write anywhere they allow): the folder is probed."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "/proc" in result.output and ("cannot write here" in result.output or "cannot make" in result.output)
    assert "probe" not in result.output  # the place given is named, not the file that probed it
    assert "No such file" not in result.output  # /proc's answer to a new file, which reads as "missing"
    assert "Traceback" not in result.output and "verified" not in result.output  # no solving first


@pytest.mark.parametrize("args, words", [
    (["solve", "penguin", "1", "-o", "{d}"], "{d}: is a folder; give a file name"),
    (["scan", "penguin", "1-2", "-o", "{d}"], "{d}: is a folder; give a file name"),
    (["calibrate", "penguin", "--deals", "1-3", "-o", "{d}"], "{d}: is a folder; give a file name"),
    (["generate", "penguin", "--count", "1", "-o", "{d}"], "{d}: is a folder; give a file name"),
    (["play", "pack-n-stack", "1", "-o", "{d}"], "{d}: is a folder; give a file name"),
    (["render", "penguin", "1", "-o", "{d}"], "{d}: is a folder; give a file name ending in .png or .pdf"),
    (["daily", "-o", "{f}"], "{f}: exists and is not a folder"),
    (["problems", "pack-n-stack", "--deals", "1", "-o", "{f}"], "{f}: exists and is not a folder"),
    (["solve", "penguin", "1", "-o", "{f}/x.sol"], "the folder '{f}' is a file, not a folder"),
    (["book", "--catalog", "{f}"], "{f}: not a catalog: give the JSON file `dealgen generate` writes"),
])
def test_a_folder_for_a_file_and_a_file_for_a_folder_are_named_alike(tmp_path: Path, args, words) -> None:
    (tmp_path / "f.txt").write_text("keep me\n")
    places = {"d": str(tmp_path), "f": str(tmp_path / "f.txt")}
    result = CliRunner().invoke(main, [a.format(**places) for a in args])
    assert result.exit_code == 2 and words.format(**places) in result.output, result.output
    assert (tmp_path / "f.txt").read_text() == "keep me\n" and len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("args", [["play", "pack-n-stack", "5"], ["generate", "penguin", "--count", "1"],
                                  ["solve", "penguin", "1"]])
def test_a_pipe_or_device_as_output_is_refused_not_replaced(tmp_path: Path, args) -> None:
    """Renaming a finished file into place would swap a device or a named pipe for a plain file."""
    import os
    import stat

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result = CliRunner().invoke(main, [*args, "-o", str(pipe)])
    assert result.exit_code == 2 and f"{pipe}: is not a regular file (a device or a pipe)" in result.output
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path, monkeypatch) -> None:
    import os

    from dealgen.errors import InputError
    from dealgen.fileio import write_atomic

    target = tmp_path / "out.txt"
    target.write_text("old")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(InputError, match="out.txt: could not be written \\(No space left on device\\); nothing was written"):
        write_atomic(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"] and target.read_text() == "old"


def test_render_names_files_of_the_wrong_kind(tmp_path: Path) -> None:
    position = tmp_path / "pos.txt"
    position.write_text(run("deal", "penguin", "3", "--rules", "single").output)
    result = run("render", "penguin", "--position", str(position), "--rules", "parlett", "-o", str(tmp_path / "p.png"))
    assert result.exit_code == 2 and "under 'single' rules, not 'parlett'" in result.output
    catalog = Path(__file__).resolve().parents[1] / "seeds" / "penguin-40.json"
    result = run("render", "penguin", "1", "--solution", str(catalog), "-o", str(tmp_path / "p.png"))
    assert result.exit_code == 2 and "not a solution file" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pos.txt"]


def test_output_without_suit_symbols_falls_back_to_letters(tmp_path: Path) -> None:
    """A console or file in an encoding without ♥ (Windows' cp1252) gets 5H, not a traceback."""
    import os
    import subprocess
    import sys

    bad = tmp_path / "pm.txt"
    bad.write_text("game: perpetual-motion\ndeal: 1\nd d d d d d d d d d d d d d\n")  # fourteen rows: one too many
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    command = [sys.executable, "-c", "from dealgen.cli import main; main()"]
    shown = subprocess.run([*command, "deal", "perpetual-motion", "1", "--format", "unicode"], env=env,
                           capture_output=True, text=True, encoding="cp1252")
    assert shown.returncode == 0 and "stock: JD 2D 9H" in shown.stdout, shown.stderr
    checked = subprocess.run([*command, "verify", str(bad)], env=env, capture_output=True, text=True, encoding="cp1252")
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    assert "FAILED" in checked.stdout and "\u2665" not in checked.stdout
    # an ASCII console too (click would write UTF-8 bytes to it, which it shows as debris)
    plain = subprocess.run([*command, "deal", "perpetual-motion", "1", "--format", "unicode"],
                           env={**os.environ, "PYTHONIOENCODING": "ascii"}, capture_output=True)
    assert plain.returncode == 0 and b"stock: JD 2D 9H" in plain.stdout and plain.stdout.isascii()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("args", [["deal", "penguin", "1"], ["verify", "seeds/pack-n-stack-12.json"], ["--help"], ["--version"]])
def test_standard_output_into_a_full_disk_is_one_line_and_exit_2(args) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-c", "from dealgen.cli import main; main()", *args], cwd=root,
                                stdout=full, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2, result.stderr
    assert result.stderr == "dealgen: error: standard output could not be written (No space left on device)\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_solve_writes_its_file_even_when_standard_output_fails(tmp_path: Path) -> None:
    """`dealgen solve ... -o F | head -1` once lost F: it was written after the report."""
    import subprocess
    import sys

    root, out = Path(__file__).resolve().parents[1], tmp_path / "s.txt"
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-c", "from dealgen.cli import main; main()", "solve",
                                 "perpetual-motion", "3", "-o", str(out)], cwd=root, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2 and run("verify", str(out)).exit_code == 0


def test_a_stray_colon_among_moves_is_named_as_a_move(tmp_path: Path) -> None:
    for text, words in (("d1-d5 d2:d4\n", ":3: move 2: 'd2:d4' is not a Pack 'n' Stack move"),
                        ("d1-d5\nd2:d4\n", ":4: move 2: 'd2:d4' is not a Pack 'n' Stack move")):
        result = run("verify", write(tmp_path, "game: pack-n-stack\ndeal: 1\n" + text))
        assert result.exit_code == 2 and words in result.output, result.output
    one = run("verify", write(tmp_path, "game: penguin\ndeal: 1\n3a\n"))
    assert "FAILED: the 1 move is legal but the game is not won" in one.output, one.output


@pytest.mark.parametrize("content, words", [
    ("game: penguin\n".encode("utf-16"), "it is UTF-16 text (Windows Notepad's \"Unicode\"); save it as UTF-8"),
    ("game: penguin\n".encode("utf-16-le"), "it is UTF-16 text without a byte-order mark; save it as UTF-8"),
    ("game: penguin\n".encode("utf-16-be"), "it is UTF-16 text without a byte-order mark; save it as UTF-8"),
    ("game: penguin\n".encode("utf-32"), "it is UTF-32 text; save it as UTF-8"),
    ("game: penguin\n".encode("utf-32-le"), "it is UTF-32 text without a byte-order mark; save it as UTF-8"),
    (b"\x00\xff\x10 binary", "not text (it holds NUL bytes)"),
    (b"game: penguin\n" + b"\0" * 300, "not text (it holds NUL bytes)"),  # padded after a crash: not UTF-16
    (b"\xff\x10 binary", "not UTF-8 text (byte 0xff at offset 0)"),
    (b"# x\n" * (4 * 2**20 + 1), "over 16 MB, more than any dealgen file"),
])
def test_files_that_are_not_text_dealgen_reads(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "mine.txt"
    path.write_bytes(content)
    result = run("verify", str(path))
    assert result.exit_code == 2, result.output
    assert f"{path}: cannot read the solution, catalog, book or strategy file: {words}" in result.output


def test_an_empty_file_name_is_named() -> None:
    for args in (["verify", ""], ["walkthrough", "", "-o", "x.pdf"]):
        result = run(*args)
        assert result.exit_code == 2 and "an empty name" in result.output, result.output


def test_a_short_solution_shows_where_play_stopped(tmp_path: Path) -> None:
    lines = golden_text().splitlines()
    short = write(tmp_path, "\n".join(lines[:6]) + "\n")  # the headers and the first line of moves
    result = run("verify", "--show", short)
    assert result.exit_code == 1 and "all 10 moves are legal but the game is not won" in result.output
    after = PENGUIN.deal(1)
    for token in lines[5].split():
        after = PENGUIN.play(after, PENGUIN.parse_move(token))
    assert "position after the last move (10):\n" + PENGUIN.to_text(after) in result.output
    data = json.loads(run("verify", "--json", short).output)
    assert not data["ok"] and data["error"] is None and "not won" in data["verdict"]
    data = json.loads(run("verify", "--json", "--show", short).output)
    assert data["position"] == {"after_move": 10, "text": PENGUIN.to_text(after)}
    none = write(tmp_path, "\n".join(lines[:5]) + "\n")
    assert "there are no moves but the game is not won" in run("verify", none).output


def test_a_file_named_pdf_that_is_not_one(tmp_path: Path) -> None:
    for content in (b"game: penguin\n", bytes(range(256))):
        path = tmp_path / "book.pdf"
        path.write_bytes(content)
        result = run("verify", str(path))
        assert result.exit_code == 2 and "book.pdf: not a PDF" in result.output, result.output


def test_walkthrough_of_a_game_without_a_number() -> None:
    result = run("walkthrough", "penguin", "-o", "x.pdf")
    assert result.exit_code == 2 and "give penguin a deal NUMBER (e.g. penguin 1)" in result.output


@pytest.mark.parametrize("game, title", [("penguin", "Penguin"), ("perpetual-motion", "Perpetual Motion"),
                                         ("idiots-delight", "Idiot's Delight"), ("pack-n-stack", "Pack 'n' Stack")])
def test_verify_names_a_position_for_what_it_is(tmp_path: Path, game: str, title: str) -> None:
    position = CliRunner().invoke(main, ["deal", game, "3"]).output
    result = CliRunner().invoke(main, ["verify", "-"], input=position)
    assert result.exit_code == 2 and f"<stdin>: a position of {title}, not a solution" in result.output
    if game == "pack-n-stack":  # a strategy file cut off before its goal: the position, maybe only part of it
        assert "is this one cut short?" in result.output
        cut = "\n".join((DATA / "pns-26-strategy.txt").read_text().splitlines()[:11]) + "\n"
        result = CliRunner().invoke(main, ["verify", "-"], input=cut)
        assert result.exit_code == 2 and "part of a position of Pack 'n' Stack (missing line(s): row 5)" in result.output


@pytest.mark.parametrize("command", [["scan", "penguin", "1-3"], ["calibrate", "penguin"], ["generate", "penguin"],
                                     ["book"], ["daily"]])
def test_jobs_are_bounded_by_the_cores(command, tmp_path) -> None:
    """--jobs 99999 would fork thousands of processes: refused before any work, as is -1."""
    import os

    limit = 4 * (os.cpu_count() or 1)
    for jobs in (-1, limit + 1, 99999):
        result = CliRunner().invoke(main, [*command, "--jobs", str(jobs), "-o", str(tmp_path / "out")])
        assert result.exit_code == 2, result.output
        assert f"{jobs}: give 0 (all cores) or a number of processes up to {limit}" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game, line, words", [
    ("perpetual-motion", "pass: ³", "pass: expected a whole number, got '³'"),
    ("idiots-delight", "discarded: ²", "discarded: expected a whole number, got '²'"),
    ("pack-n-stack", "quiet: ²", "quiet must be a whole number of turns from 0 to 20, not '²'"),
    ("penguin", "x" * 5000, "got '" + "x" * 60 + "…'"),  # a long line is quoted cut short
])
def test_positions_with_unicode_digits_or_long_lines_are_one_line_errors(tmp_path: Path, game, line, words) -> None:
    """'²' is a digit to str.isdigit() but not to int(): it used to end in a traceback."""
    text = CliRunner().invoke(main, ["deal", game, "1"]).output
    key = line.split(":")[0]
    lines = [line if key != line and row.startswith(key + ":") else row for row in text.splitlines()]
    if key == line:
        lines.append(line)
    elif line not in lines:
        lines.insert(3, line)
    path = tmp_path / "pos.txt"
    path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["render", game, "--position", str(path), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and words in result.output and len(result.output) < 400, result.output


def test_a_mix_with_a_unicode_digit_is_bad_usage() -> None:
    result = CliRunner().invoke(main, ["generate", "penguin", "--mix", "easy:²", "-o", "x.json"])
    assert result.exit_code == 2 and "'easy:²' should look like grade:count" in result.output


def test_verify_reads_a_pipe_once(tmp_path: Path) -> None:
    """`dealgen verify <(cat FILE)`: a pipe cannot be opened a second time (it said 'empty', or hung)."""
    import os
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    text = (Path(__file__).resolve().parents[1] / "seeds" / "pack-n-stack-12.json").read_text()
    writer = threading.Thread(target=lambda: pipe.write_text(text))
    writer.start()
    result = CliRunner().invoke(main, ["verify", str(pipe)])
    writer.join(timeout=10)
    assert result.exit_code == 0 and "12 of 12 problems verified" in result.output, result.output


def test_the_progress_line_ends_with_the_latest_figures(capsys) -> None:
    from dealgen.cli.common import ProgressLine

    line = ProgressLine()
    line.tty = True  # redrawn in place, at most twice a second: "tried 2" comes too soon to be drawn
    line.show("tried 1")
    line.show("tried 2")
    line.end()
    assert capsys.readouterr().err == "\rtried 1\rtried 2\n"  # (click drops the erase-line codes off a terminal)
    log = ProgressLine()
    log.tty = False  # a plain line a minute in a log, and the latest figures at the end
    log.show("tried 1")
    log.show("tried 2")
    log.end()
    log.end()
    assert capsys.readouterr().err == "tried 1\ntried 2\n"


def test_a_dumb_terminal_gets_plain_progress_lines(monkeypatch) -> None:
    import sys

    from dealgen.cli.common import ProgressLine

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm")
    assert ProgressLine().tty
    monkeypatch.setenv("TERM", "dumb")  # it cannot erase a line: no redrawing in place
    assert not ProgressLine().tty


def test_what_a_run_leaves_is_frozen_before_the_last_collection_at_exit() -> None:
    """The searches' caches hold millions of objects, none of them garbage; the interpreter's
    last collection walked them all at exit (3 s after a 10 s proof). A handler registered
    before the CLI's runs after its own (atexit runs them last first) and sees them frozen."""
    import subprocess
    import sys

    script = ("import atexit, gc\n"
              "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
              "from dealgen.cli import main\n"
              "main(['games'])\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "frozen True", result.stdout


def test_names_and_paths_too_long_are_bad_input_found_before_any_work(tmp_path: Path) -> None:
    """A name the file system cannot take (with the temporary name it is first written under),
    or a path too long for the system: one line, exit 2, nothing done (not a traceback)."""
    long_name = str(tmp_path / ("a" * 300 + ".json"))
    near = str(tmp_path / ("b" * 245 + ".json"))  # fits, but its temporary name would not
    deep = str(tmp_path / "/".join(["c" * 200] * 25))
    for args in (["generate", "penguin", "--count", "4", "-o", long_name],
                 ["generate", "penguin", "--count", "4", "-o", near],
                 ["solve", "penguin", "1", "-o", long_name[:-5] + ".txt"],
                 ["daily", "--days", "1", "-o", deep]):
        result = run(*args)
        assert result.exit_code == 2 and result.output.startswith("dealgen: error: "), (args[0], result.output[-200:])
        assert "bytes long, and at most" in result.output or "File name too long" in result.output
    assert list(tmp_path.iterdir()) == []


def test_closed_or_full_standard_streams_do_not_stop_the_work(tmp_path: Path) -> None:
    """Standard output closed (`>&-`) is written to nothing, as /dev/null; a standard error that
    cannot be written (a full disk) loses the progress and reports, not the work."""
    import os
    import subprocess
    import sys

    cli = [sys.executable, "-c", "from dealgen.cli import main; main()"]
    closed = subprocess.run(cli + ["games"], preexec_fn=lambda: os.close(1), stderr=subprocess.PIPE, timeout=120)
    assert closed.returncode == 0 and closed.stderr == b""
    if not os.path.exists("/dev/full"):
        return
    with open("/dev/full", "w") as full:
        scan = subprocess.run(cli + ["scan", "perpetual-motion", "1-3", "--jobs", "1", "-o", str(tmp_path / "s.jsonl")],
                              stdout=subprocess.DEVNULL, stderr=full, timeout=120)
        made = subprocess.run(cli + ["generate", "perpetual-motion", "--count", "4", "--jobs", "1", "-o",
                                     str(tmp_path / "g.json")], stdout=subprocess.DEVNULL, stderr=full, timeout=120)
    assert scan.returncode == 0 and len((tmp_path / "s.jsonl").read_text().splitlines()) == 3
    assert made.returncode == 0 and (tmp_path / "g.json").exists()


def test_a_file_that_cannot_be_replaced_is_found_before_any_work(tmp_path: Path) -> None:
    """An immutable file (chattr +i) in a writable folder: refused at once, not after the work."""
    import shutil
    import subprocess

    target = tmp_path / "c.json"
    target.write_text("{}\n")
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(target)], capture_output=True).returncode:
        pytest.skip("no chattr, or a file system without the immutable attribute")
    try:
        result = run("generate", "perpetual-motion", "--count", "4", "--jobs", "1", "-o", str(target))
        assert result.exit_code == 2 and result.output == f"dealgen: error: {target}: cannot be replaced " \
                                                          "(Operation not permitted)\n", result.output
    finally:
        subprocess.run(["chattr", "-i", str(target)])
    assert target.read_text() == "{}\n"


def test_deal_after_moves_of_a_solution(tmp_path: Path) -> None:
    """`deal --after K` prints the position K moves into a solution (the file's, else the
    solver's), a position file that `render --position` reads back."""
    solution = tmp_path / "s5.txt"
    assert run("solve", "penguin", "5", "-o", str(solution)).exit_code == 0
    moves = read_solution(solution).moves
    state = PENGUIN.deal(5)
    for token in moves[:10]:
        state = PENGUIN.play(state, PENGUIN.parse_move(token))
    from_file = run("deal", "penguin", "5", "--solution", str(solution), "--after", "10")
    assert from_file.exit_code == 0, from_file.output
    assert from_file.output == PENGUIN.to_text(state) != PENGUIN.to_text(PENGUIN.deal(5))
    assert run("deal", "penguin", "5", "--after", "10").output == from_file.output  # the solver's own line
    position = tmp_path / "p.txt"
    position.write_text(from_file.output)
    assert run("render", "penguin", "--position", str(position), "-o", str(tmp_path / "p.png")).exit_code == 0
    result = run("deal", "penguin", "5", "--solution", str(solution), "--after", str(len(moves) + 1))
    assert result.exit_code == 2 and f"beyond the end of the solution ({len(moves)} moves)" in result.output


def test_help_lists_every_command_whole_and_points_to_real_docs() -> None:
    """`dealgen --help` once cut summaries mid-phrase ("cover: ... front with 0.125 in"), and
    --theme's help named docs/site.md, which does not exist."""
    import re

    root = Path(__file__).resolve().parents[1]
    out = CliRunner().invoke(main, ["--help"], terminal_width=80).output
    listed = out.split("Commands:")[1]
    assert "..." not in listed and len(re.findall(r"^  \S", listed, re.M)) == len(main.commands)
    for name, command in main.commands.items():
        assert command.short_help and command.short_help.endswith("."), name
    texts = [CliRunner().invoke(main, [name, "--help"], terminal_width=200).output for name in main.commands]
    for path in sorted({p for text in texts for p in re.findall(r"docs/[\w/.-]+\.md", text)}):
        assert (root / path).is_file(), path
    assert "docs/guides/site.md" in " ".join(texts)


@pytest.mark.parametrize("args, meant", [
    (["book", "--mix", "hrad:10"], "hard"), (["book", "--game", "pengiun"], "penguin"),
    (["deal", "pengiun", "1"], "penguin"), (["book", "--layout", "lettr"], "letter"),
    (["book", "--rules", "parlet"], "parlett"), (["book", "--solutions", "keys"], "key"),
    (["cover", "b.pdf", "--paper", "crem"], "cream"), (["daily", "--week", "easy,medum,hard,hard,hard,hard,hard"], "medium"),
    (["generate", "penguin", "--mix", "Expret:2"], "expert")])
def test_a_near_miss_is_answered_with_did_you_mean(args: list[str], meant: str) -> None:
    """No command suggested a correction for a slip of the keys: each named value now does, the same way."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and f"(did you mean '{meant}'?)" in result.output, result.output
    assert result.output.count("\n") == 1  # still one line


def test_a_value_far_from_any_gets_no_guess() -> None:
    from dealgen.errors import did_you_mean

    assert did_you_mean("zzz", ["easy", "medium"]) == "" and did_you_mean("HARD ", ["hard"]) == " (did you mean 'hard'?)"

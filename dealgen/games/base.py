"""The one interface every game fills in (after Tatham's ``struct game``).

The solver, grader, verifier, catalog, renderer and CLI are written once against
``Game``; a game module never needs another game's code. States are immutable values:
``play`` returns a new state, so a solver can keep them in a transposition table and a
walkthrough can keep every checkpoint.

A move is the game's own value type with a text token (``format_move`` /
``parse_move`` round-trip). A two-player game says whose turn it is with ``to_move``;
a game that plays itself (Perpetual Motion) offers exactly one legal move at a time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Hashable, Sequence, TypeVar

from ..errors import InputError, did_you_mean

S = TypeVar("S", bound=Hashable)  # a game's state type
M = TypeVar("M", bound=Hashable)  # a game's move type


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: ``playing``, ``won``, ``lost`` or ``drawn``.

    ``winner`` names the winning side in a two-player game; ``summary`` is a short
    phrase for a verdict line ("31 of 52 cards on the foundations").
    """

    status: str
    summary: str = ""
    winner: str | None = None

    @property
    def over(self) -> bool:
        return self.status != "playing"


class Game(ABC, Generic[S, M]):
    """A game: dealing, rules, notation and text forms. One instance per game."""

    name: ClassVar[str]  # registry key and the ``game:`` header, e.g. "penguin"
    title: ClassVar[str]  # printed name, e.g. "Penguin"
    rule_sets: ClassVar[tuple[str, ...]]  # the first is the default
    rule_notes: ClassVar[dict[str, str]] = {}  # one line per rule set, for `dealgen games`
    players: ClassVar[tuple[str, ...]] = ()  # sides of a multi-player game, e.g. ("red", "black")
    # The rules for a book's how-to-play page, in our own words: paragraphs separated by
    # blank lines; a paragraph starting "## " is a heading. ``{rules}`` is replaced by the
    # rule set's ``rule_prose``: what differs between rule sets, in sentences for a reader.
    how_to_play: ClassVar[str] = ""
    rule_prose: ClassVar[dict[str, str]] = {}
    # What publishing asks a game to say for itself (books, the daily kit, the site), so that
    # publish/ keeps no table of games: the daily question (``{par}``: the verified line's
    # length), the word for a won deal ("Solved in 86 moves"), and the play page's help: how
    # to play it there, by pointer and by keys.
    day_question: ClassVar[str] = "Can you solve it? Par:\u00a0{par}\u00a0moves"  # (no-break spaces: one line)
    win_verb: ClassVar[str] = "Solved"
    play_help: ClassVar[str] = ""
    # What a printed page calls a rule set, where "<name> rules" would read wrong (a person's name).
    rule_labels: ClassVar[dict[str, str]] = {}

    def rules_label(self, rules: str) -> str:
        """A rule set as captions, titles and running heads print it ("Parlett rules")."""
        return self.rule_labels.get(rules, f"{rules} rules")
    # The PySolFC game whose numbers our deal numbers are (the same shuffle): where a reader
    # can lay out deal N on screen. Empty means the game itself.
    pysolfc_game: ClassVar[str] = ""

    @property
    def pysolfc_title(self) -> str:
        return self.pysolfc_game or self.title

    def pysolfc_label(self, deal: int) -> str:
        """Where a reader finds deal ``deal`` in PySolFC, as puzzle pages and daily images print it."""
        if self.pysolfc_game:  # dealt by another game's numbers: say so, or it reads as a mislabel
            return f"Dealt as PySolFC {self.pysolfc_game} game #{deal}"
        return f"PySolFC {self.title} game #{deal}"
    # The game's own words for the solver's generic verdicts, where they differ (Perpetual
    # Motion: solved -> "won", unsolvable -> "cycles"). Selection, grading and scans keep
    # using the generic words; what users read and the JSON use these.
    verdict_names: ClassVar[dict[str, str]] = {}
    # Ends of play a record may claim (a solution file's ``outcome:`` header), each with the
    # ``Outcome.status`` its replay must reach. Only "won" where a loss is not one line of
    # play; a game that plays itself can also record how it loses.
    record_outcomes: ClassVar[dict[str, str]] = {"won": "won"}
    # Grading: which of the solver's effort metrics make a deal hard, and how much each
    # counts (``dealgen.grade``); empty means the default weights (Penguin's).
    grade_weights: ClassVar[dict[str, float]] = {}
    # What a reader should know about the grades of a game with nothing to choose (no
    # person-like players can play it: ``dealgen.grade.grade_words``).
    grade_note: ClassVar[str] = ""
    # True where no move is legal once the game is over (won or lost), so a move that ``play``
    # accepts proves the game was still going: a replay then asks ``outcome`` only where a
    # move fails (to say why) and at the end, not before every move (verify.replay).
    legal_move_means_playing: ClassVar[bool] = False
    # The metrics a catalog entry of the game may state (its solver's); any other is refused.
    metric_names: ClassVar[tuple[str, ...]] = ("solution_length",)

    @property
    def default_rules(self) -> str:
        return self.rule_sets[0]

    def verdict_name(self, verdict: str) -> str:
        """The game's word for a generic verdict ("solved" -> "won" in Perpetual Motion)."""
        return self.verdict_names.get(verdict, verdict)

    def generic_verdict(self, name: str) -> str:
        """The generic verdict for the game's word (the inverse of ``verdict_name``)."""
        return next((v for v, n in self.verdict_names.items() if n == name), name)

    def file_stem(self, rules: str) -> str:
        """GAME, or GAME-RULES for a rule set other than the game's first: the start of every
        default file name, so that one rule set's books, catalogs, days and images never
        overwrite or mix with another's."""
        return self.name if rules == self.default_rules else f"{self.name}-{rules}"

    def check_rules(self, rules: str | None) -> str:
        """The rule set to use, or InputError listing the allowed ones."""
        if rules is None:
            return self.default_rules
        rules = rules.strip().lower()  # names are lower case; "Strict" means strict
        if rules not in self.rule_sets:
            raise InputError(
                f"unknown rule set '{rules}' for {self.name}{did_you_mean(rules, self.rule_sets)}: use one of "
                f"{', '.join(self.rule_sets)}"
            )
        return rules

    # -- dealing and play -------------------------------------------------------------
    @abstractmethod
    def deal(self, number: int, rules: str | None = None) -> S:
        """The starting state of deal ``number`` (PySolFC's numbering)."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move, in a fixed order (results must not depend on hash seeds)."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after ``move``; raise IllegalMove saying why in words."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Whether the game is over, and how."""

    def to_move(self, state: S) -> str | None:
        """The side to move in a multi-player game; None for a solitaire."""
        return None

    def answer(self, state: S) -> str | None:
        """How a played-out record ended, in the words a solution's heading gives when the puzzle
        asks how the deal ends (a game that plays itself); None: the heading counts the moves."""
        return None

    def reveal(self, end: S, outcome: str, moves: int) -> str:
        """The answer a daily reveal states of a line of ``moves`` moves that ends at ``end``
        with the record's ``outcome`` ("won", or how a game that plays itself loses)."""
        said = self.answer(end)
        return f"{self.win_verb} in {moves} moves" if said is None else said[:1].upper() + said[1:]

    def layout_words(self, state: S) -> str:
        """The position in words, for alt text: card names, not symbols (which screen readers
        spell out oddly). Here the text form; games say it better."""
        return self.to_text(state)

    def replayed_metrics(self, states: list[S], moves: list[M]) -> dict[str, int]:
        """The metrics of a catalog entry that its replay settles, for verify to compare:
        ``states`` from the deal to the end, ``moves`` the moves between them. Here the
        record's length; games add the figures their solvers count along the line."""
        return {"solution_length": len(moves)}

    def line_metrics(self, start: S, tokens: Sequence[str]) -> dict[str, int]:
        """``replayed_metrics`` of the line ``tokens`` from ``start`` (the solvers' figures and
        what verify checks them against, one definition); raises IllegalMove on a bad move."""
        moves = [self.parse_move(token) for token in tokens]
        states = [start]
        for move in moves:
            states.append(self.play(states[-1], move))
        return self.replayed_metrics(states, moves)

    # -- notation ---------------------------------------------------------------------
    @abstractmethod
    def parse_move(self, token: str) -> M:
        """A move from its token; raise InputError saying what tokens look like."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        """The move's token: ``parse_move(format_move(m)) == m``."""

    @abstractmethod
    def describe_move(self, state: S, move: M) -> str:
        """The move in words, as played from ``state``, for walkthroughs."""

    # -- text forms of a position -----------------------------------------------------
    @abstractmethod
    def to_text(self, state: S, symbols: bool = False) -> str:
        """Plain text, one line per pile; with ``symbols=False`` ``from_text`` reads it back."""

    @abstractmethod
    def from_text(self, text: str, source: str = "<text>") -> S:
        """A position from its text form; InputError names the line and what is wrong."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """A position as a JSON-ready dict (the documented shape)."""

    @abstractmethod
    def from_json(self, data: dict[str, Any], source: str = "<json>") -> S:
        """A position from its JSON form; InputError names what is wrong."""

    def export_formats(self) -> dict[str, str]:
        """Extra ``dealgen deal --format`` names this game offers, with a description."""
        return {}

    def export(self, state: S, fmt: str) -> str:
        raise InputError(f"{self.name} has no '{fmt}' format")

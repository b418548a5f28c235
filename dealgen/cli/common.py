"""Argument types and helpers shared by the commands."""

from __future__ import annotations

import json
from typing import Any

import click

from ..deals import parse_deal_number
from ..errors import InputError
from ..games import Game, get_game


class GameType(click.ParamType):
    name = "GAME"

    def convert(self, value: Any, param, ctx) -> Game:
        if isinstance(value, str):
            try:
                return get_game(value)
            except InputError as err:
                self.fail(str(err), param, ctx)
        return value


class DealType(click.ParamType):
    name = "DEAL"

    def convert(self, value: Any, param, ctx) -> int:
        try:
            return parse_deal_number(value)
        except InputError as err:
            self.fail(str(err), param, ctx)


GAME = GameType()
DEAL = DealType()

rules_option = click.option(
    "--rules", default=None, metavar="RULES", help="Rule set (default: the game's first; see `dealgen games`)."
)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))

"""The Python examples of the docs run: the scripting guide's blocks in order as one script, and
the README's recipe, each in a folder of its own. An example that goes stale fails here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def python_blocks(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text(encoding="utf-8"))


def test_the_block_reader_finds_python_only() -> None:
    text = "a\n```python\nx = 1\n```\n```sh\nls\n```\n```python\ny = 2\n```\n"
    assert BLOCK.findall(text) == ["x = 1\n", "y = 2\n"]


@pytest.mark.parametrize("page, least", [("docs/guides/scripting.md", 8), ("README.md", 1)])
def test_the_python_examples_run(page: str, least: int, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    blocks = python_blocks(ROOT / page)
    assert len(blocks) >= least
    script = tmp_path / "example.py"
    script.write_text("\n".join(blocks), encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    made = sorted(p.name for p in tmp_path.iterdir())
    if page == "README.md":
        assert "four.pdf" in made
    else:
        assert {"weekend.pdf", "weekend.json", "weekend-large.pdf", "kit", "site"} <= set(made)

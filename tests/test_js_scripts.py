"""The site's scripts as modules: node's own test runner over tests/js/*.test.js (so the README's
test command runs them too), and the bundler that makes one classic script a page of them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from dealgen.errors import InputError
from dealgen.publish.site.bundle import bundle
from dealgen.publish.site.make import ASSETS, SCRIPTS

NODE = shutil.which("node")
ROOT = Path(__file__).resolve().parents[1]
needs_node = pytest.mark.skipif(NODE is None and not os.environ.get("DEALGEN_REQUIRE_BROWSER"),
                                reason="node is not installed (apt-get install nodejs); .ci/run installs it")


@needs_node
def test_the_javascript_tests_pass_on_nodes_test_runner() -> None:
    done = subprocess.run([str(NODE), "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout


@needs_node
def test_each_bundle_is_one_classic_script_that_node_parses(tmp_path: Path) -> None:
    for name in SCRIPTS:
        text = bundle(name, ASSETS)
        assert not any(line.startswith(("import ", "export ")) for line in text.splitlines()), name
        path = tmp_path / name.replace(".js", ".cjs")  # a classic script, whatever package.json says
        path.write_text(text)
        done = subprocess.run([str(NODE), "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    assert bundle("play.js", ASSETS) == bundle("play.js", ASSETS)  # the same modules, the same bytes


def test_the_bundler_scopes_modules_and_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('export const x = 1;\nexport function f() { return x; }\nvar hidden = 2;\n')
    (tmp_path / "b.js").write_text('import { f, x as y } from "./a.js";\nconsole.log(f() + y);\n')
    text = bundle("b.js", tmp_path)
    assert "var module_a = (function () {" in text and "return { x: x, f: f };" in text
    assert "var f = module_a.f;" in text and "var y = module_a.x;" in text and "export" not in text
    (tmp_path / "c.js").write_text('export default 3;\n')
    (tmp_path / "d.js").write_text('import { z } from "./a.js";\n')
    (tmp_path / "e.js").write_text('import { x } from "./e.js";\n')
    for entry, words in (("c.js", "c.js:1: only `import"), ("d.js", "imports z from a.js, which does not export"),
                         ("e.js", "imports itself round a cycle")):
        with pytest.raises(InputError, match=words):
            bundle(entry, tmp_path)

"""The site's scripts, written as ES modules (dealgen/data/site/*.js), bundled into one classic
script per page.

Browsers refuse module scripts from ``file://`` (Chromium blocks them as cross-origin), and a
site opened from disk must play, so each page loads one plain script: its entry module and
every module it imports, in dependency order, each in its own function scope, the imports read
from the modules before it. Only the plain forms the site's modules use are read:

    import { a, b as c } from "./name.js";
    export function f(...)   export const x = ...   (also let, var, class)

Anything else that imports or exports is refused with the file and line, so a module never
bundles into something the browser would read differently. The output depends only on the
files: the same modules give the same bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...errors import InputError

IMPORT = re.compile(r'import \{ ?([\w$, ]+?) ?\} from "\./([\w.-]+\.js)";')
EXPORT = re.compile(r"export (?:async )?(?:function\*? |const |let |var |class )([\w$]+)")
MODULE_WORD = re.compile(r"^\s*(import|export)\b")


def _scope_name(module: str) -> str:
    return "module_" + re.sub(r"\W", "_", module[:-3])


def _read(folder: Path, name: str) -> tuple[list[tuple[str, list[tuple[str, str]]]], list[str], list[str]]:
    """A module's imports ((module, [(name, local)])), exported names and body without the
    import lines and ``export`` words."""
    imports: list[tuple[str, list[tuple[str, str]]]] = []
    exports: list[str] = []
    body: list[str] = []
    path = folder / name
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not MODULE_WORD.match(line):
            body.append(line)
            continue
        found = IMPORT.fullmatch(line.strip())
        if found:
            pairs = []
            for part in found.group(1).split(","):
                words = part.split()
                if len(words) == 1:
                    pairs.append((words[0], words[0]))
                elif len(words) == 3 and words[1] == "as":
                    pairs.append((words[0], words[2]))
                else:
                    raise InputError(f"{path}:{number}: cannot read the import {part.strip()!r}")
            imports.append((found.group(2), pairs))
            continue
        found = EXPORT.match(line.lstrip())
        if not found:
            raise InputError(f"{path}:{number}: only `import {{ ... }} from \"./x.js\";` and `export function|const|"
                             f"let|var|class NAME` are bundled; this line is neither")
        exports.append(found.group(1))
        body.append(line.replace("export ", "", 1))
    return imports, exports, body


def bundle(entry: str, folder: Path) -> str:
    """One classic script: ``entry`` (a file name in ``folder``) and the modules it imports."""
    order: list[str] = []
    read: dict[str, tuple[list[tuple[str, list[tuple[str, str]]]], list[str], list[str]]] = {}

    def visit(name: str, stack: tuple[str, ...]) -> None:
        if name in stack:
            raise InputError(f"{folder / name}: imports itself round a cycle ({' -> '.join(stack + (name,))})")
        if name in read:
            return
        if not (folder / name).is_file():
            raise InputError(f"{folder / stack[-1]}: imports {name}, which is not in {folder}")
        read[name] = _read(folder, name)
        for dep, _ in read[name][0]:
            visit(dep, stack + (name,))
        order.append(name)

    visit(entry, ())
    out = [f"/* dealgen's {entry} for the site, bundled from its ES modules ({', '.join(order)}: see "
           "dealgen/data/site). */", "(function () {", '"use strict";']
    for name in order:
        imports, exports, body = read[name]
        for dep, pairs in imports:
            missing = [n for n, _ in pairs if n not in read[dep][1]]
            if missing:
                raise InputError(f"{folder / name}: imports {', '.join(missing)} from {dep}, which does not export it")
        head = [f"var {local} = {_scope_name(dep)}.{given};" for dep, pairs in imports for given, local in pairs]
        if name == entry:
            out += ["(function () {", *head, *body, "})();"]
        else:
            result = ", ".join(f"{n}: {n}" for n in exports)
            out += [f"var {_scope_name(name)} = (function () {{", *head, *body, f"return {{ {result} }};", "})();"]
    out.append("})();")
    return "\n".join(out) + "\n"

"""The daily site: how long a day takes to publish, what a page weighs (the whole transfer a
first visit makes), how fast the JavaScript engines answer, and (with --screenshots DIR)
pictures of a day page on a desktop and a phone, light and dark, and of a result.

    python bench/bench_site.py [--screenshots docs/img]

Days come from the seed catalogs (nothing is solved), under a demonstration theme.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import http.server
import io
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from dealgen.games import get_game
from dealgen.publish.catalog import read_catalog
from dealgen.publish.kit.days import Day
from dealgen.publish.kit.theme import DEFAULT, load_theme
from dealgen.publish.site.make import ASSETS, day_files

ROOT = Path(__file__).resolve().parents[1]
DAYS = [("penguin-40", 7), ("idiots-delight-20", 1), ("perpetual-motion-20", 1), ("pack-n-stack-12", 9)]
THEME = """name = "Penguin a Day"
url = "https://penguin.example.org/"
logo = "logo.png"
[colours]
background = "#0e3b43"
text = "#ffffff"
accent = "#f4c95d"
"""


def demo_theme(folder: Path):
    from PIL import Image, ImageDraw

    logo = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    draw = ImageDraw.Draw(logo)
    draw.ellipse((4, 4, 92, 92), fill=(244, 201, 93, 255))
    draw.polygon([(48, 20), (28, 72), (68, 72)], fill=(14, 59, 67, 255))
    logo.save(folder / "logo.png")
    (folder / "theme.toml").write_text(THEME)
    return load_theme(str(folder / "theme.toml"))


def build(folder: Path, theme) -> list[str]:
    (folder / "assets").mkdir(parents=True)
    (folder / "img").mkdir()
    published: list = []
    stems = []
    for k, (name, entry) in enumerate(DAYS):
        cat = read_catalog(str(ROOT / "seeds" / f"{name}.json"))
        e = cat.entries[entry - 1]
        game = get_game(cat.game)
        date = dt.date(2026, 11, 23)
        day = (Day(date, game, cat.rules, e.grade, entry=e) if e.kind == "problem"
               else Day(date, game, cat.rules, e.grade, cat.solution(e), e.percentile, e.metrics))
        began = time.perf_counter()
        files, published = day_files(day, published, theme, date, folder, assets=k == 0)
        for path, data in files.items():
            (folder / path).write_bytes(data)
        print(f"{day.stem}: published in {time.perf_counter() - began:.2f} s; page "
              f"{len(files[f'{day.stem}.html']) / 1024:.1f} KiB, preview image {len(files[f'img/{day.stem}-wide.png']) / 1024:.0f} KiB")
        stems.append(day.stem)
    assets = sum(p.stat().st_size for p in (folder / "assets").iterdir())
    scripts = sum(p.stat().st_size for p in (folder / "assets").glob("*.js"))
    print(f"assets: {assets / 1024:.0f} KiB in all, of which scripts {scripts / 1024:.1f} KiB (the rest: styles, icons, "
          f"logo; no fonts: the reader's system font)")
    for stem in stems:  # what a first visit to a day page loads: the page, its script, styles, icon and logo
        loads = [f"{stem}.html", "assets/play.js", "assets/site.css", "assets/theme.css", "assets/icon-192.png",
                 "assets/logo.png", "manifest.webmanifest"]
        loads = [n for n in loads if (folder / n).exists()]  # (no logo without a theme's)
        print(f"{stem}: a first visit transfers {sum((folder / n).stat().st_size for n in loads) / 1024:.0f} KiB "
              f"(uncompressed)")
    return stems


NODE_BENCH = r"""
import path from "node:path";
import { pathToFileURL } from "node:url";
for (const [name, start] of JSON.parse(process.argv[2])) {
  const { engine } = await import(pathToFileURL(path.join(process.argv[1], name + ".js")).href);
  let s = engine.fromJSON(start), calls = 0;
  const t = Date.now();
  while (Date.now() - t < 500) { engine.legal(s); calls++; }
  console.log(`${name}: ${Math.round(calls / ((Date.now() - t) / 1000)).toLocaleString("en")} legal() calls a second at the deal`);
}
"""


def node_speed() -> None:
    import json

    node = shutil.which("node")
    if node is None:
        print("node: not installed, JS engine speed not measured")
        return
    starts = [[g, get_game(g).to_json(get_game(g).deal(1))] for g in ("penguin", "idiots-delight", "perpetual-motion",
                                                                       "pack-n-stack")]
    out = subprocess.run([node, "--input-type=module", "-e", NODE_BENCH, str(ASSETS), json.dumps(starts)], capture_output=True, text=True)
    print(out.stdout.strip() or out.stderr.strip())


def screenshots(folder: Path, stems: list[str], out: Path) -> None:
    """The themed site (``folder``) light, and dealgen's plain look (``folder``/../plain) dark."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder.parent)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    served = f"http://127.0.0.1:{httpd.server_address[1]}/"
    base = served + folder.name + "/"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True)
        for name, viewport, scheme in (("desktop", (1280, 900), "light"), ("phone", (390, 844), "light"),
                                       ("desktop-dark", (1280, 900), "dark"), ("phone-dark", (390, 844), "dark")):
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]}, color_scheme=scheme,
                                    device_scale_factor=1 if name.startswith("desktop") else 2)
            page.goto((base if scheme == "light" else served + "plain/") + f"{stems[0]}.html")
            for token in page.evaluate("window.dealgen.solution()")[:9]:  # a game under way ...
                page.click(f'#board [data-place="{token[0]}"]')
                page.click(f'#board [data-place="{token[1]}"]')
            page.click('#board [data-place="5"]')  # ... with a column chosen: its run and targets marked
            page.screenshot(path=str(out / f"site-day-{name}.png"), full_page=name.startswith("desktop"))
            print(f"wrote {out / f'site-day-{name}.png'}")
            page.close()
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(base + f"{stems[1]}.html")  # a result: the statistics and the share button
        for token in page.evaluate("window.dealgen.solution()"):
            page.evaluate(f"window.dealgen.play({token!r})")
        page.locator("#result").scroll_into_view_if_needed()
        page.screenshot(path=str(out / "site-result.png"))
        page.close()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base + f"{stems[0]}.html")
        page.evaluate("window.dealgen.play(window.dealgen.solution()[0])")  # the index marks a day started
        page.goto(base + "index.html")
        page.screenshot(path=str(out / "site-index.png"))
        page.goto(base + f"{stems[3]}.html")
        strays = page.evaluate("JSON.parse(document.getElementById('dealgen-day').textContent).strategy.strays")
        token = next(t for t, info in strays.items() if "reply" in info)
        page.click(f'#board [data-place="{token[:2]}"]')
        page.click(f'#board [data-place="{token[3:]}"]')
        page.wait_for_function("+document.getElementById('board').dataset.moves === 2")
        page.screenshot(path=str(out / "site-problem-stray.png"), full_page=True)
        print(f"wrote {out / 'site-index.png'} and {out / 'site-problem-stray.png'}")
        browser.close()
    httpd.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", type=Path, help="write screenshots of a day page here (needs Chromium)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        theme = demo_theme(folder)
        stems = build(folder / "site", theme)
        if args.screenshots:
            with contextlib.redirect_stdout(io.StringIO()):  # the same days in dealgen's plain look, for the dark shots
                build(folder / "plain", DEFAULT)
        node_speed()
        if args.screenshots:
            screenshots(folder / "site", stems, args.screenshots)


if __name__ == "__main__":
    main()

"""Write the replay page's screenshots in assets/, where the docs show them: the Odds
and Evens sample on a wide screen with its board read back, and the Load sample's first
screen on a 360x640 phone. The pages are exported as `oddsevens export --html` writes
them and shown in headless Chromium (Playwright with the system's browser).

Run: python docs/page_screenshots.py
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from viz.cli import main as oddsevens

ROOT = Path(__file__).parent.parent
OUT = ROOT / "assets"  # the pictures the README and docs/ show
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def shot(browser: Browser, page_file: Path, name: str, size: tuple[int, int], keys: str) -> None:
    """The first screen of the page at `size` after the keys pressed, one a character."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(page_file.as_uri())
        for key in keys:
            page.keyboard.press({"→": "ArrowRight"}.get(key, key))
        page.screenshot(path=OUT / f"{name}.png")
    finally:
        page.close()


def main() -> None:
    executable = next(filter(None, map(shutil.which, BROWSERS)), None)
    if executable is None:
        raise SystemExit("page_screenshots: no Chromium on this machine")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        pages = {}
        for game in ("loops", "load"):
            pages[game] = Path(folder) / f"{game}.html"
            recording = ROOT / "recordings" / f"{game}-sample.jsonl"
            assert oddsevens(["export", str(recording), "--html", str(pages[game])]) == 0
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            shot(browser, pages["loops"], "page-loops", (1280, 720), "→" * 6 + "b")
            shot(browser, pages["load"], "page-phone", (360, 640), "→" * 17)
        finally:
            browser.close()


if __name__ == "__main__":
    main()

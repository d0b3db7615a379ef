"""Write practice's screenshots in assets/, where the docs show them: the window at a
puzzle, the window after a wrong answer (the best move played, the judgement's words),
and the page of the puzzles due after a wrong answer. The puzzles are those of an Odds
and Evens game played by the automatic players, judged by `oddsevens analyze`, both of
its seats named yours. The window runs headless (SDL's dummy driver); the page in
headless Chromium.

Run: python docs/practice_screenshots.py
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import date
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from games.practice import new_card  # noqa: E402
from viz.cli import main as oddsevens  # noqa: E402
from viz.library import open_library  # noqa: E402
from viz.practice.page import practice_page  # noqa: E402
from viz.practice.progress import Progress  # noqa: E402
from viz.practice.puzzles import gather  # noqa: E402
from viz.practice.window import practice_window  # noqa: E402
from viz.window.settings import Settings  # noqa: E402

OUT = Path(__file__).parent.parent / "assets"
TODAY = date(2025, 1, 1)


def judged_game(folder: Path) -> Path:
    played, judged = folder / "played.jsonl", folder / "judged"
    oddsevens(["record", "loops", "--seed", "1", "--by", "random", "random", "-o", str(played)])
    header, *rest = played.read_text(encoding="utf-8").splitlines(keepends=True)
    played.write_text(json.dumps(json.loads(header) | {"players": ["you", "you"]}) + "\n")
    with played.open("a", encoding="utf-8") as out:
        out.writelines(rest)
    oddsevens(["analyze", str(played), "-o", str(judged)])
    return judged


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="practice-shots-"))
    try:
        library = open_library(folder / "library.sqlite3")
        progress = Progress(library)
        found = gather([judged_game(folder)]).puzzles
        queue = [(kept, new_card(TODAY)) for kept in found]
        app = practice_window(queue, progress, TODAY, size=(980, 720), settings=Settings(None))
        app.frame(16)
        pygame.image.save(app.screen, OUT / "practice.png")
        app.mode.give_up_or_next()  # a wrong answer: the best move, shown
        for _ in range(60):
            app.frame(16)
        pygame.image.save(app.screen, OUT / "practice-wrong.png")
        app.close()
        library.close()
        page = folder / "practice.html"
        page.write_text(practice_page(queue[:1]), encoding="utf-8")
        shoot_page(page, OUT / "practice-page.png")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def shoot_page(page: Path, out: Path) -> None:
    """The page after a wrong answer, its fade done."""
    from playwright.sync_api import sync_playwright

    browser = next(
        shutil.which(name) for name in ("chromium", "chromium-browser") if shutil.which(name)
    )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser, args=["--no-sandbox"])
        tab = chromium.new_page(viewport={"width": 760, "height": 720})
        tab.goto(page.as_uri())
        tab.locator(".answers button[data-right=false]").first.click()
        tab.wait_for_timeout(800)
        tab.screenshot(path=str(out))
        chromium.close()


if __name__ == "__main__":
    main()

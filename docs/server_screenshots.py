"""Write the game server's screenshots in assets/: the start page on a wide screen, and
the table of a three-seat Even Odds room a few moves in, on a 390x844 phone held
upright. A server runs on a free loopback port for the while, its rooms in a
temporary folder, and headless Chromium (Playwright with the system's browser) opens
its pages as a person would.

Run: python docs/server_screenshots.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

ROOT = Path(__file__).parent.parent
OUT = ROOT / "assets"
sys.path.insert(0, str(ROOT / "tests"))
from support.serving import Served  # noqa: E402


def start_page(browser: Browser, served: Served, viewport: ViewportSize) -> Page:
    """The start page filled in for a three-seat Even Odds room against two Hard seats."""
    page = browser.new_page(viewport=viewport)
    page.goto(served.base + "/")
    page.select_option("#game", "tiles")
    page.fill("#rule-players", "3")
    page.dispatch_event("#rule-players", "input")
    page.select_option("#seat-1", "hard")
    page.select_option("#seat-2", "hard")
    page.fill("#name", "Ann")
    return page


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        served = Served(Path(folder)).start()
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox"]
        )
        try:
            wide = start_page(browser, served, {"width": 1100, "height": 760})
            wide.screenshot(path=OUT / "server-start.png")
            phone = start_page(browser, served, {"width": 390, "height": 844})
            phone.click("text=Open the room")
            phone.wait_for_selector("#start:not([hidden])")
            phone.click("#start")
            for _ in range(4):
                phone.wait_for_selector("#moves button")
                turn = phone.evaluate("document.body.dataset.turn")
                phone.locator("#moves button").first.click()
                phone.wait_for_selector(f"body:not([data-turn='{turn}'])")
            phone.wait_for_selector("#moves button")
            phone.screenshot(path=OUT / "server-table-phone.png")
        finally:
            browser.close()
            served.stop()
    print(f"wrote {OUT / 'server-start.png'} and {OUT / 'server-table-phone.png'}")


if __name__ == "__main__":
    main()

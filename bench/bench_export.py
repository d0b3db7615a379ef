"""Export time and size of GIF and SVG for a typical automatic 7x7 game and a 98-turn game,
against the plain approach (full RGB frames handed to Pillow's GIF writer with defaults).

Run: python bench/bench_export.py [--full PATH-TO-49-STAGE-RECORDING]
"""

from __future__ import annotations

import argparse
import io
import random
from pathlib import Path

from common import median_seconds, print_table

from games import REGISTRY
from games.autoplay import play
from games.recording import parse
from viz.export.animation import gif_bytes
from viz.export.clip import replay_scenes
from viz.files import load_replay, recording_text
from viz.render.raster import render
from viz.render.svg import animated_svg
from viz.render.timeline import Timing, fixed_durations_ms, gif_delays_cs

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
FRAME_MS, HOLD_MS, SIZE = 500, 2000, 560


def typical_game(seed: int = 5):
    game = REGISTRY["load"]
    rules = game.rules({})
    state, moves = play(game, rules, random.Random(seed))
    return parse(recording_text(game, rules, seed, moves, state.result()).splitlines(True))


def plain_gif(replay) -> bytes:
    frames = [render(scene).convert("RGB") for scene in replay_scenes(replay, SIZE)]
    out = io.BytesIO()
    durations = [
        cs * 10 for cs in gif_delays_cs(fixed_durations_ms(len(frames), FRAME_MS, HOLD_MS))
    ]
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return out.getvalue()


def svg_text(scenes) -> str:
    return animated_svg(scenes, Timing.fixed(len(scenes), FRAME_MS, HOLD_MS))


def measure(name: str, replay, repeats: int) -> list[list[str]]:
    gif = lambda: gif_bytes(replay_scenes(replay, SIZE), FRAME_MS, HOLD_MS)  # noqa: E731
    svg = lambda: svg_text(replay_scenes(replay, SIZE))  # noqa: E731
    plain = lambda: plain_gif(replay)  # noqa: E731
    turns = len(replay.frames()) - 1
    rows = []
    plain_s, plain_kb = median_seconds(plain, repeats), len(plain()) / 1024
    for label, run in (("GIF", gif), ("SVG", svg)):
        seconds, kb = median_seconds(run, repeats), len(run()) / 1024
        rows.append(
            [
                name,
                turns,
                label,
                f"{seconds:.3f}",
                f"{kb:.1f}",
                f"{plain_s / seconds:.1f}x",
                f"{plain_kb / kb:.1f}x",
            ]
        )
    rows.append([name, turns, "plain GIF", f"{plain_s:.3f}", f"{plain_kb:.1f}", "1.0x", "1.0x"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", type=Path, default=SHARED / "load-7x7-full-49-stages.jsonl")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rows = measure("typical", typical_game(), args.repeats)
    if args.full.exists():
        rows += measure("49 stages", load_replay(args.full), args.repeats)
    else:
        print(f"(no {args.full}: the 98-turn case is skipped)")
    print(
        f"Export at {SIZE} px, frame {FRAME_MS} ms, hold {HOLD_MS} ms; "
        f"median of {args.repeats} runs, scene building included"
    )
    print_table(
        ["game", "turns", "output", "seconds", "KB", "faster than plain", "smaller than plain"],
        rows,
    )


if __name__ == "__main__":
    main()

"""Pictures for every eye (issue 21), measured on every frame of each game's export at
small, default and large sizes, in every palette: each text's contrast against the
fill behind its centre, each piece's against its surroundings, and how far apart each
game's meaningful colours stay under normal vision and the three full dichromacies."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from support.a11y import VISIONS, delta_e2000, piece_contrast, simulate, text_faults

from games import REGISTRY
from games.tiles.engine import COLORS
from viz.cli import record_game
from viz.export.clip import Clip
from viz.scenes import PALETTES
from viz.scenes.shapes import Circle, Rect, Ring, Scene, Text

# The smallest and largest sizes run with the slow tests (in CI); the default size always.
SIZES = (pytest.param(160, marks=pytest.mark.slow), 560, pytest.param(2000, marks=pytest.mark.slow))
GAMES = [
    ("load", {"rows": 3, "cols": 3}),
    ("load", {"rows": 7, "cols": 7}),
    ("load", {"rows": 20, "cols": 20}),
    ("loops", {"capacity": 3}),
    ("loops", {"capacity": 7}),
    ("loops", {"capacity": 12}),
    ("tiles", {"players": 3}),
    ("tiles", {"players": 6}),
]
IDS = ["-".join([game, *map(str, params.values())]) for game, params in GAMES]
# The colours that mean something, pairwise at least this far apart (CIEDE2000) in every
# vision: Even Odds' five tiles; each Load side's fill and its cleared fill; the two sides
# of Odds and Evens.
DISTINCT = {
    "tiles": [(pair, 10.0) for pair in itertools.combinations(COLORS, 2)]
    + [(("mark", "won"), 10.0)],  # won the dispute, won the game
    "load": [(("red", "red-dim"), 12.0), (("green", "green-dim"), 12.0)],
    "loops": [(("p0", "p1"), 10.0)],
}


@pytest.fixture(scope="module")
def replays(tmp_path_factory):
    folder = tmp_path_factory.mktemp("a11y")
    return {
        name: record_game(game, REGISTRY[game].rules(params), 7, Path(folder) / f"{name}.jsonl")
        for name, (game, params) in zip(IDS, GAMES, strict=True)
    }


def piece_faults(scene: Scene, game: str) -> list[str]:
    """Every piece, tile, fill and cleared state at 3:1 or more against its surroundings."""
    faults = []
    for index, shape in enumerate(scene.shapes):
        key = shape.key
        grounds: tuple[str, ...] = ()
        if isinstance(shape, Text):
            continue
        if key.startswith("legend-") and isinstance(shape, Rect | Circle):
            pass
        elif game == "load" and key.startswith(("red-", "green-")):
            if shape.fill == "cell":  # an empty half: the board's grid frames it
                continue
            ratio = _ratio(scene, shape.fill, "cell")
            if ratio < 3:
                faults.append(f"{key} {shape.fill} against cell: {ratio:.2f}")
            continue
        elif game == "loops" and key.startswith("slot-"):
            grounds = ("canvas",)
        elif (
            game == "loops" and key.startswith(("lock-", "last-move-")) and isinstance(shape, Ring)
        ):
            on = "piece" if key.startswith("lock-") else "around"
            faults += _ring_faults(scene, index, on)
            continue
        elif game == "tiles" and key.startswith(("tile-", "score-mark-")):
            if not isinstance(shape, Rect):
                continue
        else:
            continue
        ratio, against = piece_contrast(scene, index, grounds)
        if ratio < 3:
            faults.append(f"{key} {getattr(shape, 'fill', '')} against {against}: {ratio:.2f}")
    return faults


def _ratio(scene: Scene, a: str, b: str) -> float:
    from support.a11y import contrast

    return contrast(scene.rgb(a), scene.rgb(b))


def _ring_faults(scene: Scene, index: int, on: str) -> list[str]:
    """A ring against what lies under its stroke (inside a piece, or around it)."""
    from support.a11y import behind

    ring = scene.shapes[index]
    assert isinstance(ring, Ring)
    faults = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        under = behind(scene, index, ring.cx + dx * ring.r, ring.cy + dy * ring.r)
        ratio = _ratio(scene, ring.stroke, under)
        if ratio < 3:
            faults.append(f"{ring.key} {ring.stroke} on {under} ({on}): {ratio:.2f}")
    return faults


@pytest.mark.parametrize("palette", sorted(PALETTES["load"]))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(  # three players' table: with the slow tests (CI); six always run
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "tiles-3" else n for n in IDS]
)
def test_every_text_and_piece_stands_out(replays, name, size, palette):
    game = name.split("-")[0]
    faults: set[str] = set()
    # The high-contrast palette holds text to WCAG's enhanced 7:1 (4.5:1 from 24 px).
    small, large = (7.0, 4.5) if palette == "high-contrast" else (4.5, 3.0)
    for scene in Clip(replays[name], size, palette=palette).scenes():
        faults.update(text_faults(scene, small, large))
        faults.update(piece_faults(scene, game))
    assert sorted(faults)[:12] == []


@pytest.mark.parametrize("palette", sorted(PALETTES["load"]))
@pytest.mark.parametrize("game", sorted(DISTINCT))
def test_meaningful_colours_stay_apart_in_every_vision(game, palette):
    colors = PALETTES[game][palette].colors
    faults = []
    for (a, b), least in DISTINCT[game]:
        for vision in VISIONS:
            difference = delta_e2000(simulate(colors[a], vision), simulate(colors[b], vision))
            if difference < least:
                faults.append(f"{a}/{b} {vision}: {difference:.1f} < {least}")
    assert faults == []


def test_the_simulation_and_the_difference_match_published_values():
    # Sharma, Wu and Dalal (2005), table 1, pairs 1 and 17.
    from support.a11y import ciede2000

    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # Full dichromacy leaves white and black alone, and merges pure red and green for a
    # deuteranope far more than for normal vision.
    for vision in VISIONS:
        assert simulate((255, 255, 255), vision) == (255, 255, 255)
        assert simulate((0, 0, 0), vision) == (0, 0, 0)
    red, green = (200, 40, 40), (40, 150, 40)
    normal = delta_e2000(red, green)
    deutan = delta_e2000(simulate(red, "deuteranopia"), simulate(green, "deuteranopia"))
    assert deutan < normal / 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", IDS)
def test_no_text_is_cut_or_under_9_px_and_every_tile_shows_its_letter(replays, name, size):
    from viz.scenes.tiles import LETTERS

    faults: set[str] = set()
    for number, scene in enumerate(Clip(replays[name], size).scenes()):
        keys = scene.by_key()
        for shape in scene.shapes:
            if isinstance(shape, Text) and shape.text:
                if "…" in shape.text:
                    faults.add(f"frame {number}: {shape.key} cut: {shape.text!r}")
                if round(shape.size) < 9:
                    faults.add(f"{shape.key} {shape.size:.1f} px")
            tile = isinstance(shape, Rect) and shape.key.startswith("tile-")
            if tile and shape.fill in LETTERS:
                label = keys.get(f"{shape.key}-value")
                if not (isinstance(label, Text) and label.text[0] == LETTERS[shape.fill]):
                    faults.add(f"{shape.key} {shape.fill} has no letter")
    assert sorted(faults)[:10] == []


def _play_rects(scene: Scene, state) -> list[Rect]:
    """The dispute's tiles: a tile's shapes keep its key in a hand and on the felt."""
    from viz.scenes.tiles import shown_dispute, tile_key

    keys = scene.by_key()
    return [keys[tile_key(tile)] for _, tile in shown_dispute(state)]


@pytest.mark.parametrize("size", SIZES)
def test_six_players_every_dispute_tile_lies_in_its_box_and_the_end_is_whole(replays, size):
    clip = Clip(replays["tiles-6"], size)
    scenes = list(clip.scenes())
    full = 0
    for number, (state, scene) in enumerate(zip(clip.states, scenes, strict=True)):
        felt = scene.by_key()["felt"]
        assert isinstance(felt, Rect)
        plays = _play_rects(scene, state)
        full += len(plays) == 6
        for tile in plays:
            assert felt.x <= tile.x and tile.x + tile.w <= felt.x + felt.w, (number, tile.key)
            assert felt.y <= tile.y and tile.y + tile.h <= felt.y + felt.h, (number, tile.key)
    assert full  # the sixth tile was drawn
    end = " ".join(s.text for s in scenes[-1].shapes if s.key.startswith("status-"))
    totals = end[end.index("Totals: ") :]
    assert all(f"Seat {seat} " in totals for seat in range(6)), end
    assert " won the dispute with " in end and "(lowest\u00a0total\u00a0wins)" in end
    assert "total" in end  # and the game's


def test_load_says_and_marks_what_a_green_pick_cleared(replays):
    import re

    clip = Clip(replays["load-7-7"], 560)
    found = 0
    for state, scene in zip(clip.states, clip.scenes(), strict=True):
        status = " ".join(s.text for s in scene.shapes if s.key.startswith("status-"))
        match = re.search(r"Green picked (\d+)\+(\d+), clearing red ([\d, ]+(?:and \d+)?)", status)
        marks = {s.key for s in scene.shapes if s.key.startswith("cleared-red-")}
        if match is None:
            assert not marks
            continue
        found += 1
        cleared = [int(c) for c in re.findall(r"\d+", match.group(3))]
        assert marks == {f"cleared-red-{c}" for c in cleared}
        assert all(state.red_state(c) == 2 for c in cleared)  # DIM: cleared
        legend = {
            s.text for s in scene.shapes if isinstance(s, Text) and s.key.startswith("legend-")
        }
        assert {"cleared red", "cleared green", "just cleared"} <= legend
    assert found


@pytest.mark.parametrize("name", ["load-3-3", "load-7-7", "tiles-3", "tiles-6"])
def test_the_last_frame_keeps_the_last_event_beside_the_result(replays, name):
    from viz.scenes import SCENES

    replay = replays[name]
    states = replay.frames()
    kit = SCENES[replay.game.id]
    words = kit.move_words(states[-2], states[-1])
    last = list(Clip(replay, 560, first=len(states) - 1).scenes())[-1]
    end = " ".join(s.text for s in last.shapes if s.key.startswith("status-"))
    event = words.split(": ")[-1] if name.startswith("tiles") else words
    assert event in end, (event, end)
    assert "wins" in end or "win" in end


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("capacity", range(1, 13))
def test_loops_of_any_capacity_keep_slots_and_their_rings_apart(capacity, size):
    import math

    from games.loops.engine import LEFT, RIGHT, LoopsRules
    from viz.scenes.loops import LoopsLayout, export_size

    width, height = export_size(LoopsRules(capacity=capacity), size)
    layout = LoopsLayout(capacity, width=width, height=height, status_lines=2)
    reach = layout.slot_radius * 1.3  # the widest ring drawn around a slot
    slots = [layout.slot(loop, i) for loop in (LEFT, RIGHT) for i in range(capacity)]
    for a, b in itertools.combinations(slots, 2):
        assert math.dist(a, b) >= 2 * reach, (a, b)


@pytest.mark.slow  # a whole demo; the palettes' contrast is measured above each run
def test_export_and_demo_take_the_high_contrast_palette(replays, tmp_path):
    from PIL import Image

    from viz.cli import main

    recording = tmp_path / "tiles.jsonl"
    assert main(["record", "tiles", "--players", "3", "--seed", "3", "-o", str(recording)]) == 0
    for palette, canvas in (("default", (244, 241, 234)), ("high-contrast", (255, 255, 255))):
        png = tmp_path / f"{palette}.png"
        args = ["export", str(recording), "--png", str(png), "--turn", "2", "--size", "160"]
        assert main([*args, "--palette", palette]) == 0
        image = Image.open(png).convert("RGB")
        assert image.getpixel((1, 1)) == canvas
        assert image.width >= 417  # grown to hold 9 px text
    assert main(["demo", "--out", str(tmp_path / "demo"), "--palette", "high-contrast"]) == 0

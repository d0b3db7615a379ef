"""Even Odds seated round the table (issue 20): tile and digit sizes measured on the
scenes the window draws at 980x720 and 640x480, everything inside the board and apart,
tiles that keep their key from hand to dispute, dimmed tiles that cannot be played, and
the dispute's winner highlighted until the next tile is played."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from support.a11y import contrast, piece_contrast, text_contrasts
from test_tiles_rules import dealt, t

from games import REGISTRY
from games.tiles import CHANCE, Play, TilesRules, TilesState
from games.tiles.engine import COLORS, color_of, dispute_result
from viz.scenes.motion import Motion
from viz.scenes.tiles import (
    LETTERS,
    TABLE,
    export_size,
    hand_slots,
    seat_order,
    tile_key,
    tiles_scene,
)
from viz.scenes.tiles.arrangement import FRAME_ROOM, GAP_X, GAP_Y, NAME_MIDDLE, NAME_ROW
from viz.window.app import NOTE_LINES
from viz.window.board import MAX_TEXT
from viz.window.geometry import PANEL_WIDTH

GAME = REGISTRY["tiles"]
PLAYERS = [3, 4, 5, 6]
YOU = 0
# What a window passes under the game's status: its mode line and two message lines.
WINDOW_NOTES = ("AI seats: Medium · your tiles: click one, or ← → and Enter", "", "")
SEAT_3_WINS = [(0, "yellow-1"), (1, "yellow-6"), (2, "green-1"), (3, "green-6"), (4, "purple-1")]


def game_states(players: int, seed: int = 1) -> list[TilesState]:
    """Every position of a game of random moves."""
    rng = random.Random(seed)
    state = TilesState(TilesRules(players))
    states = [state.copy()]
    while state.to_move is not None:
        move = (
            GAME.auto_move(state, rng)
            if state.to_move == CHANCE
            else rng.choice(state.legal_moves())
        )
        state.apply(move)
        states.append(state.copy())
    return states


def window_scene(state: TilesState, window: tuple[int, int], palette: str = "default"):
    """The picture a window of this size shows you (seat 0) beside its side panel."""
    width, height = window
    return tiles_scene(
        state,
        width - PANEL_WIDTH,
        height,
        notes=WINDOW_NOTES,
        viewer=YOU,
        max_font=MAX_TEXT,
        palette=palette,
    )


def tile_rects(scene):
    """Every tile drawn, in the hands and on the felt (not its edge, label or plate)."""
    return [
        s
        for s in scene.shapes
        if s.key.startswith(("tile-", "last-")) and s.key.count("-") == 1 and hasattr(s, "w")
    ]


def legend_words(scene) -> set[str]:
    return {s.text for s in scene.shapes if s.key.startswith("legend-") and hasattr(s, "text")}


def sampled(players: int) -> list[TilesState]:
    """Positions through a whole game: full hands, disputes under way and settled, the end."""
    states = game_states(players)
    return states[1::7] + [states[-1]]


def test_the_window_draws_what_these_tests_assume():
    assert len(WINDOW_NOTES) == NOTE_LINES
    assert 980 - PANEL_WIDTH == 770 and 640 - PANEL_WIDTH == 430


@pytest.mark.parametrize("players", PLAYERS)
def test_tiles_are_at_least_40_px_in_a_980x720_window(players):
    smallest = min(
        min(min(r.w, r.h) for r in tile_rects(window_scene(state, (980, 720))))
        for state in sampled(players)
        if state.round
    )
    assert smallest >= 40


@pytest.mark.parametrize("players", PLAYERS)
def test_tile_digits_are_at_least_10_px_in_a_640x480_window(players):
    for state in sampled(players):
        scene = window_scene(state, (640, 480))
        keys = scene.by_key()
        for rect in tile_rects(scene):
            label = keys[f"{rect.key}-value"]
            assert label.size >= 10, (rect.key, label.size)


def boxes(layout) -> dict[str, tuple[float, float, float, float]]:
    """Left, top, right and bottom of each seat (its name and every slot of its hand), the
    score table and the felt."""
    found = {}
    for order in range(layout.players):
        x, y = layout.label_place(order)
        cols, rows = layout.seat_block(order)
        slots = [layout.tile_box(order, index) for index in range(cols * rows)]
        left = min(x, *(s[0] for s in slots))
        right = max(x + layout.metrics.label_width, *(s[0] + s[2] for s in slots))
        top = y - layout.label * 0.7
        bottom = max(s[1] + s[2] / 2 for s in slots)
        found[f"seat {order}"] = (left, top, right, bottom)
    x, y = layout.table_origin
    width, height = layout.metrics.table_size
    found["table"] = (x, y, x + width, y + height)
    x, y, width, height = layout.felt
    found["felt"] = (x, y, x + width, y + height)
    return found


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(
    "canvas", [(980, 720), (640, 480), (1920, 1080), ("export", 160), ("export", 560)]
)
def test_the_seats_the_table_and_the_felt_lie_on_the_board_and_apart(players, canvas):
    state = game_states(players)[1]  # the hands as dealt
    if canvas[0] == "export":
        scene = tiles_scene(state, *export_size(state.rules, canvas[1]))
    else:
        scene = window_scene(state, canvas)  # type: ignore[arg-type]
    layout = scene.layout
    left, top, right, bottom = layout.board
    found = boxes(layout)
    for name, (x0, y0, x1, y1) in found.items():
        assert left - 0.5 <= x0 and x1 <= right + 0.5, name
        assert top - 0.5 <= y0 and y1 <= bottom + 0.5, name
    for (a, box_a), (b, box_b) in itertools.combinations(found.items(), 2):
        apart = box_a[2] <= box_b[0] or box_b[2] <= box_a[0]
        apart = apart or box_a[3] <= box_b[1] or box_b[3] <= box_a[1]
        assert apart, (a, b)
    assert players - 1 in layout.plan.region("B")  # you sit in the bottom row
    assert sum(TABLE in layout.plan.region(name) for name in "BLTR") == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_the_seats_sit_clockwise_from_your_left(players):
    """The seat after you sits further left or higher than you; each later seat further
    round (its hand's middle turns clockwise about the felt's middle)."""
    import math

    layout = window_scene(game_states(players)[1], (980, 720)).layout
    fx, fy, fw, fh = layout.felt
    middle = (fx + fw / 2, fy + fh / 2)
    angles = []
    for order in range(players):
        cols, rows = layout.seat_block(order)
        x, y, size = layout.tile_box(order, 0)
        cx, cy = x + (cols * 1.1) * size / 2, y + (rows - 1) * size / 2
        # Clockwise on the screen from straight down (you): down, left, up, right.
        angles.append(math.atan2(middle[0] - cx, cy - middle[1]) % (2 * math.pi))
    yours = angles[-1]
    turned = [(angle - yours) % (2 * math.pi) for angle in angles[:-1]]
    assert turned == sorted(turned), turned


@pytest.mark.parametrize("viewer", [None, YOU])
@pytest.mark.parametrize("players", [3, 6])
def test_a_played_tile_keeps_its_key_from_the_hand_to_the_dispute(players, viewer):
    states = game_states(players, seed=4)
    width, height = (770, 720) if viewer is not None else export_size(states[0].rules, 560)
    moved = 0
    before = tiles_scene(states[0], width, height, viewer=viewer)
    for previous, state in itertools.pairwise(states):
        after = tiles_scene(state, width, height, viewer=viewer)
        assert len(after.by_key()) == len(after.shapes)  # every key once
        last = state.last
        if isinstance(last, Play):
            key = tile_key(last.tile)
            old, new = before.by_key()[key], after.by_key()[key]
            assert f"{key}-value" in before.by_key() and f"{key}-value" in after.by_key()
            bottom = viewer if viewer is not None else 0
            order = seat_order(players, bottom).index(last.player)
            hidden = last.player == viewer
            slot = hand_slots(previous, last.player, hidden).index(last.tile)
            assert (old.x, old.y + old.h / 2) == pytest.approx(
                before.layout.tile_box(order, slot)[:2]
            )
            fx, fy, fw, fh = after.layout.felt
            assert fx <= new.x and new.x + new.w <= fx + fw and fy <= new.y <= fy + fh
            moved += 1
        before = after
    assert moved == sum(isinstance(s.last, Play) for s in states)


def must_follow(states: list[TilesState], seat: int | None = None) -> list[TilesState]:
    """Positions whose seat to move holds the colour to follow and other tiles too."""
    return [
        s
        for s in states
        if s.to_move not in (None, CHANCE)
        and not s.choosing
        and (seat is None or s.to_move == seat)
        and len(s.playable(s.to_move)) < len(s.hands[s.to_move])
    ]


@pytest.mark.parametrize("palette", ["default", "high-contrast"])
@pytest.mark.parametrize("window", [(980, 720), (640, 480)])
@pytest.mark.parametrize("players", [3, 6])
def test_tiles_you_cannot_play_now_are_dimmed_and_still_read(players, window, palette):
    """Measured as tests/test_accessibility.py measures exports: the dimmed tile against
    what surrounds it by its fill or its outline, its letter against its fill."""
    states = must_follow(game_states(players, seed=2))
    assert states
    text_least = 7.0 if palette == "high-contrast" else 4.5
    width, height = window
    for state in states[:: max(1, len(states) // 8)]:
        seat = state.to_move
        scene = tiles_scene(
            state,
            width - PANEL_WIDTH,
            height,
            notes=WINDOW_NOTES,
            viewer=seat,
            max_font=MAX_TEXT,
            palette=palette,
        )
        keys = scene.by_key()
        playable = set(state.playable(seat))
        inks = {text.key: ratio for text, _, ratio in text_contrasts(scene)}
        for holder, hand in enumerate(state.hands):
            for tile in hand:
                rect, label = keys[tile_key(tile)], keys[f"{tile_key(tile)}-value"]
                dimmed = holder == seat and tile not in playable
                assert (rect.fill == "paper") == dimmed, (holder, tile)
                name = COLORS[color_of(tile)]
                assert label.text[0] == LETTERS[name]  # the second cue stays
                if dimmed:
                    # an outline in the tile's colour (a yellow tile's dark edge) sets it off
                    edge = keys[f"{tile_key(tile)}-edge"]
                    assert edge.stroke == (name if name != "yellow" else "edge")
                    assert label.fill == edge.stroke
                    ratio, against = piece_contrast(scene, scene.shapes.index(rect))
                    assert ratio >= 3, (tile, against, ratio)
                    assert inks[label.key] >= text_least, (tile, inks[label.key])
        assert "cannot be played now" in legend_words(scene)


def test_only_your_own_tiles_are_dimmed_and_only_on_your_turn():
    states = game_states(4, seed=2)
    yours = must_follow(states, seat=YOU)
    theirs = must_follow(states, seat=1)
    assert yours and theirs
    scene = window_scene(yours[0], (980, 720))
    dimmed = {r.key for r in tile_rects(scene) if r.fill == "paper"}
    unplayable = set(yours[0].hands[YOU]) - set(yours[0].playable(YOU))
    assert dimmed == {tile_key(tile) for tile in unplayable} and dimmed
    scene = window_scene(theirs[0], (980, 720))
    assert not [r for r in tile_rects(scene) if r.fill == "paper"]
    # an export (a record of the game, every hand face up) dims nothing
    scene = tiles_scene(yours[0], *export_size(yours[0].rules, 560))
    assert not [r for r in tile_rects(scene) if r.fill == "paper"]


@pytest.mark.parametrize("palette", ["default", "high-contrast"])
def test_the_winning_tile_is_highlighted_until_the_next_tile_is_played(palette):
    state = dealt()
    for seat, name in SEAT_3_WINS:
        state.apply(Play(seat, t(name)))
    scene = tiles_scene(state, 560, 500, palette=palette)
    keys = scene.by_key()
    winner = keys[tile_key(t("green-6"))]
    band = [keys[f"winner-{side}"] for side in ("top", "bottom", "left", "right")]
    # the band closes round the winning tile, and no other
    assert min(b.x for b in band) < winner.x < winner.x + winner.w < max(b.x + b.w for b in band)
    assert min(b.y for b in band) < winner.y < winner.y + winner.h < max(b.y + b.h for b in band)
    for _, name in SEAT_3_WINS[:3] + SEAT_3_WINS[4:]:
        other = keys[tile_key(t(name))]
        assert other.x + other.w <= band[2].x or other.x >= band[3].x + band[3].w
    # its edge sets it off the felt, and the tile stands out on it
    edge = keys["winner-edge"]
    assert contrast(scene.rgb(edge.stroke), scene.rgb("felt")) >= 3
    assert piece_contrast(scene, scene.shapes.index(winner))[0] >= 3
    assert "won the dispute" in legend_words(scene)
    assert keys["dispute"].text == "Last dispute"
    # it stays while the winner is to lead, with every tile of the dispute ...
    assert state.to_move == dispute_result(state.last_dispute)[0] == 3
    assert all(tile_key(t(name)) in keys for _, name in SEAT_3_WINS)
    # ... and goes with the next tile played
    state.apply(Play(3, t("green-7")))
    keys = tiles_scene(state, 560, 500, palette=palette).by_key()
    assert not [key for key in keys if key.startswith("winner")]
    assert keys["dispute"].text == "Dispute"
    assert not any(tile_key(t(name)) in keys for _, name in SEAT_3_WINS)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_click_finds_the_tile_under_it(players):
    state = game_states(players)[1]
    scene = window_scene(state, (980, 720))
    layout, keys = scene.layout, scene.by_key()
    for order, seat in enumerate(seat_order(players, YOU)):
        slots = hand_slots(state, seat, hidden=seat == YOU)
        for index, tile in enumerate(slots):
            rect = keys[tile_key(tile)]
            assert layout.tile_at(rect.x + rect.w / 2, rect.y + rect.h / 2, order, len(slots)) == (
                index
            )
            assert layout.tile_at(rect.x - 1, rect.y - 1, order, len(slots)) is None


def canvases(players: int) -> list[tuple[int, int, int | None, float]]:
    """The window at its default and smallest sizes (you at the bottom) and an export
    (seat 0 at the bottom, every hand face up): width, height, viewer, largest text."""
    window = [(w - PANEL_WIDTH, h, YOU, MAX_TEXT) for w, h in ((980, 720), (640, 480))]
    return [*window, (*export_size(TilesRules(players), 560), None, math.inf)]


def packed_reach(layout, order: int, count: int) -> float:
    """How far from the start of a seat's name the middle of a tile may lie when `count`
    tiles are packed under it, row by row: a block `count` tiles wide (or the hand's
    columns) and as many rows as they fill, under the name's row."""
    cols, _ = layout.seat_block(order)
    tile, label = layout.tile, layout.label
    wide = min(count, cols) * tile * (1 + GAP_X)
    deep = label * (NAME_ROW - NAME_MIDDLE) + tile * FRAME_ROOM
    deep += math.ceil(count / cols) * tile * (1 + GAP_Y)
    return math.hypot(wide, deep)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_hand_closes_up_under_its_seats_name_as_it_is_played(players):
    """Late in a round a seat's last tiles lie next to its name, not in the slots they were
    dealt to (issue 30, item 8: a tile ~300 px from its name, beside another hand)."""
    states = [s for s in game_states(players, seed=3) if s.round]
    for width, height, viewer, most in canvases(players):
        bottom = viewer if viewer is not None else 0
        for state in states[::3]:
            scene = tiles_scene(state, width, height, viewer=viewer, max_font=most)
            layout, keys = scene.layout, scene.by_key()
            areas = boxes(layout)
            for order, seat in enumerate(seat_order(players, bottom)):
                name = keys[f"seat-{seat}"]
                reach = packed_reach(layout, order, len(state.hands[seat]))
                for tile in state.hands[seat]:
                    rect = keys[tile_key(tile)]
                    far = math.hypot(rect.x + rect.w / 2 - name.x, rect.y + rect.h / 2 - name.y)
                    assert far <= reach + 0.5, (state.turns, seat, tile, far, reach)
                    inside = [
                        area
                        for area, (x0, y0, x1, y1) in areas.items()
                        if x0 - 0.5 <= rect.x and rect.x + rect.w <= x1 + 0.5
                        if y0 - 0.5 <= rect.y and rect.y + rect.h <= y1 + 0.5
                    ]
                    assert inside == [f"seat {order}"], (seat, tile, inside)


def test_a_seats_last_tile_lies_just_under_its_name():
    """Hand-worked: three players, seat 1 down to its last tile at 980x720. The tile's left
    is the left of the name's row and its top is under that row (the name's row, 1.35
    labels, and room for a frame, 0.15 tiles)."""
    state = next(s for s in game_states(3, seed=3) if s.round and len(s.hands[1]) == 1)
    scene = window_scene(state, (980, 720))
    layout, keys = scene.layout, scene.by_key()
    order = seat_order(3, YOU).index(1)
    x, middle = layout.label_place(order)
    row_top = middle - layout.label * NAME_MIDDLE
    (tile,) = state.hands[1]
    rect = keys[tile_key(tile)]
    assert rect.x == pytest.approx(x)
    assert rect.y == pytest.approx(row_top + layout.label * 1.35 + layout.tile * 0.15)


@pytest.mark.parametrize("players", [3, 6])
def test_the_tiles_after_a_played_one_slide_towards_the_name(players):
    """With motion on, each tile after the one played moves one slot back, part of the
    way at a moment of the change: the hand closes up before the eye."""
    states = game_states(players, seed=5)
    previous, state = next(
        (a, b)
        for a, b in itertools.pairwise(states)
        if isinstance(b.last, Play)
        and hand_slots(a, b.last.player, False).index(b.last.tile) < len(b.hands[b.last.player])
    )
    before, after = (window_scene(s, (980, 720)) for s in (previous, state))
    seat = state.last.player
    played = hand_slots(previous, seat, seat == YOU).index(state.last.tile)
    moving = Motion(before, 100, elapsed_ms=50).picture(after).by_key()
    slid = 0
    for tile in hand_slots(previous, seat, seat == YOU)[played + 1 :]:
        old, new = before.by_key()[tile_key(tile)], after.by_key()[tile_key(tile)]
        now = moving[tile_key(tile)]
        assert (old.x, old.y) != (new.x, new.y)
        assert min(old.x, new.x) <= now.x <= max(old.x, new.x)
        assert (now.x, now.y) not in ((old.x, old.y), (new.x, new.y))
        slid += 1
    assert slid

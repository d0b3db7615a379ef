"""The game server's rooms, without the network: seats, turns, refusals, restarts, and
what each screen's view may hold (games.screens, viz.server.views)."""

from __future__ import annotations

import json
import random
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples
from support.server import leaks, new_rooms, play_out, seated_room

import games
from games.tiles.ai import random_deal
from games.tiles.engine import Deal, Play, color_of
from games.tiles.screens import hidden_order
from viz.server.hints import hint_for
from viz.server.rooms import Room, RoomError, Seat
from viz.server.views import changes_since, view


@pytest.fixture
def rooms(tmp_path):
    return new_rooms(tmp_path)


def test_a_four_person_even_odds_room_is_played_to_its_end_and_no_screen_sees_a_hidden_number(
    rooms,
):
    room, host, _ = seated_room(rooms, "tiles", {"players": 4}, ["open"] * 4)
    rooms.start(room, host)
    received = play_out(rooms, room, random.Random(3), screens=[0, 1, 2, 3, None])
    assert room.finished and room.state.result() is not None
    for screen, texts in received.items():
        played = sum(not isinstance(move, Deal) for move in room.moves)
        assert len(texts) == 1 + played  # at the start, and after each move
        hidden_seen = 0
        for text, hidden in texts:
            assert not leaks(text, hidden), (screen, leaks(text, hidden))
            hidden_seen += len(hidden)
        assert hidden_seen > 100  # the reading had numbers to find
        final = json.loads(texts[-1][0])
        assert final["ended"] and final["result"]


def test_the_leak_reading_finds_a_number_shown(rooms):
    """The reading above can fail: an export's picture (every hand shown) is caught."""
    room, host, _ = seated_room(rooms, "tiles", {"players": 4}, ["open"] * 4)
    rooms.start(room, host)
    seen = json.dumps(view(room, None) | {"scene": _export_scene(room)})
    assert leaks(seen, room.state.hands[0])


def _export_scene(room):
    from viz.render.scene_data import scene_data
    from viz.scenes import SCENES

    kit = SCENES["tiles"]
    return scene_data(kit.scene(room.state, *kit.export_size(room.rules, 640)))


def _dealt_room(deal: Deal, players: int) -> Room:
    kit = games.KITS["tiles"]
    rules = kit.game.rules({"players": players})
    state = kit.game.new_state(rules)
    state.apply(deal)
    seats = [Seat(kind="person", name=f"P{i}") for i in range(players)]
    when = datetime(2026, 1, 1).isoformat()
    room = Room("same", kit, rules, "", when, seats, state, started=True)
    return room


def _reshuffled(deal: Deal, seats: list[int], rng: random.Random) -> Deal:
    """The deal with the values of `seats`' tiles drawn again among the tiles no other
    seat holds, each tile keeping its colour and its place in the hand."""
    others = {t for s, hand in enumerate(deal.hands) if s not in seats for t in hand}
    hands = [list(hand) for hand in deal.hands]
    for colour in range(5):
        free = [t for t in range(50) if color_of(t) == colour and t not in others]
        free = [t for t in free if deal.removed is None or color_of(t) != deal.removed]
        rng.shuffle(free)
        for s in seats:
            for place, tile in enumerate(hands[s]):
                if color_of(tile) == colour:
                    hands[s][place] = free.pop()
    return Deal(tuple(map(tuple, hands)), deal.removed)


def _shown(room: Room, screen: int | None) -> str:
    return json.dumps(view(room, screen))


def _two_rooms_to_the_seats_own_tile(seed: int, players: int, seat: int) -> tuple[Room, Room]:
    """Two rooms dealt alike but for the values of `seat`'s own tiles, played alike up to
    the seat's first tile of its own (then its value is public), or to the end: the
    seat's screen is checked the same in both after every move."""
    rng = random.Random(seed)
    kit = games.KITS["tiles"]
    deal = random_deal(kit.game.new_state(kit.game.rules({"players": players})), rng)
    other = _reshuffled(deal, [seat], rng)
    one, two = _dealt_room(deal, players), _dealt_room(other, players)
    assert one.state.hands[seat] != two.state.hands[seat] or deal == other
    while True:
        assert _shown(one, seat) == _shown(two, seat)
        if one.finished or one.mover() == seat and not one.state.choosing:
            return one, two
        mover = one.mover()
        offered = view(one, mover)["legal"]
        move = rng.choice(offered)
        for room in (one, two):
            [played] = [m for named, m in room.legal_events(mover) if named == move]
            room.advance(played)


@given(st.integers(0, 2**32), st.integers(3, 6), st.data())
@settings(max_examples=examples(0.5))
def test_a_seat_sees_the_same_whatever_its_own_values(seed, players, data):
    _two_rooms_to_the_seats_own_tile(seed, players, data.draw(st.integers(0, players - 1)))


@given(st.integers(0, 2**32), st.integers(3, 6), st.data())
@settings(max_examples=examples(0.1))
def test_a_seats_hint_is_the_same_whatever_its_own_values(seed, players, data):
    seat = data.draw(st.integers(0, players - 1))
    one, two = _two_rooms_to_the_seats_own_tile(seed, players, seat)
    if not one.finished:
        hinted = hint_for(one, seat, seed)()
        assert hinted == hint_for(two, seat, seed)()
        assert hinted["moves"] and all(move in view(one, seat)["legal"] for move in hinted["moves"])
        # whole colours: to the seat, the tiles of one colour look alike
        slots = hidden_order(one.state.hands[seat])
        hinted_slots = {move["slot"] for move in hinted["moves"] if "slot" in move}
        colours = {color_of(slots[slot]) for slot in hinted_slots}
        offered = [move["slot"] for move in view(one, seat)["legal"] if "slot" in move]
        assert hinted_slots == {slot for slot in offered if color_of(slots[slot]) in colours}
        # and said once a colour ("Hint: Play a red tile"), not once a tile
        said = hinted["text"].removeprefix("Hint: ")
        if "any of" not in said:
            words = said.replace(" or ", ", ").split(", ")
            assert len(words) == len(set(words))
            assert len(words) == len(colours) or not hinted_slots


@pytest.mark.parametrize("game", ["load", "loops"])
def test_in_an_open_game_the_seat_to_move_is_hinted_the_best_of_its_moves(rooms, game):
    room, host, _ = seated_room(rooms, game, {}, ["open", "open"])
    rooms.start(room, host)
    seat = room.mover()
    hinted = hint_for(room, seat, 1)()
    offered = view(room, seat)["legal"]
    assert hinted["turn"] == room.state.turns and hinted["text"].startswith("Hint: ")
    assert hinted["moves"] and all(move in offered for move in hinted["moves"])


@given(st.integers(0, 2**32), st.integers(3, 6))
@settings(max_examples=examples(0.5))
def test_a_watcher_sees_the_colours_of_every_hand_and_no_number(seed, players):
    rng = random.Random(seed)
    kit = games.KITS["tiles"]
    deal = random_deal(kit.game.new_state(kit.game.rules({"players": players})), rng)
    other = _reshuffled(deal, list(range(players)), rng)
    assert _shown(_dealt_room(deal, players), None) == _shown(_dealt_room(other, players), None)
    shapes = json.loads(_shown(_dealt_room(deal, players), None))["scene"]["shapes"]
    faces = [s[4] for s in shapes if s[0] == "text" and s[1].startswith("hidden-")]
    assert len(faces) == sum(map(len, deal.hands)) and all(f.endswith("?") for f in faces)


def test_a_seat_names_its_own_tile_by_slot_and_a_number_is_refused(rooms):
    room, host, _ = seated_room(rooms, "tiles", {"players": 4}, ["open"] * 4)
    rooms.start(room, host)
    seat = room.mover()
    offered = view(room, seat)["legal"]
    assert offered and all(set(move) == {"player", "slot"} for move in offered)
    held = room.state.hands[seat][0]
    from games.tiles.engine import tile_name

    with pytest.raises(RoomError, match="not one you may make"):
        rooms.move(room, seat, room.state.turns, {"player": seat, "tile": tile_name(held)})
    assert room.state.turns == 1  # the deal alone


def test_a_move_is_applied_once_and_every_wrong_one_refused_with_a_reason(rooms):
    room, host, _ = seated_room(rooms, "loops", {}, ["open", "open"])
    with pytest.raises(RoomError, match="not started"):
        rooms.move(room, 0, 0, {"player": 0, "place": "left"})
    rooms.start(room, host)
    turn = room.state.turns
    with pytest.raises(RoomError, match="not your turn"):
        rooms.move(room, 1, turn, {"player": 1, "place": "left"})
    with pytest.raises(RoomError, match="not one you may make"):
        rooms.move(room, 0, turn, {"player": 1, "place": "left"})  # for another seat
    with pytest.raises(RoomError, match="answers turn"):
        rooms.move(room, 0, turn + 5, {"player": 0, "place": "left"})
    with pytest.raises(RoomError, match="answers turn"):
        rooms.move(room, 0, True, {"player": 0, "place": "left"})
    rooms.move(room, 0, turn, {"player": 0, "place": "left"})
    with pytest.raises(RoomError):  # the same move again: refused, never applied twice
        rooms.move(room, 0, turn, {"player": 0, "place": "left"})
    assert room.state.turns == turn + 1 and len(room.moves) == 1


def test_seats_are_claimed_once_and_the_host_alone_starts_a_full_room(rooms):
    room, host = rooms.create("loops", {}, ["open", "open"])
    token = rooms.claim(room, 0, "Ann\x1b[31m")
    assert room.seat(0).name == "Ann[31m"  # printable characters only
    with pytest.raises(RoomError, match="taken"):
        rooms.claim(room, 0, "Bo")
    with pytest.raises(RoomError, match="host"):
        rooms.start(room, token)
    with pytest.raises(RoomError, match="still open"):
        rooms.start(room, host)
    rooms.claim(room, 1, "")
    assert room.seat(1).name == "Seat 1"
    with pytest.raises(RoomError, match="no seat 2"):
        rooms.claim(room, 2, "Cy")
    rooms.start(room, host)
    assert room.screen_of(token) == 0
    with pytest.raises(RoomError, match="holds no seat"):
        room.screen_of("x" * 22)


@pytest.mark.parametrize(
    ("game", "rules", "seats", "reason"),
    [
        ("chess", {}, [], "no game"),
        ("loops", {"capacity": 99}, ["open", "open"], "capacity"),
        ("loops", [], ["open", "open"], "rules must be an object"),
        ("loops", {}, ["open"], "must list 2 seats"),
        ("loops", {}, ["open", "grandmaster"], 'must be "open" or one of easy'),
        ("load", {}, ["balanced-green", "open"], "seat 1 must be"),
    ],
)
def test_a_room_is_refused_with_the_reason(rooms, game, rules, seats, reason):
    with pytest.raises(RoomError, match=reason):
        rooms.create(game, rules, seats)


def test_an_automatic_player_stands_in_for_a_person_who_left_until_they_take_it_back(rooms):
    room, host, tokens = seated_room(rooms, "loops", {}, ["open", "open"])
    rooms.start(room, host)
    with pytest.raises(RoomError, match="host"):
        rooms.stand_in(room, tokens[1], 0, "easy")
    rooms.stand_in(room, host, 0, "easy")
    assert room.automatic_mover() == (0, "easy") and view(room, 0)["legal"] == []
    rooms.take_back(room, 0)
    assert room.automatic_mover() is None and view(room, 0)["legal"]
    assert room.seat(0).covered  # the recording will name the seat "mixed"


def test_a_restarted_server_has_every_unfinished_room_as_it_was(tmp_path):
    rooms = new_rooms(tmp_path)
    room, host, tokens = seated_room(rooms, "tiles", {"players": 3}, ["open", "open", "hard"])
    rooms.start(room, host)
    rng = random.Random(5)
    for _ in range(7):
        seat = room.mover()
        if room.automatic_mover():
            rooms.play(room, room.game.players["hard"](room.state.copy(), rng))
        else:
            rooms.move(room, seat, room.state.turns, rng.choice(view(room, seat)["legal"]))
    again = new_rooms(tmp_path).get(room.id)
    assert again.state.snapshot() == room.state.snapshot()
    assert (again.seq, again.words, again.started) == (room.seq, room.words, True)
    assert again.screen_of(tokens[0]) == 0 and again.is_host(host)
    for screen in (0, 1, 2, None):
        assert view(again, screen) == view(room, screen)


def test_changes_are_numbered_without_a_gap_and_a_deal_reaches_no_screen(rooms):
    room, host, _ = seated_room(rooms, "tiles", {"players": 4}, ["open"] * 4)
    rooms.start(room, host)
    play_out(rooms, room, random.Random(1))
    for screen in (0, 3, None):
        told = changes_since(room, 0, screen)
        assert [c["seq"] for c in told] == list(range(1, room.seq + 1))
        assert not any("deal" in c.get("event", {}) for c in told)
        plays = [c for c in told if "tile" in c.get("event", {})]
        assert len(plays) == 3 * 4 * 12
    assert [c["seq"] for c in changes_since(room, room.seq - 2, 0)] == [room.seq - 1, room.seq]


@pytest.mark.parametrize("game", ["load", "loops"])
def test_in_an_open_game_every_screen_sees_the_same_board(rooms, game):
    seats = ["open", "open"]
    room, host, _ = seated_room(rooms, game, {}, seats)
    rooms.start(room, host)
    first = room.game.first_seat
    screens = [first, first + 1, None]
    for _ in range(6):
        views = [view(room, s) for s in screens]
        assert all(v["scene"] == views[0]["scene"] for v in views)
        mover = room.mover()
        assert [bool(v["legal"]) for v in views] == [s == mover for s in screens]
        rooms.move(room, mover, room.state.turns, views[screens.index(mover)]["legal"][0])


def test_a_played_tile_is_seen_by_all_once_it_is_played(rooms):
    room, host, _ = seated_room(rooms, "tiles", {"players": 4}, ["open"] * 4)
    rooms.start(room, host)
    seat = room.mover()
    rooms.move(room, seat, room.state.turns, view(room, seat)["legal"][0])
    played = room.moves[-1]
    assert isinstance(played, Play)
    assert not leaks(_shown(room, seat), room.state.hands[seat])
    assert leaks(_shown(room, seat), [played.tile])  # now on the felt, for everyone


def _targets_as_played(rooms, game: str, rules: dict, moves: int) -> list[tuple[dict, list]]:
    """The first `moves` views of the seat to move: each with the shapes' keys."""
    room, host, _ = seated_room(
        rooms,
        game,
        rules,
        ["open"] * games.KITS[game].game.seats(games.KITS[game].game.rules(rules)),
    )
    rooms.start(room, host)
    rng, seen = random.Random(5), []
    while len(seen) < moves and not room.finished:
        automatic = room.automatic_mover()
        if automatic is not None:  # the deal
            rooms.play(room, room.game.players[automatic[1]](room.state.copy(), rng))
            continue
        offered = view(room, room.mover())
        seen.append((offered, [shape[1] for shape in offered["scene"]["shapes"]]))
        rooms.move(room, room.mover(), offered["turn"], rng.choice(offered["legal"]))
    return seen


@pytest.mark.parametrize(
    ("game", "rules"), [("load", {}), ("loops", {}), ("tiles", {"players": 3})]
)
def test_each_move_offered_names_shapes_of_its_own_a_click_plays_it_on(rooms, game, rules):
    for offered, keys in _targets_as_played(rooms, game, rules, 12):
        targets = [tuple(t) for t in offered["targets"]]
        assert len(targets) == len(offered["legal"])
        named = [key for keys_of_move in targets for key in keys_of_move]
        assert set(named) <= set(keys) and len(named) == len(set(named))  # none shared
        for move, keys_of_move in zip(offered["legal"], targets, strict=True):
            # on the board: a cell, a loop's slot, a tile; by a button: a pass, the
            # Load, a colour
            assert bool(keys_of_move) == bool({"cell", "place", "flip", "slot"} & set(move))


def test_a_load_pick_is_played_on_its_cell_and_odds_and_evens_on_its_slot(rooms):
    """Hand-worked: Load's red picks cell 5 on either half of cell 5; Odds and Evens'
    first move on the left loop is its slot 0, and after two pieces there (turn 2, blue
    to move) a flip of left is on the newest piece, slot 1, and a place on slot 2."""
    red = next(
        offered
        for offered, _ in _targets_as_played(rooms, "load", {}, 3)
        if {"player": 1, "cell": 5} in offered["legal"]
    )
    assert red["targets"][red["legal"].index({"player": 1, "cell": 5})] == ["red-5", "green-5"]
    # green picks a pair (cells 2k and 2k+1): a click on either cell plays it
    green = next(o for o, _ in _targets_as_played(rooms, "load", {}, 3) if o["to_move"] == 2)
    pick = next(move for move in green["legal"] if "cell" in move)
    low = pick["cell"] & ~1
    assert green["targets"][green["legal"].index(pick)] == [
        f"red-{low}",
        f"green-{low}",
        f"red-{low + 1}",
        f"green-{low + 1}",
    ]
    room, host, _ = seated_room(rooms, "loops", {}, ["open", "open"])
    rooms.start(room, host)
    first = view(room, 0)
    assert first["targets"][first["legal"].index({"player": 0, "place": "left"})] == ["slot-left-0"]
    rooms.move(room, 0, first["turn"], {"player": 0, "place": "left"})  # forced 2: slots 0, 1
    reply = view(room, 1)
    assert reply["targets"][reply["legal"].index({"player": 1, "flip": "left"})] == ["slot-left-1"]
    assert reply["targets"][reply["legal"].index({"player": 1, "place": "left"})] == ["slot-left-2"]

"""`watch`, `play` and `replay`: a game's window, found through the window registry."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from viz import MIN_WINDOW_SIZE
from viz.cli.common import (
    CommandError,
    add_palette_option,
    add_rule_options,
    file_path,
    int_in,
    rules_from_args,
    say,
    seed,
)
from viz.cli.game_options import game_names, options_of_game
from viz.errors import FileError
from viz.export.formats import ANIMATIONS
from viz.system import stop_handled

if TYPE_CHECKING:
    from pathlib import Path

    from viz.window.settings import Settings

DISPLAY_VARIABLES = (("wayland", "WAYLAND_DISPLAY"), ("x11", "DISPLAY"))
MAX_WINDOW_SIDE = 16384  # SDL's largest texture; the screen's size is checked later


def session_dir() -> Path:
    """Where windows keep the live recording of each session."""
    from platformdirs import user_state_path

    return user_state_path("oddsevens") / "sessions"


def _caught_up() -> Callable[[Path], str | None]:
    """The library's hook for a window's sessions, once the sessions an earlier window
    left unadded are in (each that cannot be, a line; play goes on regardless)."""
    from viz.library import LibraryError, catch_up, keep_session, open_library

    try:
        with open_library() as library:
            lines = [*library.notices, *catch_up(session_dir(), library).errors]
    except LibraryError as error:
        lines = [error]
    say(*(f"{line} (your games)" for line in lines))
    return keep_session


def open_window(make: Callable[[], Any], size: tuple[int, int] | None = None) -> int:
    """Build a window and run it. No display is a one-line error at once, not SDL's
    invisible fallback; a window larger than the screen is one too; Ctrl-C ends the
    window as its close button does."""
    chosen = os.environ.get("SDL_VIDEODRIVER")  # an explicit driver (tests use dummy) wins
    screen = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not chosen and not screen and sys.platform.startswith("linux"):
        raise CommandError("no display (DISPLAY is not set): try 'oddsevens demo'")
    if not chosen and sys.platform.startswith("linux"):
        # Only the drivers whose display is named: SDL's others print lines of their own
        # (Wayland's "XDG_RUNTIME_DIR is invalid") before failing.
        named = [driver for driver, variable in DISPLAY_VARIABLES if os.environ.get(variable)]
        os.environ["SDL_VIDEODRIVER"] = ",".join(named)
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "oddsevens")  # the X window's class
    # Show the window's surface as it is (XShm on X11); by default SDL copies it through
    # an OpenGL texture: 2.7x the CPU per frame under Xvfb (bench/bench_window_idle.py).
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    import pygame

    if size is not None:
        _check_fits(size)
    try:
        window = make()
    except pygame.error as error:
        raise CommandError(f"cannot open a window ({error}); try 'oddsevens demo'") from None
    if not chosen and pygame.display.get_driver() in ("offscreen", "dummy"):
        window.close()
        raise CommandError("no display: SDL found no screen to open a window on")
    try:
        window.run()
    except KeyboardInterrupt:
        window.close()
        stop_handled()
    return 0


def _check_fits(size: tuple[int, int]) -> None:
    """`--window` may be at most the size of the largest screen SDL reports."""
    import pygame

    try:
        pygame.display.init()
        screens = pygame.display.get_desktop_sizes()
    except pygame.error as error:
        raise CommandError(f"cannot open a window ({error}); try 'oddsevens demo'") from None
    if not screens:
        return
    width = max(w for w, _ in screens)
    height = max(h for _, h in screens)
    if size[0] > width or size[1] > height:
        raise CommandError(
            f"--window {size[0]}x{size[1]} is larger than the screen ({width}x{height})"
        )


def cmd_play(args: argparse.Namespace) -> int:
    if args.join is not None or args.host is not None:
        return _join(args)
    return _open_game(args)


def cmd_watch(args: argparse.Namespace) -> int:
    """The game playing itself: a game with tiers of automatic players has one in every
    seat (`--vs`, the default tier otherwise); Load, with none, opens its own window,
    whose Auto1, Loop and Step play it."""
    from games import REGISTRY
    from viz.window import WINDOWS
    from viz.window.modes import WatchMode

    players = REGISTRY[args.game].players
    tiers = [tier for tier in WINDOWS[args.game].opponents if tier in players]
    return _open_game(args, partial(WatchMode, tiers=tiers) if tiers else None)


def _open_game(args: argparse.Namespace, mode: Callable[[Any], Any] | None = None) -> int:
    """The game's window, in play or in `mode` (watching)."""
    from games import REGISTRY
    from viz.window import WINDOWS
    from viz.window.settings import Settings, default_path

    settings = Settings.load(default_path())
    rules = rules_from_args(args.game, args, settings.rules.get(args.game))
    settings.set_rules(args.game, REGISTRY[args.game].rules_dict(rules))  # as a slider's move
    kit = WINDOWS[args.game]
    vs = getattr(args, "vs", None)
    options = {"seed": args.seed, "session_dir": session_dir(), "vs": vs, "mode": mode}
    options |= window_options(args, settings)
    # The window's class loads only once a display is known to be there: it takes a while.
    # So do the sessions an earlier window left: nothing is written before.
    return open_window(
        lambda: kit.open(REGISTRY[args.game], rules, keep=_caught_up(), **options), args.window
    )


def _join(args: argparse.Namespace) -> int:
    """A seat of a room on a game server, in a window that holds its views alone."""
    from games import REGISTRY
    from viz.library.sessions import keep_session
    from viz.window.remote import Invitation, JoinError, open_room
    from viz.window.seat import RemoteWindow

    if args.join is not None and args.host is not None:
        raise CommandError("--join takes a seat of a room, --host opens one: not both")
    options = window_options(args)
    size, settings = options["size"], options["settings"]
    try:
        if args.host is not None:
            game = REGISTRY[args.game]
            rules = rules_from_args(args.game, args, settings.rules.get(args.game))
            invitation, host = open_room(
                args.host, args.game, game.rules_dict(rules), game.seats(rules)
            )
            say(f"room open: invite your friends to {invitation.base}/r/{invitation.room}")
        else:
            invitation, host = Invitation.from_url(args.join), ""
        return open_window(
            lambda: RemoteWindow(
                invitation,
                args.name,
                size,
                settings,
                session_dir(),
                args.out,
                keep_session,
                host,
                options["formats"],
            ),
            size,
        )
    except JoinError as error:
        raise CommandError(str(error)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    from viz.window.sessions import newest_session

    if args.last == (args.recording is not None):
        raise CommandError("replay takes a recording or --last, not both or neither")
    path = args.recording
    if args.last:
        path = newest_session(session_dir())
        if path is None:
            raise CommandError(f"{session_dir()}: no window session recorded yet")
    return replay_window(path, args)


def replay_window(path: Path, args: argparse.Namespace) -> int:
    """Open the recording at `path` in its game's replay window, at `args.turn`."""
    from viz.files import load_replay
    from viz.window import WINDOWS

    replay = load_replay(path)
    kit = WINDOWS.get(replay.game.id)
    if kit is None:
        raise CommandError(f"{path}: {replay.game.name} has no window")
    turns = replay.history().turns
    if args.turn is not None and args.turn > turns:
        raise FileError(path, f"--turn {args.turn}: the game has {turns} turns")
    options: dict[str, Any] = {"seed": replay.seed, "script": replay.moves, "times": replay.times}
    options |= {"judgements": replay.judgements, **window_options(args)}

    def make() -> Any:
        from viz.window.jobs import kept_header
        from viz.window.modes import ReplayMode

        window = kit.open(replay.game, replay.rules, **options)
        assert isinstance(window.mode, ReplayMode)  # a window handed a script replays it
        window.mode.header = kept_header(replay.header)
        window.mode.seek(args.turn or 0)  # the moment a link or a note names
        return window

    return open_window(make, args.window)


def _add_play_options(game_id: str, parser: argparse.ArgumentParser) -> None:
    """A game's window options: its rules, the seed, the computer's tier, the window."""
    add_rule_options(parser, game_id, remembered=True)
    parser.add_argument("--seed", type=seed, help="seed of automatic play (random when omitted)")
    game = options_of_game(game_id)
    if game.opponents:
        parser.add_argument(
            "--vs",
            choices=game.opponents,
            help=f"the computer's tier (default {game.default_opponent})",
        )
    parser.add_argument(
        "--join",
        metavar="URL",
        help="play a seat of a room on a game server instead: the room's link "
        "(http://HOST:PORT/r/ROOM, with ?seat=N for a seat of your choosing)",
    )
    parser.add_argument(
        "--host",
        metavar="URL",
        help="open a room of these rules on the game server at URL (http://HOST:PORT) and "
        "sit at its first seat; S starts it once every seat is taken",
    )
    parser.add_argument(
        "--name", default="", help="your name at a server's table (with --join or --host)"
    )
    add_window_options(parser)
    parser.set_defaults(run=cmd_play, game=game_id)


def _window_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    if not (width.isascii() and width.isdigit() and height.isascii() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, such as 980x720")
    if len(width) > 5 or len(height) > 5 or max(int(width), int(height)) > MAX_WINDOW_SIDE:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a window is at most {MAX_WINDOW_SIDE} pixels a side"
        )
    return int(width), int(height)


def _raised_to_the_floor(size: tuple[int, int]) -> tuple[int, int]:
    """The size asked for, raised to the smallest window the layout is made for, saying so."""
    raised = (max(size[0], MIN_WINDOW_SIZE[0]), max(size[1], MIN_WINDOW_SIZE[1]))
    if raised != size:
        asked, floor = "x".join(map(str, size)), "x".join(map(str, MIN_WINDOW_SIZE))
        say(f"--window {asked} is under the {floor} floor: opening {raised[0]}x{raised[1]}")
    return raised


def _formats(text: str) -> tuple[str, ...]:
    kinds = tuple(dict.fromkeys(kind.strip() for kind in text.split(",") if kind.strip()))
    unknown = [kind for kind in kinds if kind not in ANIMATIONS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(
            f"{text!r}: choose from {', '.join(ANIMATIONS)}, separated by commas"
        )
    return kinds


def add_window_options(parser: argparse.ArgumentParser, downloads: bool = True) -> None:
    """A window's size and colours; with `downloads`, where G saves and in what formats
    (practice's window saves nothing)."""
    if downloads:
        parser.add_argument(
            "--out",
            type=file_path,
            default="recordings",
            help="folder for GIF downloads (default ./recordings)",
        )
    parser.add_argument(
        "--window",
        type=_window_size,
        default=(980, 720),
        metavar="WxH",
        help="window size in pixels (default 980x720, at least 640x480)",
    )
    if downloads:
        parser.add_argument(
            "--formats",
            type=_formats,
            default=("gif", "svg"),
            metavar="LIST",
            help=f"what G saves beside the recording, from {','.join(ANIMATIONS)} "
            "(default gif,svg)",
        )
    add_palette_option(parser, None)


def window_options(args: argparse.Namespace, settings: Settings | None = None) -> dict[str, Any]:
    """The window's size, settings (`settings`, or those of the user's file) and downloads."""
    from viz.window.settings import Settings, default_path

    settings = settings if settings is not None else Settings.load(default_path())
    if args.palette is not None:  # for this window only; the panel's choice is kept
        settings.palette = args.palette
    options: dict[str, Any] = {"size": _raised_to_the_floor(args.window), "settings": settings}
    if "out" in vars(args):
        options |= {"out_dir": args.out, "formats": args.formats}
    return options


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "watch",
        help="open a game's window playing itself (Load by default, as play load)",
        build=_watch_options,
    )
    commands.add_parser("play", help="open a game's window to play", build=_play_options)
    commands.add_parser(
        "replay", help="open a recording paused at turn 0 (or --turn K)", build=_replay_options
    )


def _watch_options(watch: argparse.ArgumentParser) -> None:
    """`watch` alone is Load's window, with Load's options; `watch GAME` any game's."""
    games = watch.add_subparsers(dest="game", metavar="GAME")
    for game_id, name in game_names().items():
        games.add_parser(game_id, help=f"watch {name}", build=partial(_add_watch_options, game_id))
    _add_play_options("load", watch)


def _add_watch_options(game_id: str, parser: argparse.ArgumentParser) -> None:
    """What `watch GAME` takes: the game's rules, the seed, the tier of every seat."""
    add_rule_options(parser, game_id, remembered=True)
    parser.add_argument("--seed", type=seed, help="seed of automatic play (random when omitted)")
    game = options_of_game(game_id)
    tiers = [tier for tier in game.opponents if tier != "human"]
    if tiers:
        parser.add_argument(
            "--vs",
            choices=tiers,
            help=f"the computer's tier in every seat (default {game.default_opponent})",
        )
    add_window_options(parser)
    parser.set_defaults(run=cmd_watch, game=game_id)


def _play_options(play_parser: argparse.ArgumentParser) -> None:
    windows = play_parser.add_subparsers(dest="game", required=True)
    for game_id, name in game_names().items():  # every game has a window
        windows.add_parser(game_id, help=f"play {name}", build=partial(_add_play_options, game_id))


def _replay_options(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("recording", type=file_path, nargs="?", help="the recording to open")
    replay.add_argument(
        "--turn", type=int_in(0, 10**6), metavar="K", help="open at turn K (default 0)"
    )
    replay.add_argument(
        "--last", action="store_true", help="open the newest window session instead"
    )
    add_window_options(replay)
    replay.set_defaults(run=cmd_replay)

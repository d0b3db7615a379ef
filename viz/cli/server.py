"""`serve`: the game server, where people play each other, each at a screen of their own."""

from __future__ import annotations

import argparse
from typing import Any

from viz.cli.common import CommandError, file_path, int_in

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8000


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "serve",
        help="the game server: open rooms and play each other, each on their own screen",
        description="Serve the start page, the rooms and their tables on HTTP and WebSockets, "
        "keeping every room in the data folder so that a restart loses no move.",
        build=_serve_options,
    )


def _serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--host",
        default=LOOPBACK,
        help=f"the address to listen on ({LOOPBACK}: this machine only; 0.0.0.0: the local "
        "network, with the invite address and its QR code printed)",
    )
    serve.add_argument(
        "--port",
        type=int_in(0, 65535),
        default=DEFAULT_PORT,
        help=f"the TCP port to listen on (default {DEFAULT_PORT})",
    )
    serve.add_argument(
        "--data",
        type=file_path,
        metavar="DIR",
        help="where the rooms are kept (default: the server folder in the user data folder)",
    )
    serve.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="another origin whose pages may connect (a page of this server always may)",
    )
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from viz.library.opening import data_folder
    from viz.server.app import create_app
    from viz.server.protocol import MAX_MESSAGE

    folder = args.data if args.data is not None else data_folder() / "server"
    try:
        app = create_app(folder, origins=tuple(args.origin))
    except OSError as error:
        raise CommandError(f"{folder}: {error.strerror or error}") from None
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE,  # uvicorn's default is 16 MiB
        ws_ping_interval=20,  # a peer that does not answer in 20 s more is dropped
        ws_ping_timeout=20,
        # A view is a few kilobytes on a local network: compressing every one would
        # cost more of the server's time than the bytes it saves (docs/scaling.md).
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    _announce(args.host, args.port)
    _collect_seldom()
    server.run()
    return 0


# A young generation this large: the server's objects are almost all freed as soon as
# they are sent, and a collection of the old ones (a fifth of a second with 1,000
# connections) came every two seconds at Python's default of 700 (docs/scaling.md).
YOUNG_OBJECTS = 100_000


def _collect_seldom() -> None:
    """The server's garbage collection: what start-up made is kept out of every
    collection, and the young generation is large."""
    import gc

    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def _announce(host: str, port: int) -> None:
    """Where to point a browser; on a local network, the invite address as a QR code."""
    here = f"http://{LOOPBACK if host in ('0.0.0.0', '::') else host}:{port}/"
    print(f"oddsevens: serving on {here} (Ctrl-C stops it; every room is kept)", flush=True)
    if host in ("0.0.0.0", "::"):
        address = f"http://{_local_address()}:{port}/"
        print(f"oddsevens: on this network: {address}", flush=True)
        import segno

        segno.make(address, error="m").terminal(compact=True)


def _local_address() -> str:
    """This machine's address on its network, as its name resolves (no packet sent)."""
    import socket

    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return LOOPBACK
    addresses = [info[4][0] for info in found if not str(info[4][0]).startswith("127.")]
    return str(addresses[0]) if addresses else LOOPBACK

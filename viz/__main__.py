"""`python -m viz` and the `oddsevens` command: the stop signals end the program at
once until the command's own handlers take over, so that a Ctrl-C while it is still
importing ends it as quietly as a killed program, with nothing started to clean up."""

from __future__ import annotations

import os
import signal
import sys


def run() -> None:
    # Before anything else is imported: a stop while the rest loads ends the program.
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the command line
    from viz.cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()

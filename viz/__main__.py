"""`python -m viz` and the `oddsevens` command: the stop signals end the program at
once until the command's own handlers take over, so that a Ctrl-C while it is still
importing ends it as quietly as a killed program, with nothing started to clean up.
`--help`, `--version` and each command's `--help` are answered from texts argparse
printed beforehand (`viz.help_answers`), before argparse or any command loads."""

from __future__ import annotations

import signal
import sys

# Before anything else is imported: a stop while the rest loads ends the program at once.
for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
    if hasattr(signal, _name):
        signal.signal(getattr(signal, _name), signal.SIG_DFL)


def run() -> None:
    from viz.help_answers import answer

    help_text = answer(sys.argv[1:])
    if help_text is not None:  # what argparse would print, without loading it
        from viz.terminal import written

        sys.exit(written(lambda: _printed(help_text)))
    from viz.system import HELD_SIGNALS

    for signum in HELD_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    from viz.cli import main

    sys.exit(main())


def _printed(text: str) -> int:
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    run()

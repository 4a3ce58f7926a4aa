"""The one entry of every way to start the command line, safe against an early Ctrl-C.

The command line imports scikit-learn, pandas and the experiments, which takes seconds; a
Ctrl-C meanwhile must end like one during a run (one line, exit code 130), not with a
KeyboardInterrupt traceback and death by the signal.
"""

import os
import signal
import sys

from clusterlab.exits import INTERRUPTED, INTERRUPTED_MESSAGE


def _interrupted_while_loading(signum, frame) -> None:
    # Exit from the handler: a KeyboardInterrupt raised inside a compiled module's
    # initialisation comes out as that module's ImportError (numpy's does), with a traceback.
    # Nothing is written before the command line has loaded, so there is nothing to clean up.
    print(INTERRUPTED_MESSAGE, file=sys.stderr, flush=True)
    os._exit(INTERRUPTED)


def launch() -> None:
    """Import the command line and run it on ``sys.argv``; exit with its code."""
    # Only where Ctrl-C would interrupt: a process started with SIGINT ignored keeps ignoring it.
    loading = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if loading:
        signal.signal(signal.SIGINT, _interrupted_while_loading)
    from clusterlab.cli import main

    if loading:  # from here a Ctrl-C is a KeyboardInterrupt, which main turns into exit 130
        signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(main())

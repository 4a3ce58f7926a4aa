"""The one entry of every way to start the command line, safe against an early Ctrl-C.

The command line imports scikit-learn, pandas and the experiments, which takes seconds; a
Ctrl-C meanwhile must end like one during a run (one line, exit code 130), not with a
KeyboardInterrupt traceback and death by the signal.
"""

import sys

INTERRUPTED = 130  # the shell convention: 128 + SIGINT
INTERRUPTED_MESSAGE = "interrupted (Ctrl-C): no partial outputs were left"


def launch() -> None:
    """Import the command line and run it on ``sys.argv``; exit with its code."""
    try:
        from clusterlab.cli import main
    except KeyboardInterrupt:
        print(INTERRUPTED_MESSAGE, file=sys.stderr)
        sys.exit(INTERRUPTED)
    sys.exit(main())

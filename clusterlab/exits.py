"""How the command line ends when its user stops it early: the exit codes and messages shared
by the launcher (:mod:`clusterlab.launch`, while the libraries load) and the commands
(:mod:`clusterlab.cli`). Kept apart so that neither imports the other for them."""

import os
import sys

INTERRUPTED = 130  # the shell convention: 128 + SIGINT
INTERRUPTED_MESSAGE = "interrupted (Ctrl-C): no partial outputs were left"
BROKEN_PIPE = 141  # the shell convention: 128 + SIGPIPE, as `yes | head` ends


def stdout_closed() -> int:
    """End quietly after the reader of stdout went away (``clusterlab list | head``).

    Python flushes stdout once more at exit, which would raise again and print "Exception
    ignored ... BrokenPipeError": the rest of the output goes to the null device instead (the
    way Python's documentation of SIGPIPE advises).

    Returns
    -------
    int
        :data:`BROKEN_PIPE`, the exit code.

    Examples
    --------
    >>> BROKEN_PIPE
    141
    """
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return BROKEN_PIPE

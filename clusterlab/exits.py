"""How the command line ends when its user stops it early: the exit codes and messages shared
by the launcher (:mod:`clusterlab.launch`, while the libraries load) and the commands
(:mod:`clusterlab.cli`). Kept apart so that neither imports the other for them."""

INTERRUPTED = 130  # the shell convention: 128 + SIGINT
INTERRUPTED_MESSAGE = "interrupted (Ctrl-C): no partial outputs were left"

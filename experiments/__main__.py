"""``python -m experiments``: see :mod:`experiments.cli`."""

import sys

if __name__ == "__main__":
    try:
        from experiments.cli import main
    except KeyboardInterrupt:  # Ctrl-C while the packages load
        print("interrupted (Ctrl-C): no partial outputs were left", file=sys.stderr)
        sys.exit(130)
    sys.exit(main())

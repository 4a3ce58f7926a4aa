"""ClusterLab's command line: ``clusterlab app | list | run | notebook | rerun``.

The console script ``clusterlab`` (pyproject.toml), ``python -m clusterlab`` and ``python -m
experiments`` all call :func:`clusterlab.cli.main`. Importing this package is cheap: the
experiments load when a command needs them.
"""

"""ClusterLab's command line: ``clusterlab app | list | run | notebook | rerun``.

The console script ``clusterlab`` (pyproject.toml), ``python -m clusterlab`` and ``python -m
experiments`` all start in :func:`clusterlab.launch.launch` (one line and exit code 130 on a
Ctrl-C while the libraries load), which calls :func:`clusterlab.cli.main`. Importing this
package is cheap: the experiments load when a command needs them.
"""

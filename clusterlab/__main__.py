"""``python -m clusterlab``: see :mod:`clusterlab.cli`."""

from clusterlab.launch import launch

if __name__ == "__main__":
    launch()

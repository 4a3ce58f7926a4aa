"""``python -m experiments``: the ClusterLab command line (:mod:`clusterlab.cli`)."""

if __name__ == "__main__":
    from clusterlab.launch import launch

    launch()

"""Brute-force enumeration shared by the metrics tests."""


def set_partitions(n):
    """Every partition of n items, as restricted growth strings (canonical label tuples)."""

    def grow(prefix, largest):
        if len(prefix) == n:
            yield tuple(prefix)
            return
        for label in range(largest + 2):
            yield from grow([*prefix, label], max(largest, label))

    return list(grow([0], 0)) if n else [()]

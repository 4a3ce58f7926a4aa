"""The app's side of `clustering.budget`: refuse a run too large for a shared server, in words."""

from typing import Any

from clustering import ALGORITHMS
from clustering.budget import APP_BUDGET, Budget, estimate_cost, max_rows

# Algorithms suggested instead of a slow one: linear in the number of points.
FAST = ("kmeans", "birch")


def _size(cost_seconds: float, memory_bytes: float) -> str:
    return f"about {cost_seconds:,.0f} s and {memory_bytes / 1e9:.1f} GB"


def budget_message(name: str, shape: tuple[int, int], params: dict[str, Any],
                   budget: Budget | None = None) -> str | None:
    """Why ``name`` on data of ``shape`` is refused (None when it fits ``budget``, by
    default `APP_BUDGET`)."""
    budget = APP_BUDGET if budget is None else budget
    n, d = shape
    cost = estimate_cost(name, n, d, params)
    if cost.fits(budget):
        return None
    rows = max_rows(name, d, params, budget)
    faster = " or ".join(ALGORITHMS[f].label for f in FAST if f != name)
    return (
        f"{ALGORITHMS[name].label} on {n:,} points would need "
        f"{_size(cost.seconds, cost.memory_bytes)}; this server allows "
        f"{_size(budget.seconds, budget.memory_bytes)} per run. Use at most {rows:,} points "
        f"(a random sample of your data), or a faster algorithm such as {faster}."
    )


def rows_that_fit(name: str, shape: tuple[int, int], params: dict[str, Any]) -> int | None:
    """The largest sample ``name`` may cluster on this server, or None when all rows fit."""
    if estimate_cost(name, *shape, params).fits(APP_BUDGET):
        return None
    return max_rows(name, shape[1], params, APP_BUDGET)


def check_budget(name: str, shape: tuple[int, int], params: dict[str, Any]) -> None:
    """Raise ValueError with `budget_message` when the run does not fit `APP_BUDGET`."""
    message = budget_message(name, shape, params)
    if message:
        raise ValueError(message)


def out_of_memory_message(name: str, shape: tuple[int, int]) -> str:
    """The message for a run that ran out of memory anyway."""
    return (f"{ALGORITHMS[name].label} ran out of memory on {shape[0]:,} points with "
            f"{shape[1]} features: use a random sample of the data or a faster algorithm.")

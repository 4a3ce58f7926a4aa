"""Suite-wide settings: the slow layers and the hypothesis profiles.

``pytest -m "not slow"`` leaves out the app layer (AppTest runs of the pages, tests/app/) and
the browser layer (tests/browser/), which take most of the suite's time; CI runs everything.
Hypothesis draws fresh examples on a developer's machine and a fixed, derandomized set in CI
(the environment variable CI is set), so a CI failure reproduces.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres_cluster import POSTGRES_ENV, Cluster

SLOW_LAYERS = tuple(Path(__file__).resolve().parent / name for name in ("app", "browser"))

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_collection_modifyitems(items):
    for item in items:
        if any(layer in item.path.parents for layer in SLOW_LAYERS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def own_postgres():
    """A PostgreSQL cluster of the test's own, which it may stop and start
    (`tests.postgres_cluster.Cluster`); only where PostgreSQL tests run (``POSTGRES_ENV`` set,
    as .ci/run does)."""
    if not os.environ.get(POSTGRES_ENV):
        pytest.skip(f"PostgreSQL tests run when {POSTGRES_ENV} is set (.ci/postgres)")
    cluster = Cluster()
    yield cluster
    cluster.remove()

"""Class stores on every database the tests can reach: a SQLite file always, PostgreSQL when
``CLUSTERLAB_TEST_POSTGRES_URL`` names one (``.ci/run`` starts one in CI)."""

import os

import pytest
from sqlalchemy import delete

from classroom import ClassStore
from classroom.database import answers, classes, participants

POSTGRES_ENV = "CLUSTERLAB_TEST_POSTGRES_URL"


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh, empty class database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite3'}"
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"no PostgreSQL: set {POSTGRES_ENV} to a database URL (.ci/run does; "
                    "so does `bash .ci/postgres python -m pytest tests/classroom`)")
    store = ClassStore(url)
    with store.engine.begin() as db:
        for table in (answers, participants, classes):
            db.execute(delete(table))
    store.engine.dispose()
    return url


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def store(database_url, clock):
    made = ClassStore(database_url, clock=clock)
    yield made
    made.engine.dispose()

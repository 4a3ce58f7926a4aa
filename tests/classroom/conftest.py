"""Class stores on every database the tests can reach: a SQLite file always, PostgreSQL when
``CLUSTERLAB_TEST_POSTGRES_URL`` names one (``.ci/run`` starts one in CI)."""

import os

import pytest
from sqlalchemy import create_engine, delete, make_url, text

from classroom import ClassStore
from classroom.database import answers, classes, participants
from tests.postgres_cluster import POSTGRES_ENV


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="session")
def postgres_url(worker_id):
    """A PostgreSQL database of this test worker's own on the server ``POSTGRES_ENV`` names:
    each test empties it, which must not empty a test's of the other worker."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"no PostgreSQL: set {POSTGRES_ENV} to a database URL (.ci/run does; "
                    "so does `bash .ci/postgres python -m pytest tests/classroom`)")
    if worker_id == "master":  # not under pytest-xdist
        return url
    server = make_url(url)
    name = f"{server.database}_{worker_id}"
    admin = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        if db.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                      {"name": name}).first() is None:
            db.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh, empty class database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite3'}"
    url = request.getfixturevalue("postgres_url")
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

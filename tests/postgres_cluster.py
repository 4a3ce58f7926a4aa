"""A PostgreSQL cluster of a test's own (as .ci/postgres makes one), which the test stops and
starts to see what the app does while its database is away."""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

POSTGRES_ENV = "CLUSTERLAB_TEST_POSTGRES_URL"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A PostgreSQL cluster of this test's own (as .ci/postgres makes one), which the test
    stops and starts; needs root (the server runs as the postgres user)."""

    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                      key=lambda p: int(Path(p).parent.name))
        if not bins or os.geteuid() != 0:
            pytest.skip("needs root and Debian's postgresql (as .ci/postgres)")
        self.bin, self.port = bins[-1], free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="clusterlab-pg-fault-"))
        shutil.chown(self.folder, "postgres")
        self.run(f"initdb -D {self.folder}/data -A trust -U postgres")
        self.start()
        self.run(f"createdb -h 127.0.0.1 -p {self.port} -U postgres classes")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/classes"

    def run(self, command: str) -> None:
        subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", f"{self.bin}/{command}"],
                       cwd="/tmp", check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.run(f"pg_ctl -D {self.folder}/data -l {self.folder}/log -w -o '-p {self.port} "
                 f"-k {self.folder} -c listen_addresses=127.0.0.1' start")

    def stop(self) -> None:
        self.run(f"pg_ctl -D {self.folder}/data -m fast -w stop")

    def remove(self) -> None:
        """Stop the cluster at once and delete its folder."""
        subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c",
                        f"{self.bin}/pg_ctl -D {self.folder}/data -m immediate stop"],
                       cwd="/tmp", capture_output=True, timeout=120)
        shutil.rmtree(self.folder, ignore_errors=True)

"""``clusterlab serve``: a lecture hall on one address, several app servers behind nginx.

`Hall` starts N ``streamlit run app_server.py`` servers on free loopback ports, all on one class
database (``CLUSTERLAB_DATABASE_URL``), writes an nginx configuration for them from
``clusterlab/nginx.conf.template`` (`render_config`) and runs Debian's nginx on it in the
foreground, as a child: no root is needed for a port >= 1024, and every file nginx writes (pid,
logs, temporary files, the static-file cache) stays in the working folder. `serve` (the
command) restarts a server that stops and ends everything on Ctrl-C.

Students are kept on one server by a cookie nginx sets on their first request (see the
template); each server's own memory holds only its sessions, caches, uploads and media, and
the class itself lives in the database, so a student sent to another server carries on.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Collection, Sequence
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from classroom.database import URL_ENV, database_url
from clusterlab.paths import SERVER
from metrics.validation import check_integer

__all__ = ["Hall", "free_ports", "render_config", "serve", "shared_database_url"]

# Package data (pyproject), so that an installed copy serves a hall as the repository does.
TEMPLATE = Path(__file__).with_name("nginx.conf.template")
MAX_SERVERS = 16
MAX_PORT = 65535
HEALTH = "/_stcore/health"
START_TIMEOUT_S = 180.0
# Each student holds two connections in nginx (browser side, server side).
CONNECTIONS = 4096
UPLOAD_MB = 10  # as .streamlit/config.toml's server.maxUploadSize
RESTART_AFTER_S = 10.0  # a server that stops sooner after its start is not restarted again
_SAFE_PATH = re.compile(r"[^\s;{}'\"$#]+")
_ADDRESS = re.compile(r"[A-Za-z0-9.\-\[\]:]+:\d{1,5}")


def free_ports(n: int, avoid: Collection[int] = ()) -> list[int]:
    """``n`` distinct loopback ports free now, none in ``avoid``.

    The operating system picks them (port 0); all are held until all are picked, so they
    differ. Another program may still take one before it is used: `Hall` then reports that
    server's failure to start.

    Parameters
    ----------
    n : int
        How many, at least 1.
    avoid : collection of int
        Ports not to return (for instance nginx's own).

    Returns
    -------
    list of int

    Examples
    --------
    >>> ports = free_ports(3, avoid={8080})
    >>> len(set(ports)), 8080 in ports
    (3, False)
    """
    n = check_integer(n, "n", 1)
    held: list[socket.socket] = []
    try:
        while len([s for s in held if s.getsockname()[1] not in avoid]) < n:
            sock = socket.socket()
            held.append(sock)
            sock.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in held if s.getsockname()[1] not in avoid]
    finally:
        for sock in held:
            sock.close()


def render_config(servers: Sequence[str], listen: str, workdir: Path, *,
                  template: str | None = None, user: str | None = None) -> str:
    """The nginx configuration of a hall: ``clusterlab/nginx.conf.template`` filled in.

    Parameters
    ----------
    servers : sequence of str
        The app servers, ``host:port`` each (one ``server`` line of the upstream each, with
        passive health checks: ``max_fails=1 fail_timeout=5s``).
    listen : str
        nginx's ``listen`` value: a port, or ``address:port``.
    workdir : pathlib.Path
        An absolute folder for nginx's pid file, logs, temporary files and cache.
    template : str, optional
        The template's text (default: the package's file).
    user : str, optional
        The user nginx's workers run as; only meaningful when nginx starts as root.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        No server, a server that is not ``host:port``, a ``listen`` that is not a port or
        ``address:port``, or a folder nginx cannot name (relative, or with spaces, quotes or
        ``;{}$#``).

    Examples
    --------
    >>> text = render_config(["127.0.0.1:8601", "127.0.0.1:8602"], "8080", Path("/tmp/hall"))
    >>> "server 127.0.0.1:8602 max_fails=1 fail_timeout=5s;" in text, "listen 8080;" in text
    (True, True)
    >>> "@" in text
    False
    """
    if not servers:
        raise ValueError("a hall needs at least one app server (host:port)")
    for address in servers:
        if not isinstance(address, str) or not _ADDRESS.fullmatch(address):
            raise ValueError(f"{address!r} is not an app server's host:port "
                             "(for instance 10.0.0.5:8501)")
    if not isinstance(listen, str) or not re.fullmatch(r"([A-Za-z0-9.\-\[\]:]+:)?\d{1,5}",
                                                        listen):
        raise ValueError(f"listen must be a port or address:port, not {listen!r}")
    workdir = _nginx_folder(workdir)
    text = TEMPLATE.read_text() if template is None else template
    fields = {
        "USER": f"user {user};" if user else "",
        "WORKDIR": str(workdir),
        "CONNECTIONS": str(CONNECTIONS),
        "UPLOAD_MB": str(UPLOAD_MB),
        "LISTEN": listen,
        "SERVERS": "\n".join(f"        server {address} max_fails=1 fail_timeout=5s;"
                             for address in servers),
    }
    for name, value in fields.items():
        text = text.replace(f"@{name}@", value)
    left = sorted(set(re.findall(r"@[A-Z_]+@", text)))
    if left:
        raise ValueError(f"the template has fields render_config does not fill: {left}")
    return text


def _nginx_folder(workdir: Path) -> Path:
    """``workdir``, if nginx can name it in its configuration (else ValueError)."""
    workdir = Path(workdir)
    if not workdir.is_absolute() or not _SAFE_PATH.fullmatch(str(workdir)):
        raise ValueError(f"the working folder must be an absolute path without spaces, quotes "
                         f"or ;{{}}$#, not {str(workdir)!r}")
    return workdir


def shared_database_url(url: str | None) -> str:
    """The class database every server of a hall uses.

    Parameters
    ----------
    url : str or None
        A SQLAlchemy URL; None or empty: the default (``CLUSTERLAB_DATABASE_URL``, else the
        SQLite file of the data folder, which servers on one machine can share; PostgreSQL is
        the choice for a hall, and the only one for servers on several machines).

    Returns
    -------
    str

    Raises
    ------
    ValueError
        A text that is not a database URL, or an in-memory SQLite database (each server
        would have its own).

    Examples
    --------
    >>> shared_database_url("postgresql+psycopg://lab@db-host/lab")
    'postgresql+psycopg://lab@db-host/lab'
    >>> shared_database_url("sqlite://")
    Traceback (most recent call last):
    ...
    ValueError: an in-memory SQLite database is private to each server: ...
    """
    url = (url or "").strip() or database_url()
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError("--database-url must be a database URL, for instance "
                         "postgresql+psycopg://user:password@host/db") from None
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise ValueError("an in-memory SQLite database is private to each server: give a "
                         "file (sqlite:////path/classroom.sqlite3) or PostgreSQL")
    return url


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + HEALTH, timeout=2) as response:
            return response.read() == b"ok"
    except OSError:
        return False


def _tail(path: Path, lines: int = 5) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


class Hall:
    """N app servers and nginx in front of them: one address for a lecture hall.

    Parameters
    ----------
    servers : int
        How many ``streamlit run`` servers (1 to 16), each on a free loopback port.
    port : int
        nginx's port (1024 and above need no root).
    database_url : str
        The class database of every server (see `shared_database_url`).
    workdir : pathlib.Path, optional
        Where the nginx configuration, its files and the servers' logs go (default: a new
        temporary folder).
    address : str, default="0.0.0.0"
        The address nginx listens on; "127.0.0.1" for this machine only.

    Examples
    --------
    >>> hall = Hall(2, 8080, "sqlite:////tmp/hall/classroom.sqlite3", Path("/tmp/hall"))
    >>> hall.url, len(hall.ports)
    ('http://127.0.0.1:8080', 2)
    """

    def __init__(self, servers: int, port: int, database_url: str,
                 workdir: Path | None = None, address: str = "0.0.0.0") -> None:
        servers = check_integer(servers, "--servers", 1, MAX_SERVERS)
        self.port = check_integer(port, "--port", 1, MAX_PORT)
        self.address = address
        self.database_url = database_url
        self.workdir = _nginx_folder(
            Path(workdir or tempfile.mkdtemp(prefix="clusterlab-hall-")).resolve())
        self.ports = free_ports(servers, avoid={port})
        self.processes: list[subprocess.Popen | None] = [None] * servers
        self.started_at = [0.0] * servers
        self.nginx: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """nginx's address as seen from this machine."""
        host = "127.0.0.1" if self.address in ("0.0.0.0", "::", "") else self.address
        return f"http://{host}:{self.port}"

    @property
    def server_urls(self) -> list[str]:
        """Each app server's own address (loopback)."""
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    @property
    def config(self) -> Path:
        return self.workdir / "nginx.conf"

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        """Start the servers (together), then nginx once every server answers its health
        check; on failure everything started is stopped and RuntimeError says why."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        (self.workdir / "temp").mkdir(exist_ok=True)
        try:
            for index in range(len(self.ports)):
                self.start_server(index, wait=False)
            for index in range(len(self.ports)):
                self.wait_server(index, timeout)
            user = "root" if os.geteuid() == 0 else None
            self.config.write_text(render_config(
                [f"127.0.0.1:{port}" for port in self.ports],
                f"{self.address}:{self.port}" if ":" not in self.address
                else f"[{self.address}]:{self.port}", self.workdir, user=user))
            self._start_nginx(timeout)
        except BaseException:
            self.stop()
            raise

    def _start_nginx(self, timeout: float) -> None:
        nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
        if nginx is None:
            raise RuntimeError("nginx not found: apt-get install -y nginx")
        log = self.workdir / "error.log"
        self.nginx = subprocess.Popen(
            [nginx, "-p", str(self.workdir), "-e", str(log), "-c", str(self.config)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not _healthy(self.url):
            if self.nginx.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not start on port {self.port}: "
                                   f"{_tail(log) or 'no message'} (see {log})")
            time.sleep(0.2)

    def start_server(self, index: int, wait: bool = True,
                     timeout: float = START_TIMEOUT_S) -> None:
        """Start app server ``index`` on its port (again, after `stop_server`)."""
        log = self.workdir / f"server-{index + 1}.log"
        self.processes[index] = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(SERVER), "--server.headless=true",
             "--server.address=127.0.0.1", f"--server.port={self.ports[index]}",
             "--browser.gatherUsageStats=false"],
            cwd=SERVER.parent, stdout=log.open("a"), stderr=subprocess.STDOUT,
            env={**os.environ, URL_ENV: self.database_url}, start_new_session=True)
        self.started_at[index] = time.monotonic()
        if wait:
            self.wait_server(index, timeout)

    def wait_server(self, index: int, timeout: float = START_TIMEOUT_S) -> None:
        """Wait until server ``index`` answers its health check."""
        process, url = self.processes[index], self.server_urls[index]
        log = self.workdir / f"server-{index + 1}.log"
        deadline = time.monotonic() + timeout
        while not _healthy(url):
            if process is None or process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"app server {index + 1} did not start on port "
                                   f"{self.ports[index]}: {_tail(log) or 'no message'} "
                                   f"(see {log})")
            time.sleep(0.3)

    def stop_server(self, index: int, sig: int = signal.SIGTERM) -> None:
        """Stop app server ``index`` (SIGKILL: as a crash would) and wait for it."""
        process = self.processes[index]
        if process is not None and process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes[index] = None

    def stop(self) -> None:
        """Stop nginx, then every server."""
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()  # nginx's fast shutdown
            try:
                self.nginx.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait()
        self.nginx = None
        for index in range(len(self.ports)):
            self.stop_server(index)

    def watch(self) -> list[str]:
        """Restart the servers that stopped (not one that stopped within
        RESTART_AFTER_S of its start: it would again); what happened, in sentences.

        Raises
        ------
        RuntimeError
            If nginx stopped, or a server keeps stopping.
        """
        if self.nginx is None or self.nginx.poll() is not None:
            raise RuntimeError(f"nginx stopped: {_tail(self.workdir / 'error.log')}")
        said = []
        for index, process in enumerate(self.processes):
            if process is not None and process.poll() is None:
                continue
            code = process.returncode if process is not None else None
            if time.monotonic() - self.started_at[index] < RESTART_AFTER_S:
                raise RuntimeError(f"app server {index + 1} stopped again (exit code {code}): "
                                   f"see {self.workdir / f'server-{index + 1}.log'}")
            said.append(f"app server {index + 1} stopped (exit code {code}); restarting it")
            self.start_server(index, wait=False)
        return said

    def __enter__(self) -> Hall:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def _terminate(signum, frame) -> None:
    raise KeyboardInterrupt


def serve(servers: int, port: int, database: str | None = None, workdir: Path | None = None,
          address: str = "0.0.0.0") -> int:
    """Run a hall until Ctrl-C (or SIGTERM): the ``clusterlab serve`` command.

    Parameters
    ----------
    servers, port, workdir, address
        As `Hall`.
    database : str, optional
        The class database URL (see `shared_database_url`).

    Returns
    -------
    int
        130 once stopped by Ctrl-C or SIGTERM, every process ended.

    Raises
    ------
    ValueError
        Bad arguments.
    RuntimeError
        nginx or a server failed to start or keeps stopping; everything is stopped first.

    Examples
    --------
    >>> serve(0, 8080)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: --servers must be an integer in [1, 16], got 0
    """
    url = shared_database_url(database)
    hall = Hall(servers, port, url, workdir, address)
    if servers > 1 and make_url(url).get_backend_name() == "sqlite":
        print(f"note: the {servers} servers share the SQLite file {make_url(url).database}; "
              "that works on one machine, but PostgreSQL (--database-url) is the database "
              "for a hall and the only one for servers on several machines (docs/deploy.md)",
              file=sys.stderr)
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        print(f"starting {servers} app server(s) and nginx in {hall.workdir} ...", flush=True)
        hall.start()
        print(f"ClusterLab on {hall.url} (servers {', '.join(map(str, hall.ports))}; "
              f"nginx configuration {hall.config}); Ctrl-C stops it", flush=True)
        while True:
            time.sleep(1.0)
            for sentence in hall.watch():
                print(sentence, file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        hall.stop()
        print("stopped nginx and the app servers", file=sys.stderr, flush=True)
        return 130
    finally:
        hall.stop()
        signal.signal(signal.SIGTERM, previous)

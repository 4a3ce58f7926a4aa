"""``clusterlab serve``'s pure parts: the nginx configuration (checked by Debian's nginx
itself, ``nginx -t``), the ports, the database choice and the command's refusals."""

import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from classroom.database import database_url
from clusterlab.cli import main
from clusterlab.serve import Hall, free_ports, render_config, shared_database_url

SERVERS = ["127.0.0.1:8601", "127.0.0.1:8602", "10.0.0.7:8501"]


def nginx_binary() -> str | None:
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


def block(text: str, head: str) -> str:
    """The body of the nginx block that starts with ``head {`` (no nested blocks in it)."""
    found = re.search(re.escape(head) + r"\s*\{([^{}]*)\}", text)
    assert found, f"no block {head!r} in the configuration"
    return found[1]


def test_the_configuration_lists_every_server_with_passive_health_checks(tmp_path):
    text = render_config(SERVERS, "8080", tmp_path)
    upstream = block(text, "upstream clusterlab")
    lines = [line.strip() for line in upstream.splitlines()
             if line.strip() and not line.strip().startswith("#")]
    assert lines == ["hash $clusterlab_route consistent;",
                     *(f"server {s} max_fails=1 fail_timeout=5s;" for s in SERVERS),
                     "keepalive 16;"]
    assert re.search(r"^\s*listen 8080;$", text, re.M)
    assert not re.search(r"@[A-Z_]+@", text)
    # Every file nginx writes is in the working folder.
    for directive in ("pid", "error_log", "access_log", "client_body_temp_path",
                      "proxy_temp_path", "proxy_cache_path"):
        value = re.search(rf"^\s*{directive} (\S+)", text, re.M)[1]
        assert Path(value).is_relative_to(tmp_path), directive
    assert re.search(r"^\s*daemon off;$", text, re.M)


def test_the_websocket_is_upgraded_and_the_route_cookie_is_sticky(tmp_path):
    text = render_config(SERVERS[:2], "127.0.0.1:8080", tmp_path)
    stream = block(text, "location = /_stcore/stream")
    assert "proxy_set_header Upgrade $http_upgrade;" in stream
    assert "proxy_set_header Connection $clusterlab_connection;" in stream
    assert "proxy_pass http://clusterlab;" in stream
    upgrade = block(text, "map $http_upgrade $clusterlab_connection")
    assert "default upgrade;" in upgrade and '"" close;' in upgrade
    # The hash key is the browser's cookie, and a new browser gets one with its first answer.
    route = block(text, "map $cookie_clusterlab_route $clusterlab_route")
    assert '"" $request_id;' in route and "default $cookie_clusterlab_route;" in route
    setter = block(text, "map $cookie_clusterlab_route $clusterlab_set_route")
    assert '"" "clusterlab_route=$request_id;' in setter
    assert "add_header Set-Cookie $clusterlab_set_route always;" in text
    assert not re.search(r"^\s*ip_hash;", text, re.M)


@pytest.mark.skipif(nginx_binary() is None, reason="Debian's nginx is not installed")
def test_debians_nginx_accepts_the_configuration(tmp_path):
    (tmp_path / "temp").mkdir()
    config = tmp_path / "nginx.conf"
    config.write_text(render_config(SERVERS, "127.0.0.1:8080", tmp_path))
    checked = subprocess.run([nginx_binary(), "-t", "-p", str(tmp_path), "-e",
                              str(tmp_path / "error.log"), "-c", str(config)],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


@pytest.mark.parametrize(("servers", "listen", "workdir", "message"), [
    ([], "8080", "/tmp/hall", "at least one app server"),
    (["127.0.0.1:8601; include /etc/passwd"], "8080", "/tmp/hall", "host:port"),
    (["127.0.0.1"], "8080", "/tmp/hall", "host:port"),
    (SERVERS, "8080; user root", "/tmp/hall", "listen must be"),
    (SERVERS, "8080", "hall", "absolute path"),
    (SERVERS, "8080", "/tmp/my hall", "absolute path"),
    (SERVERS, "8080", "/tmp/hall;}", "absolute path"),
])
def test_a_value_nginx_would_misread_is_refused(servers, listen, workdir, message):
    with pytest.raises(ValueError, match=message):
        render_config(servers, listen, Path(workdir))


def test_a_template_field_left_unfilled_is_refused(tmp_path):
    with pytest.raises(ValueError, match="@NEW_FIELD@"):
        render_config(SERVERS, "8080", tmp_path, template="listen @LISTEN@; @NEW_FIELD@")


def test_free_ports_are_distinct_bindable_and_avoid_the_given_ones():
    avoid = set(free_ports(5))
    ports = free_ports(8, avoid=avoid)
    assert len(set(ports)) == 8 and not set(ports) & avoid
    for port in ports:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))
    with pytest.raises(ValueError, match=r"n must be an integer in \[1, inf\)"):
        free_ports(0)


def test_the_servers_share_one_database():
    assert shared_database_url(" postgresql+psycopg://u@db/lab ") == \
        "postgresql+psycopg://u@db/lab"
    assert shared_database_url(None) == database_url()
    assert shared_database_url("sqlite:////srv/lab/c.sqlite3") == "sqlite:////srv/lab/c.sqlite3"
    for private in ("sqlite://", "sqlite:///:memory:"):
        with pytest.raises(ValueError, match="private to each server"):
            shared_database_url(private)
    with pytest.raises(ValueError, match="must be a database URL"):
        shared_database_url("not a url")


@pytest.mark.parametrize(("servers", "port", "message"), [
    (0, 8080, "--servers must be"), (17, 8080, "--servers must be"),
    (True, 8080, "--servers must be"), (2, 0, "--port must be"), (2, 70000, "--port must be"),
])
def test_a_hall_refuses_bad_sizes(servers, port, message):
    with pytest.raises(ValueError, match=message):
        Hall(servers, port, "sqlite:////tmp/c.sqlite3")


@pytest.mark.parametrize(("argv", "message"), [
    (["serve", "--servers", "0"], "--servers must be an integer in [1, 16]"),
    (["serve", "--database-url", "sqlite://"], "in-memory SQLite"),
    (["serve", "--port", "99999"], "--port must be"),
    (["serve", "--workdir", "/tmp/a hall"], "without spaces"),
])
def test_the_command_says_what_is_wrong_and_exits_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err


def test_the_examples_of_the_serve_module_run():
    import doctest

    import clusterlab.serve

    result = doctest.testmod(clusterlab.serve, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0

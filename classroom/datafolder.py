"""The per-user folder that holds the SQLite class file, kept private to its owner.

The folder is ``CLUSTERLAB_DATA_DIR`` if set, else ``$XDG_DATA_HOME/clusterlab``, else
``~/.local/share/clusterlab``: a user's data folder, never the package's own folder (which,
after ``pip install .``, is inside site-packages, shared by every user and wiped by an
upgrade). The folder is made 0700 and the file 0600, so other users of the machine can read
neither the answers nor the teacher secrets' hashes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

DATA_DIR_ENV = "CLUSTERLAB_DATA_DIR"
FOLDER_MODE = 0o700
FILE_MODE = 0o600


def data_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of ClusterLab's data for this user.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read (default: ``os.environ``).

    Returns
    -------
    pathlib.Path
        ``CLUSTERLAB_DATA_DIR``, else ``$XDG_DATA_HOME/clusterlab``, else
        ``~/.local/share/clusterlab`` (absolute).

    Examples
    --------
    >>> str(data_folder({"CLUSTERLAB_DATA_DIR": "/srv/lab"}))
    '/srv/lab'
    >>> str(data_folder({"XDG_DATA_HOME": "/home/t/.data"}))
    '/home/t/.data/clusterlab'
    >>> data_folder({"HOME": "/home/t"}).parts[-3:]
    ('.local', 'share', 'clusterlab')
    """
    environ = os.environ if environ is None else environ
    chosen = environ.get(DATA_DIR_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser().absolute()
    xdg = environ.get("XDG_DATA_HOME", "").strip()
    # The XDG spec ignores a relative XDG_DATA_HOME.
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "clusterlab"
    home = environ.get("HOME", "").strip()
    return (Path(home) if home else Path.home()) / ".local" / "share" / "clusterlab"


def private_file(path: Path) -> tuple[int, int]:
    """Create ``path`` (and its folder) if missing, readable by its owner only.

    Parameters
    ----------
    path : pathlib.Path
        The file, for instance the SQLite class database.

    Returns
    -------
    (int, int)
        The file's identity (device, inode), to notice later that it was deleted or
        replaced (`file_identity`).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "lab" / "c.sqlite3"
    >>> _ = private_file(path)
    >>> oct(path.stat().st_mode & 0o777), oct(path.parent.stat().st_mode & 0o777)
    ('0o600', '0o700')
    """
    folder = path.parent
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    _tighten(folder, FOLDER_MODE)
    # O_CREAT with 0600 leaves no moment when the new file is readable by others (SQLite
    # would create it 0644 under the usual umask); its -wal and -shm files copy its mode.
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, FILE_MODE))
    _tighten(path, FILE_MODE)
    return file_identity(path)


def _tighten(path: Path, mode: int) -> None:
    """Take away group and other rights (a folder or file made before this version); one
    that another user owns (a folder an administrator named) is theirs to set."""
    status = path.stat()
    if stat.S_IMODE(status.st_mode) & ~mode and status.st_uid == os.getuid():
        path.chmod(mode)


def file_identity(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of ``path``, or None if it does not exist.

    Parameters
    ----------
    path : pathlib.Path
        A file.

    Returns
    -------
    (int, int) or None
        Equal for the same file; different once it has been deleted and made again or
        replaced by another file (a restored copy, a ``mv``).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "f"
    >>> file_identity(path) is None
    True
    >>> first = private_file(path)
    >>> copy = path.with_name("copy"); _ = copy.write_text(""); _ = copy.replace(path)
    >>> file_identity(path) == first
    False
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return status.st_dev, status.st_ino

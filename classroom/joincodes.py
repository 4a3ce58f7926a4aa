"""Short join codes a class can type from the projector, and the limit on guessing them.

A join code is 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L): 31 ** 6, about
8.9e8 codes. Guessing one is what the limit is for: a client (the app passes one key per
browser session) gets `MAX_WRONG` wrong tries per `WINDOW_S` seconds, and all clients of a
server together `MAX_WRONG_TOTAL`, since a script can open a new session for each try. The
join code only finds the class's long code, which the students' link carries anyway.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import deque
from collections.abc import Callable

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
JOIN_CODE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")
MAX_WRONG = 5
MAX_WRONG_TOTAL = 300
WINDOW_S = 60.0
# Forget idle clients beyond this many, so that a flood of session keys cannot grow memory.
MAX_CLIENTS = 10_000


def new_join_code() -> str:
    """A random join code.

    Parameters
    ----------
    None

    Returns
    -------
    str
        `LENGTH` characters of `ALPHABET`.

    Examples
    --------
    >>> code = new_join_code()
    >>> len(code), set(code) <= set(ALPHABET)
    (6, True)
    """
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise_join_code(typed: object) -> str | None:
    """A typed join code in its stored form, or None if it cannot be one.

    Parameters
    ----------
    typed : str
        What the student typed: case and spaces (or dashes) do not matter.

    Returns
    -------
    str or None

    Examples
    --------
    >>> normalise_join_code(" k7m -2qx ")
    'K7M2QX'
    >>> normalise_join_code("K7M2Q0") is None  # 0 is not in the alphabet
    True
    """
    if not isinstance(typed, str) or len(typed) > 64:
        return None
    code = re.sub(r"[\s-]", "", typed).upper()
    return code if JOIN_CODE.fullmatch(code) else None


class GuessLimiter:
    """Counts each client's wrong join codes in a sliding window (in this process).

    Parameters
    ----------
    clock : callable
        Seconds (any origin); the store passes its clock.
    max_wrong : int, default=MAX_WRONG
        Wrong tries allowed per window.
    window_s : float, default=WINDOW_S
        The window's length in seconds.
    max_wrong_total : int, default=MAX_WRONG_TOTAL
        Wrong tries allowed per window for all clients together.

    Examples
    --------
    >>> limiter = GuessLimiter(lambda: 0.0, max_wrong=2)
    >>> limiter.wrong("s"); limiter.wrong("s")
    >>> limiter.blocked("s"), limiter.blocked("another session")
    (True, False)
    """

    def __init__(self, clock: Callable[[], float], max_wrong: int = MAX_WRONG,
                 window_s: float = WINDOW_S, max_wrong_total: int = MAX_WRONG_TOTAL):
        self.clock, self.max_wrong, self.window_s = clock, max_wrong, window_s
        self.max_wrong_total = max_wrong_total
        self._tries: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()
        # Streamlit runs each session's script in its own thread.
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        return self._drop_old(self._tries.setdefault(client, deque()), now)

    def _drop_old(self, tries: deque[float], now: float) -> deque[float]:
        while tries and tries[0] <= now - self.window_s:
            tries.popleft()
        return tries

    def blocked(self, client: str) -> bool:
        """Whether ``client`` has used up its wrong tries for now.

        Parameters
        ----------
        client : str
            The client's key.

        Returns
        -------
        bool

        Examples
        --------
        >>> GuessLimiter(lambda: 0.0).blocked("s")
        False
        """
        with self._lock:
            now = self.clock()
            return (len(self._recent(client, now)) >= self.max_wrong
                    or len(self._drop_old(self._all, now)) >= self.max_wrong_total)

    def wrong(self, client: str) -> None:
        """Count one wrong try of ``client``.

        Parameters
        ----------
        client : str
            The client's key.

        Returns
        -------
        None

        Examples
        --------
        >>> limiter = GuessLimiter(lambda: 0.0, max_wrong=1)
        >>> limiter.wrong("s"); limiter.blocked("s")
        True
        """
        with self._lock:
            now = self.clock()
            if len(self._tries) >= MAX_CLIENTS:
                for key in [k for k, tries in self._tries.items()
                            if not self._recent(k, now)]:
                    del self._tries[key]
            self._recent(client, now).append(now)
            self._all.append(now)

"""Class answers (peer instruction): the one piece of shared server state of ClusterLab.

A teacher starts a class on a lesson; students join and answer each step's question from
their own browsers; the teacher reveals the distribution. `ClassStore` is the only way in
(see `classroom.store`); `classroom.database` says where the data lives and
`classroom.errors` what is said when something is refused or the database fails. No UI
library here.
"""

from classroom.errors import (
    ROOM_LOCKED,
    STORE_DOWN,
    STORE_GONE,
    TOO_MANY_TRIES,
    ClassError,
    StoreUnavailable,
)
from classroom.store import NUMERIC, ClassState, ClassStore, new_browser_token

__all__ = ["NUMERIC", "ROOM_LOCKED", "STORE_DOWN", "STORE_GONE", "TOO_MANY_TRIES", "ClassError",
           "ClassState", "ClassStore", "StoreUnavailable", "new_browser_token"]

"""Class answers (peer instruction): the one piece of shared server state of ClusterLab.

A teacher starts a class on a lesson; students answer each step's question from their own
browsers; the teacher reveals the distribution. `ClassStore` is the only way in (see
`classroom.store`); `classroom.database` says where the data lives. No UI library here.
"""

from classroom.store import ClassError, ClassState, ClassStore, new_browser_token

__all__ = ["ClassError", "ClassState", "ClassStore", "new_browser_token"]

"""The refusals of the class store, and the sentences people read when one happens.

Every message is one short sentence for the person who tried: a refusal (`ClassError`) says
what to do instead; a database fault (`StoreUnavailable`) names no host, port, path or
exception, since it is shown on every screen of the class, the projector's included.
"""

NO_CLASS = ("No class is running with this code: it has ended, expired (a class lasts 24 "
            "hours), or the link is mistyped. Ask your teacher for the link again.")
NOT_TEACHER = ("This link cannot run the class: only the teacher's link can change the step, "
               "reveal or close it.")
ROOM_LOCKED = ("The teacher has locked the room: no one new can join this class. Ask the "
               "teacher to unlock it.")
TOO_MANY_TRIES = "Too many tries: wait a minute, then type the code again."
STORE_DOWN = ("The class database is not reachable right now; your answer is kept and will "
              "be sent when it is back.")
STORE_GONE = ("The class database was removed or replaced, so this class's answers are gone; "
              "the teacher can start a new class.")


class ClassError(ValueError):
    """A class action that is refused: unknown or expired class, wrong secret, closed
    question, locked room.

    Parameters
    ----------
    message : str
        What was wrong, in words for the person who tried.

    Examples
    --------
    >>> str(ClassError("no such class"))
    'no such class'
    """


class StoreUnavailable(ClassError):
    """The class database cannot be used now: down, locked past the wait, or its file
    deleted or replaced. Its message is `STORE_DOWN` or `STORE_GONE`.

    Parameters
    ----------
    message : str
        One of this module's sentences (never the database's own error text).

    Examples
    --------
    >>> isinstance(StoreUnavailable(STORE_DOWN), ClassError)
    True
    """

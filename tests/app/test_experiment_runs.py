"""A run of an experiment that several sessions ask for at once (a class following its
teacher to an experiment's page) is computed once; the others wait for it."""

import threading
import time

import pandas as pd

from ui import experiments


def test_sessions_asking_at_once_for_one_run_compute_it_once(monkeypatch):
    calls: list[int] = []
    started = threading.Event()

    def slow_run(preset, random_state, progress, **overrides):
        calls.append(random_state)
        started.set()
        time.sleep(0.5)  # long enough that every other session asks meanwhile
        return pd.DataFrame({"seed": [random_state], "preset": [preset]})

    monkeypatch.setattr(experiments, "EXPERIMENTS",
                        {**experiments.EXPERIMENTS, "slow_test_run": slow_run})
    experiments._results.clear()
    got: list[pd.DataFrame] = []

    def session() -> None:
        got.append(experiments.run_with_progress("slow_test_run", "quick", 7))

    first = threading.Thread(target=session)
    first.start()
    assert started.wait(10)
    others = [threading.Thread(target=session) for _ in range(5)]
    for thread in others:
        thread.start()
    for thread in [first, *others]:
        thread.join(30)
    assert calls == [7]
    assert len(got) == 6
    for df in got:
        pd.testing.assert_frame_equal(df, pd.DataFrame({"seed": [7], "preset": ["quick"]}))
    # Another seed is another run.
    experiments.run_with_progress("slow_test_run", "quick", 8)
    assert calls == [7, 8]

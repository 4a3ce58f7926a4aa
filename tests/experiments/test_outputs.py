"""Writing a run's files all or nothing, and the run record."""

import hashlib
import io
import json
import os

import pandas as pd
import pytest

from experiments import EXPERIMENTS
from experiments.outputs import (
    RUN_SUFFIXES,
    csv_text,
    read_record,
    record_json,
    run_record,
    write_outputs,
)


def contents(directory):
    return {p.name: p.read_bytes() for p in directory.iterdir()}


def test_a_failed_rename_puts_the_earlier_set_back(tmp_path, monkeypatch):
    write_outputs(tmp_path, "x", {".csv": "old\n", ".json": "{}\n", ".png": b"\x89PNG"},
                  suffixes=RUN_SUFFIXES)
    before = contents(tmp_path)
    real_replace, calls = os.replace, []

    def flaky(source, target):
        calls.append(target)
        if str(target).endswith("x.json") and str(source).endswith("partial/x.json"):
            raise OSError("disk full")  # the new record cannot move in
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(OSError, match="disk full"):
        write_outputs(tmp_path, "x", {".csv": "new\n", ".json": "{}\n"}, suffixes=RUN_SUFFIXES,
                      force=True)
    assert len(calls) >= 4  # the earlier files moved aside, the new CSV moved in, then back
    assert contents(tmp_path) == before


def test_only_the_named_suffixes_are_written(tmp_path):
    with pytest.raises(ValueError, match="suffixes"):
        write_outputs(tmp_path, "x", {".exe": b""}, suffixes=RUN_SUFFIXES)
    assert list(tmp_path.iterdir()) == []


def test_the_record_round_trips_and_fingerprints_the_csv(tmp_path):
    slides = EXPERIMENTS["slides-rand"]
    csv = csv_text(slides("quick"))
    record = run_record(slides, "quick", 5, slides.parameters("quick"), csv=csv,
                        timings={"run": 0.1234}, versions={"numpy": "2"})
    path = tmp_path / "r.json"
    path.write_text(record_json(record))
    again = read_record(path)
    assert again == json.loads(json.dumps(record))
    assert again["rows"] == len(pd.read_csv(io.StringIO(csv)))
    assert again["csv_sha256"] == hashlib.sha256(csv.encode()).hexdigest()
    assert again["timings"] == {"run": 0.123}
    path.write_text("not json")
    with pytest.raises(ValueError, match="not a run record"):
        read_record(path)

"""The files of a run: the command line writes exactly what experiments.outputs builds."""

import json
import re

import pandas as pd
import pytest

from experiments import EXPERIMENTS
from experiments.__main__ import main
from experiments.outputs import jsonable, output_files, record_json, run_record, table_csv
from plots.experiments import experiment_figure


def test_the_command_line_writes_the_outputs_functions_text(tmp_path):
    name, seed = "slides-rand", 4
    assert main(["run", name, "--preset", "quick", "--seed", str(seed), "--no-png",
                 "--out", str(tmp_path)]) == 0
    experiment = EXPERIMENTS[name]
    df = experiment("quick", random_state=seed)
    figure = experiment_figure(experiment.figure, df, title=experiment.title,
                               **experiment.options)
    record = run_record(experiment, "quick", seed, experiment.parameters("quick"))
    expected = output_files(name, df, record, figure)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(expected)
    assert (tmp_path / f"{name}.csv").read_text() == expected[f"{name}.csv"]
    written = json.loads((tmp_path / f"{name}.json").read_text())
    assert written.pop("seconds") >= 0
    assert written == json.loads(expected[f"{name}.json"])
    # The HTML differs only by the random id plotly gives the figure's element.
    html = (tmp_path / f"{name}.html").read_text()
    assert html.startswith("<!doctype html>") and len(html) > 100_000  # plotly.js inlined
    assert without_ids(html) == without_ids(expected[f"{name}.html"])


def without_ids(html: str) -> str:
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "ID", html)


def test_the_record_holds_every_parameter_and_reads_back():
    experiment = EXPERIMENTS["vinh2009-fig1"]
    params = experiment.parameters("quick")
    record = json.loads(record_json(run_record(experiment, "quick", 7, params, seconds=1.23456)))
    assert record["experiment"] == "vinh2009-fig1" and record["seed"] == 7
    assert record["seconds"] == 1.235
    assert record["parameters"] == jsonable(params)
    assert set(record["parameters"]) == set(params)
    assert "numpy" in record["versions"] and "python" in record["versions"]


def test_csv_reads_back_to_the_same_table():
    df = pd.DataFrame({"K": [2, 3], "measure": ["ari", "ami"], "mean": [0.25, -1e-17]})
    back = pd.read_csv(pd.io.common.StringIO(table_csv(df)))
    pd.testing.assert_frame_equal(back, df)


@pytest.mark.parametrize("value, expected", [((1, (2, 3)), [1, [2, 3]]), ({2: "x"}, {"2": "x"})])
def test_jsonable(value, expected):
    assert jsonable(value) == expected

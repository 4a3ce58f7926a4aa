"""``clusterlab list``: short by default, every parameter on request."""

import re
import shlex

import pytest

from clusterlab.cli import main
from clusterlab.listing import WIDTH
from experiments import EXPERIMENTS


def run_list(capsys, *args):
    assert main(["list", *args]) == 0
    return capsys.readouterr().out


def test_the_default_list_is_two_lines_an_experiment_and_names_no_parameter(capsys):
    out = run_list(capsys)
    lines = out.splitlines()
    starts = [line.split()[0] for line in lines if line and not line.startswith(" ")]
    assert starts[:len(EXPERIMENTS)] == list(EXPERIMENTS)
    # Two lines each, a third where a title or source wraps; then a blank line and the hint.
    assert len(lines) <= 3 * len(EXPERIMENTS) + 3
    assert max(map(len, lines)) <= WIDTH
    for experiment in EXPERIMENTS.values():
        for param, spec in experiment.specs().items():
            assert f"{param}=" not in out and spec.describe() not in out
    assert "clusterlab list NAME" in out and "--details" in " ".join(out.split())


def test_the_default_list_says_whose_settings_each_paper_preset_runs(capsys):
    text = " ".join(run_list(capsys).split())
    for experiment in EXPERIMENTS.values():
        settings = "our stand-in" if experiment.stand_in_for else "the paper's settings"
        assert f"{experiment.paper}; {settings}" in text


def parameter_lines(out):
    """``NAME=VALUE [(quick: VALUE)]`` lines -> {name: (paper text, quick text or None)}."""
    found = {}
    for line in out.splitlines():
        match = re.fullmatch(r"    (\w+)=(\S+)(?:  \(quick: (\S+)\))?", line)
        if match:
            found[match[1]] = (match[2], match[3])
    return found


@pytest.mark.parametrize("name", ["vinh2009-fig1", "gates2017-sizes", "gates2017-kmeans"])
def test_details_give_each_parameter_as_set_takes_it_with_its_valid_values(capsys, name):
    experiment = EXPERIMENTS[name]
    out = run_list(capsys, name)
    flat = " ".join(out.split())
    assert out.splitlines()[0] == name
    assert " ".join(experiment.settings_note().split()) in flat
    shown = parameter_lines(out)
    specs = experiment.specs()
    assert set(shown) == set(specs)
    paper, quick = experiment.parameters("paper"), experiment.parameters("quick")
    for param, spec in specs.items():
        paper_text, quick_text = shown[param]
        # What a shell hands to --set reads back as the preset's value.
        assert spec.parse(shlex.split(paper_text)[0]) == paper[param]
        if quick[param] == paper[param]:
            assert quick_text is None
        else:
            assert spec.parse(shlex.split(quick_text)[0]) == quick[param]
        assert spec.describe() in flat


def test_details_of_every_experiment(capsys):
    out = run_list(capsys, "--details")
    firsts = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert firsts == list(EXPERIMENTS)


def test_an_unknown_name_is_refused_with_the_valid_ones(capsys):
    assert main(["list", "vinh2009-fig9"]) == 2
    err = capsys.readouterr().err
    assert "vinh2009-fig9" in err and "vinh2009-fig1" in err

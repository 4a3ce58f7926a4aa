"""Property tests of hostile command-line values and run records (issue 23): every `--set`
parameter of every experiment and every field of a run record get values drawn by
hypothesis; the command line either accepts the value or exits 2 with one short `error:`
line, never a traceback, and never starts unbounded work."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clusterlab.cli import main
from experiments import EXPERIMENTS

CLI_SETTINGS = settings(max_examples=15, deadline=None,
                        suppress_health_check=[HealthCheck.function_scoped_fixture])

words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)
texts = st.one_of(
    st.sampled_from(["1e309", "-inf", "nan", "²", "٣", "9" * 5000, "1" + "0" * 30, "none",
                     "true", "[" * 2000, "(" * 2000, "[(1, 2)] * 10**9", ",".join("2" * 20_000),
                     "[x](http://evil.example)", "<img src=x>", "\n", ""]),
    st.integers(-(10**40), 10**40).map(str),
    st.floats().map(repr),
    st.lists(st.integers(-(10**12), 10**12), max_size=6).map(lambda v: ",".join(map(str, v))),
    words,
)


def assert_clean_exit(code: int, err: str) -> None:
    assert code in (0, 2), code
    assert "Traceback" not in err
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 2000, err


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_no_set_value_breaks_the_command_line(name, tmp_path_factory, capsys):
    # `notebook` checks the values exactly as `run` does, without computing the run.
    out = tmp_path_factory.mktemp("out")
    params = list(EXPERIMENTS[name].specs())

    @CLI_SETTINGS
    @given(st.sampled_from(params), texts)
    def check(param, text):
        capsys.readouterr()
        code = main(["notebook", name, "--preset", "quick", "--set", f"{param}={text}",
                     "--out", str(out), "--force"])
        assert_clean_exit(code, capsys.readouterr().err)

    check()


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(), words),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(words, inner, max_size=4)),
    max_leaves=12,
)


@CLI_SETTINGS
@given(seed=st.one_of(json_values, st.sampled_from(["1e999", "-1e999", "NaN", "4294967296"])),
       pairs=json_values, preset=st.one_of(st.sampled_from(["quick", "paper"]), json_values),
       experiment=st.one_of(st.just("slides-rand"), json_values))
def test_no_run_record_breaks_rerun(seed, pairs, preset, experiment, tmp_path_factory, capsys):
    folder = tmp_path_factory.mktemp("record")
    # Literal number texts (1e999, NaN) are what a hand-edited file may hold.
    seed_text = seed if isinstance(seed, str) else json.dumps(seed)
    (folder / "slides-rand.json").write_text(
        f'{{"experiment": {json.dumps(experiment)}, "preset": {json.dumps(preset)}, '
        f'"seed": {seed_text}, "parameters": {{"pairs": {json.dumps(pairs)}}}}}')
    capsys.readouterr()
    code = main(["rerun", str(folder / "slides-rand.json"), "--out", str(folder / "out")])
    assert_clean_exit(code, capsys.readouterr().err)


@pytest.mark.parametrize("nesting", [10_000, 100_000])
def test_a_deeply_nested_record_is_refused(nesting, tmp_path, capsys):
    (tmp_path / "deep.json").write_text("[" * nesting + "]" * nesting)
    assert main(["rerun", str(tmp_path / "deep.json"), "--out", str(tmp_path / "o")]) == 2
    assert_clean_exit(2, capsys.readouterr().err)

"""``python -m experiments notebook`` writes a notebook that reproduces ``run``'s CSV."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from clusterlab.cli import app_link, main
from experiments import EXPERIMENTS
from tests.app.conftest import open_page
from tests.notebook_runner import ROOT, execute
from ui.navigation import PAGES

ROOT_PAGES = {entry.url_path: entry.path for entry in PAGES}


def test_the_notebook_reproduces_the_run(tmp_path):
    args = ["vinh2009-fig1", "--preset", "quick", "--seed", "6", "--set", "ks=2,5",
            "--set", "random_model=num", "--set", "n_draws=60", "--out", str(tmp_path)]
    assert main(["notebook", *args]) == 0
    assert main(["run", *args,]) == 0
    text = (tmp_path / "vinh2009-fig1.ipynb").read_text()
    first = json.loads(text)["cells"][0]
    assert first["cell_type"] == "markdown"
    assert "vinh_fig=vinh2009-fig1" in first["source"] and "vinh_seed=6" in first["source"]
    printed = execute(text, "print(df.to_csv(index=False), end='')\n"
                            "print(len(figure.data) > 0)")
    csv = (tmp_path / "vinh2009-fig1.csv").read_text()
    assert printed == csv + "True\n"


def test_an_existing_notebook_needs_force(tmp_path, capsys):
    args = ["notebook", "slides-rand", "--out", str(tmp_path)]
    assert main(args) == 0
    assert main(args) == 2 and "--force" in capsys.readouterr().err
    assert main([*args, "--force"]) == 0


def test_every_experiment_links_to_the_page_that_shows_it():
    for name in EXPERIMENTS:
        url = urlsplit(app_link(name, "quick", 2))
        page = url.path.strip("/")
        assert page in ROOT_PAGES, name
        source = (ROOT / ROOT_PAGES[page]).read_text()
        assert f'"{name}"' in source or f"'{name}'" in source, name


@pytest.mark.slow  # an AppTest run of the page
def test_the_link_opens_the_experiment_on_its_page():
    url = urlsplit(app_link("gates2017-fig1", "paper", 2))
    params = {k: v[0] for k, v in parse_qs(url.query).items()}
    at = open_page(ROOT_PAGES[url.path.strip("/")], params)
    assert not at.exception and not at.error
    assert at.selectbox(key="gates_fig").value == "gates2017-fig1"
    assert at.radio(key="gates_preset").value == "paper"
    assert at.number_input(key="gates_seed").value == 2

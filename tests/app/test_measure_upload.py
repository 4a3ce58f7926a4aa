"""The upload page: good files are clustered and scored, bad files explained in place."""

import io
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import adjusted_rand_score, silhouette_score

import clustering
from explorer.notebook import view_notebook
from tests.app.conftest import open_page

PAGE = "app_pages/measure_upload.py"


def label_box(at):
    return next(box for box in at.selectbox if box.label == "Label column")


def shown(at) -> dict[str, float]:
    table = next(d.value for d in at.dataframe if "key" in d.value.columns)
    return dict(zip(table["key"], table["value"], strict=True))


def upload(at, name: str, content: bytes):
    at.file_uploader(key="up_file").upload(name, content)
    return at.run()


def iris_like_csv() -> tuple[bytes, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(c, 0.3, size=(40, 2)) for c in ((0, 0), (3, 0), (0, 3))])
    species = np.repeat(["setosa", "versicolor", "virginica"], 40)
    frame = pd.DataFrame({"length": X[:, 0], "width": X[:, 1], "species": species})
    return frame.to_csv(sep=";", index=False).encode(), X, species


def test_the_sample_is_shown_before_any_upload():
    at = open_page(PAGE)
    assert not at.exception and not at.error
    assert label_box(at).value == "label"
    assert "sample-blobs.csv" in at.markdown[0].value


def test_a_good_file_is_clustered_and_scored_against_its_labels():
    content, X, species = iris_like_csv()
    at = upload(open_page(PAGE), "flowers.csv", content)
    assert not at.exception and not at.error
    assert label_box(at).value == "species"
    found = clustering.run("kmeans", X, random_state=0).labels
    assert shown(at)["ari"] == pytest.approx(adjusted_rand_score(species, found), abs=1e-4)


def test_without_labels_only_internal_indices_are_shown():
    content, X, _ = iris_like_csv()
    numeric_only = pd.DataFrame(X, columns=["length", "width"]).to_csv(index=False).encode()
    at = upload(open_page(PAGE), "flowers.csv", numeric_only)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert label_box(at).value == "(no labels)"
    assert any("No label column" in i.value for i in at.info)
    assert not any("key" in d.value.columns for d in at.dataframe), "no external measures"
    found = clustering.run("kmeans", X, random_state=0).labels
    silhouette = next(m for m in at.metric if m.label == "Silhouette")
    assert float(silhouette.value) == pytest.approx(silhouette_score(X, found), rel=1e-3)


def test_a_text_column_left_as_a_feature_is_explained():
    content, _, _ = iris_like_csv()
    at = upload(open_page(PAGE), "flowers.csv", content)
    label_box(at).select("(no labels)").run()
    assert not at.exception
    # The species column is text, so it cannot be a feature: read_csv says so in place.
    assert len(at.error) == 1 and "non-numeric feature column(s): 'species'" in at.error[0].value


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty"),
        (b"a,b\n1,2\n", "at least 2"),
        (b"a,b\n1,x\n2,y\n", "non-numeric"),
        (b"a,b\n1,2\n3,\n4,5\n", "missing"),
        ("é".encode("latin-1") + b",b\n1,2\n", "UTF-8"),
        (b"a,b\n1,2,3\n4,5\n", "fields"),
        (b"a" * 131_073 + b",b\n1,2\n3,4\n", "field longer than 131,072 characters"),
    ],
    ids=["empty", "one-row", "text", "missing", "latin-1", "ragged", "huge-header"],
)
def test_bad_files_are_explained_in_place(content, message):
    at = upload(open_page(PAGE), "bad.csv", content)
    assert not at.exception
    assert at.error and message in at.error[0].value
    assert "_csv.Error" not in at.error[0].value and "Traceback" not in at.error[0].value


def test_a_file_with_cr_line_ends_is_read():
    # Excel for Mac before 2016 saved "CSV" with a carriage return alone ending each line.
    content, X, species = iris_like_csv()
    at = upload(open_page(PAGE), "old-mac.csv", content.replace(b"\r\n", b"\n").replace(
        b"\n", b"\r"))
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert label_box(at).value == "species"
    found = clustering.run("kmeans", X, random_state=0).labels
    assert shown(at)["ari"] == pytest.approx(adjusted_rand_score(species, found), abs=1e-4)


def test_too_many_rows_are_refused():
    frame = pd.DataFrame({"a": np.arange(6000.0), "b": np.arange(6000.0)})
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    at = upload(open_page(PAGE), "big.csv", buffer.getvalue().encode())
    assert not at.exception
    assert at.error and "more than 5,000 rows" in at.error[0].value


def test_a_new_file_gets_its_own_label_guess():
    at = upload(open_page(PAGE), "bad.csv", b"a,b\n1,x\n2,y\n")
    assert label_box(at).value == "(no labels)"
    content, _, _ = iris_like_csv()
    at = upload(at, "flowers.csv", content)
    assert not at.exception
    assert label_box(at).value == "species"


@pytest.mark.parametrize("algorithm", ["kmeans", "mean_shift", "hierarchical", "gmm"])
def test_overflowing_values_give_messages_not_tracebacks(algorithm):
    at = upload(open_page(PAGE), "huge.csv", b"a,b\n1e300,2\n3,-1e300\n5,6\n7,8\n")
    at.selectbox(key="up_algorithm").select(algorithm).run()
    assert not at.exception
    assert at.error or at.warning


def test_without_labels_colours_follow_the_previous_run():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(c, 0.2, size=(30, 2)) for c in ((0, 0), (4, 0), (0, 4))])
    content = pd.DataFrame(X, columns=["u", "v"]).to_csv(index=False).encode()
    at = upload(open_page(PAGE), "plain.csv", content)
    before = at.session_state["up_previous_labels"].copy()
    at.number_input(key="up_seed").set_value(11).run()
    assert not at.exception
    after = at.session_state["up_previous_labels"]
    # Seed 11 numbers the same three clusters differently; the colours do not move.
    raw = [clustering.run("kmeans", X, random_state=seed).labels for seed in (0, 11)]
    assert (raw[0] != raw[1]).any()
    np.testing.assert_array_equal(before, after)


def test_a_one_column_file_named_label_is_clustered_as_data():
    at = upload(open_page(PAGE), "heights.csv", b"label\n1.0\n1.1\n0.9\n5.0\n5.2\n4.9\n")
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert label_box(at).value == "(no labels)"
    assert label_box(at).options == ["(no labels)", "label"]
    assert "1 features" in at.markdown[0].value


def test_a_tab_separated_file_is_offered_read_and_scored():
    content, X, species = iris_like_csv()
    tsv = content.replace(b";", b"\t")
    at = open_page(PAGE)
    assert "tsv" in [t.lstrip(".") for t in at.file_uploader(key="up_file").proto.type]
    at = upload(at, "flowers.tsv", tsv)
    assert not at.exception and not at.error, [e.value for e in at.error]
    found = clustering.run("kmeans", X, random_state=0).labels
    assert shown(at)["ari"] == pytest.approx(adjusted_rand_score(species, found), abs=1e-4)


def test_a_newline_in_the_file_name_stays_in_the_notebook_title():
    content, _, _ = iris_like_csv()
    at = upload(open_page(PAGE), "flowers\n# Injected heading.csv", content)
    assert not at.exception, at.exception
    intro = json.loads(view_notebook(at.session_state["up_view"]))["cells"][0]["source"]
    title, rest = intro.split("\n", 1)
    assert title.startswith("# ") and "Injected heading" in title
    assert "Injected" not in rest

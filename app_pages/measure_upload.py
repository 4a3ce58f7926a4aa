"""Upload: your own CSV, clustered and scored (against its labels, when it has some)."""

import zlib

import numpy as np
import streamlit as st

import datasets
import metrics
from clustering import ALGORITHMS
from clustering.budget import distances_overflow
from datasets.upload import SAMPLE_NAME, column_names, guess_label_column
from explorer.alignment import align_labels
from explorer.frames import points_frame
from metrics.alignment import score_noise
from plots import cluster_scatter
from ui.budget import rows_that_fit
from ui.cache import projection, run_algorithm
from ui.controls import algorithm_controls
from ui.export import show_chart, stable_colors
from ui.lesson import result_text
from ui.measures import random_model_controls
from ui.notebook import notebook_download
from ui.report import noise_policy_choice, show_contingency, show_internal, show_measures
from ui.text import plain, show_error, show_warning
from ui.upload import parse_upload, sample_csv
from ui.widgets import seed_input

# Rows accepted here: the silhouette and several algorithms cost O(n^2).
MAX_ROWS = 5000
NO_LABELS = "(no labels)"

st.title("Upload your data")
st.caption(
    "A CSV file with a header line, numeric feature columns and, optionally, a column of "
    "true labels. Until you upload one, the page shows a sample file."
)

controls, view = st.columns([1, 2.8], gap="large")
with controls:
    upload = st.file_uploader(
        "CSV file", type=["csv", "tsv", "txt"], key="up_file",
        help=f"Comma, semicolon, tab or | separated; up to {MAX_ROWS:,} rows. Every column "
        "except the label column must be numeric.",
    )
    st.download_button(
        "Sample CSV", sample_csv, file_name=SAMPLE_NAME, mime="text/csv", key="up_sample",
        on_click="ignore", icon=":material/download:",
        help="The sample shown below: three blobs with their true labels in the 'label' column.",
    )
    content = upload.getvalue() if upload is not None else sample_csv()
    name = upload.name if upload is not None else SAMPLE_NAME
    columns = column_names(content)
    guess = guess_label_column(columns)
    options = [NO_LABELS, *columns]
    # One widget per file, so each new file starts from its own guess.
    label_column = st.selectbox(
        "Label column", options, index=options.index(guess) if guess else 0,
        key=f"up_label_{zlib.crc32(content):08x}",
        help="The column with the true classes, if the file has one: it is left out of the "
        "features and used to score the clustering.",
    )
    seed = seed_input("Seed", "up_seed",
        help="Fixes the algorithm's random draws: the same seed gives the same result.")
    standardize = st.toggle(
        "Standardize features", False, key="up_standardize", bind="query-params",
        help="Rescale every feature to mean 0 and standard deviation 1 before clustering "
        "(advised when the columns have different units).",
    )
    algorithm_name, params = algorithm_controls("up")

with view:
    try:
        data = parse_upload(content, name, None if label_column == NO_LABELS else label_column,
                            MAX_ROWS)
        # Values near 1e200 would overflow every squared distance: standardise them.
        rescaled = not standardize and distances_overflow(data.X)
        rows_in_file, sample_rows = data.n_samples, rows_that_fit(algorithm_name,
                                                                   data.X.shape, params)
        # Too many rows for this algorithm on a shared server: refuse, or (the user's choice)
        # cluster a random sample that fits.
        if sample_rows is not None and sample_rows >= 2 and st.toggle(
            f"Cluster a random sample of {sample_rows:,} of the {rows_in_file:,} rows",
            False, key="up_use_sample",
            help="Rows drawn at random with the seed above, kept in file order; every "
            "chart and score below is then about the sample.",
        ):
            data = datasets.subsample(data, sample_rows, random_state=int(seed))
        X = datasets.standardize(data.X) if standardize or rescaled else data.X
        result = run_algorithm(algorithm_name, X, int(seed), params)
    except (ValueError, TypeError) as error:
        show_error(error)
        st.stop()
    if data.n_samples < rows_in_file:
        st.info(f"A random sample of {data.n_samples:,} of the {rows_in_file:,} rows "
                f"(seed {int(seed)}) was clustered: {ALGORITHMS[algorithm_name].label} on "
                "all of them would need more time or memory than this server allows per run.")
    if rescaled:
        st.warning("The values are so large or so close together that their squared "
                   "distances overflow: the features were standardized (mean 0, standard "
                   "deviation 1) before clustering.")
    for warning in result.warnings:
        show_warning(warning)
    has_truth = label_column != NO_LABELS
    st.markdown(
        f"**{plain(name)}**: {data.n_samples} rows, {data.n_features} features"
        + (f", {np.unique(data.y).size} classes in '{plain(label_column)}'" if has_truth else "")
        + ". "
        + result_text(f"{ALGORITHMS[algorithm_name].label} found **{result.n_clusters}** clusters"
                      + (f" and {int((result.labels == -1).sum())} noise points"
                         if (result.labels == -1).any() else "")
                      + f". Seed {int(seed)}.")
    )
    xy, axis_titles = projection(X, data.feature_names)
    shown = (align_labels(data.y, result.labels) if has_truth
             else stable_colors(result.labels, "up_previous_labels"))
    show_chart(
        cluster_scatter(xy, shown, axis_titles=axis_titles,
                        hover_text=[f"class {c}" for c in data.y] if has_truth else None),
        key="up_scatter",
        data=points_frame(xy, cluster=shown, **({"true_class": data.y} if has_truth else {})),
        filename="upload-clusters",
    )

if has_truth:
    with controls:
        policy = noise_policy_choice("up_noise_policy")
        model, one_sided = random_model_controls("up")
    with view:
        try:
            truth, found = score_noise(data.y, result.labels, policy)
            values = metrics.compare(truth, found, random_model=model, one_sided=one_sided)
        except ValueError as error:
            show_error(error)
            st.stop()
        table_tab, measures_tab, internal_tab = st.tabs(
            ["Contingency table", "Every measure", "Internal indices"]
        )
        with table_tab:
            show_contingency(truth, found, "up_heatmap", noise_named=policy == "cluster")
        with measures_tab:
            show_measures(values, "up_scores", truth, found)
        with internal_tab:
            show_internal(X, shown, "up", seed=int(seed))
else:
    with view:
        st.info("No label column: only the internal indices can judge this clustering.")
        show_internal(X, result.labels, "up", seed=int(seed))
with view:
    notebook_download("up", "upload", dict(
        kind="clustering", title=f"{ALGORITHMS[algorithm_name].label} on {name}",
        summary="An uploaded CSV file, clustered and scored.",
        upload=dict(name=name, content=content, max_rows=MAX_ROWS,
                    standardize=standardize or rescaled,
                    label_column=None if label_column == NO_LABELS else label_column,
                    **({"sample_rows": data.n_samples, "sample_seed": int(seed)}
                       if data.n_samples < rows_in_file else {})),
        algorithm=algorithm_name, algorithm_params=result.params, algorithm_seed=int(seed),
        **(dict(measures=list(values), noise_policy=policy,
                options=dict(random_model=model, one_sided=one_sided)) if has_truth else {})))

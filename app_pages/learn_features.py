"""Lesson: the features of a sample, and which of them explain the classes."""

import pandas as pd
import streamlit as st

from datasets import DATASETS
from datasets.stones import STONE_FEATURE_TYPES, stone_collection
from explorer.features import MI_BINS, RANKINGS
from explorer.frames import cells_frame, points_frame
from explorer.slide_tables import MI_SLIDE_PRINTED, mutual_information_example
from metrics import mutual_information
from plots import as_classes, cluster_scatter
from plots.features import feature_by_class, ranking_bars
from plots.heatmap import contingency_heatmap
from ui.cache import load_dataset
from ui.export import show_chart
from ui.feature_space_cache import rankings, selections, stump
from ui.lesson import exercise, key_number, predict_then_reveal, result_text, table

SETS = ("wine", "breast_cancer", "digits", "iris", "xor")
METHOD_LABELS = {"correlation": "Linear correlation |R|",
                 "single_variable": "Single-variable classifier (F-score)",
                 "mutual_information": "Mutual information (nats)"}

st.title("Features: which variables explain the classes?")
st.markdown(
    "A sample is described by its **cardinality** (points), **dimension** (features) and the "
    "**type** of each feature: integer, real, binary or qualitative. The course's stone "
    "collection has all of them:"
)
stones = stone_collection()
table(stones, key="lfe_stones", column_config={
    name: st.column_config.Column(help=f"{kind} feature")
    for name, kind in STONE_FEATURE_TYPES.items()})
st.caption("10 stones (cardinality), 5 features (dimension): weight and wavelength are "
           "integers, shape is categorical, volume and rugosity are real. Would a ranking find "
           "that density = weight / volume matters for telling minerals apart? Only if we add it.")

st.subheader("Variable ranking")
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = st.selectbox("Dataset", SETS, format_func=lambda k: DATASETS[k].label,
                        key="lfe_data", bind="query-params",
                        help="Labelled data: the classes are the target the features should "
                             "explain.")
    st.caption(DATASETS[name].description)
    method = st.radio("Criterion", RANKINGS, format_func=METHOD_LABELS.__getitem__,
                      key="lfe_method", bind="query-params",
                      help="How a single feature's link to the class is measured.")
data = load_dataset(name, 400 if name == "xor" else None, None, 0, False)
names = tuple(data.feature_names)
tables = rankings(data.X, data.y, names)
with view:
    show_chart(ranking_bars(tables[method], title=METHOD_LABELS[method],
                            x_title=METHOD_LABELS[method]),
               key="lfe_ranking", data=tables[method], filename=f"ranking-{name}-{method}",
               alone=True)
    if method == "mutual_information":
        st.caption(f"Discrete features (integers, few values): exact, from frequency counts. "
                   f"Continuous ones: the k-nearest-neighbour estimate (scikit-learn, Kraskov "
                   f"et al. 2004) is the score; beside it the histogram estimate over "
                   f"{MI_BINS} equal-width bins, which depends on the bins.")
        table(tables[method], hide_index=True, key="lfe_mi_table",
              column_config={"exact": st.column_config.NumberColumn(
                  "exact (discrete)", format="%.4f"),
                  "binned": st.column_config.NumberColumn(
                      f"binned ({MI_BINS} bins)", format="%.4f"),
                  "knn": st.column_config.NumberColumn("k-NN estimate", format="%.4f")})
ranks = pd.DataFrame({m: t.reset_index().set_index("feature")["index"] + 1
                      for m, t in tables.items()}).sort_values(method)
with view:
    st.markdown("**Rank of each feature under each criterion.** The ranking depends on the "
                "criterion: correlation sees only linear trends, mutual information any "
                "dependence, the one-feature classifier only what one cut per class can use.")
    table(ranks, key="lfe_ranks", height=250)

st.subheader("A single-variable classifier")
feature = st.selectbox("Feature", names, index=names.index(tables["single_variable"]
                                                           ["feature"][0]),
                       key=f"lfe_feature_{name}", bind="query-params",
                       help="The classifier cuts this feature into one interval per class "
                            "(a decision tree on this feature alone).")
column = names.index(feature)
result = stump(data.X[:, column], data.y)
left, right = st.columns(2, gap="large")
with left:
    show_chart(feature_by_class(data.X[:, column], data.y, result.thresholds, feature=feature),
               key="lfe_hist", data=pd.DataFrame({feature: data.X[:, column], "class": data.y}),
               filename="feature-by-class")
with right:
    classes = [f"class {c}" for c in result.classes]
    show_chart(contingency_heatmap(result.confusion, classes, classes,
                                   col_title="predicted class", title="Confusion matrix"),
               key="lfe_confusion", data=cells_frame(result.confusion, classes, classes),
               filename="confusion-matrix")
    key_number("F-score (macro)", f"{result.fscore:.3f}",
               help="Mean over classes of 2PR / (P + R), as in the slides' "
                    "Forest/Indust./Urban/Water example.")

st.subheader("Features useful only in combination")
xor = load_dataset("xor", 400, None, 0, False)
xor_names = tuple(xor.feature_names)
found = selections(xor.X, xor.y, xor_names, 3)
left, right = st.columns([1, 1.3], gap="large")
with left:
    show_chart(as_classes(cluster_scatter(xor.X[:, :2], xor.y, title="x1 and x2 together")),
               key="lfe_xor", data=points_frame(xor.X[:, :2], true_class=xor.y),
               filename="xor-pair")
with right:
    st.markdown("Forward selection with a wrapper (k-NN accuracy, 5-fold cross-validation):")
    for lookahead, label in ((1, "one feature at a time"), (2, "pairs allowed")):
        st.markdown(f"*{label}*")
        table(found[lookahead], hide_index=True, key=f"lfe_forward_{lookahead}",
              column_config={"score": st.column_config.NumberColumn(
                  "accuracy", format="%.3f")})


def xor_answer() -> None:
    # Ranked only once the answer is revealed (or the ranking above shows XOR): a first
    # visit does not pay for a second dataset's three rankings.
    xor_tables = rankings(xor.X, xor.y, xor_names)
    shown = xor_tables["mutual_information"].set_index("feature").loc[["x1", "x2"]]
    table(shown[["score", "binned"]], key="lfe_xor_mi")
    st.markdown(f"Each of x1 and x2 alone tells almost nothing about the class (about 0 nats; "
                f"a perfect feature would give log 2 = 0.693), but together they give it away: "
                f"accuracy {found[2]['score'][0]:.2f} with the pair.")


st.subheader("The slides' worked example, and its slip")
slide_mi = mutual_information_example()
st.markdown(
    "The course computes I(variable, class) for a variable A-D against three classes, 19 "
    "samples. Its counts give the class totals **6, 3, 10**, but its terms use **6, 7, 6** "
    "(green 7, blue 6). "
    + result_text(
        f"So the printed terms add up to **{slide_mi['term_slide'].sum():.3f} nats**, not the "
        f"slide's ≈ {MI_SLIDE_PRINTED}; with the totals recomputed from the same counts the "
        f"mutual information is **{slide_mi['term'].sum():.4f} nats**.")
)
slide_left, slide_right = st.columns(2)
slide_left.markdown("**As printed** (p(class) x 19 = 6, 7, 6)")
table(slide_mi[["value", "class", "count", "p_value_slide", "p_class_slide",
                "term_slide"]], hide_index=True, key="lfe_slide_mi", where=slide_left)
slide_right.markdown("**Consistent** (p(class) x 19 = 6, 3, 10, from the counts)")
table(slide_mi[["value", "class", "count", "p_class", "term"]],
      hide_index=True, key="lfe_consistent_mi", where=slide_right)

predict_then_reveal(
    "On the XOR data, what is the mutual information between x1 alone and the class?",
    ["About 0", "About half of log 2", "log 2: x1 gives the class away"], 0, xor_answer,
    key="lfe_q1",
)
exercise(
    "mutual information by counting",
    "A yes/no feature against two classes of 4 points: class a has the feature 3 times out "
    "of 4, class b once. Compute I(feature, class) in nats from the frequency counts.",
    lambda: st.latex(
        r"I = 2\cdot\tfrac{3}{8}\log\frac{3/8}{(1/2)(1/2)} + 2\cdot\tfrac{1}{8}\log"
        r"\frac{1/8}{(1/2)(1/2)} = "
        f"{mutual_information(contingency=[[3, 1], [1, 3]]):.4f}" r"\text{ nats}"),
    key="lfe_ex1",
)

"""The slides' hierarchical example: a similarity matrix merged step by step, and the
strengths and limitations of single and complete link."""

from functools import partial

import streamlit as st

from explorer.frames import cells_frame
from explorer.linkage_demos import DEMOS, links_side_by_side
from explorer.linkage_steps import (
    LINK_FORMULAS,
    LINK_RULES,
    SLIDES_ITEMS,
    SLIDES_SIMILARITY,
    cluster_names,
    format_similarity,
    linkage_matrix,
    merge_steps,
    merge_table,
    parse_similarity,
)
from plots.compare import panel_figure
from plots.linkage import animated_dendrogram, similarity_heatmap
from plots.panels import panels
from plots.tables import points_table
from ui import presenter, web
from ui.export import show_chart
from ui.layout import PHONE_WIDTH_PX
from ui.lesson import key_number, result_text
from ui.notebook import notebook_download
from ui.scrub import scrub_to_widget
from ui.stepper import step_controls
from ui.text import show_error
from ui.widgets import seed_input

SOURCES = {"slides": "The slides' items I1 … I5", "own": "A matrix of my own"}
DEMO_TITLES = {"bridge": "Single link chains through a bridge",
               "large_and_small": "Complete link breaks a large cluster"}

# The matrix and the dendrogram side by side cover a third of a 1280x720 screen.
PAIR_HEIGHT = 520
# On a phone each panel is about 125 px wide: the cells' numbers get smaller type so that
# they stay inside their cells, and the tree's axis title (the page's caption says the
# same) goes, since it stood on the matrix. A projector keeps both.
PHONE_CSS = web.filled("linkage_phone.css", PHONE_WIDTH_PX=PHONE_WIDTH_PX)

st.title("Linkage step by step")
st.caption(
    "The slides' worked example: five items and their similarities. Each step merges the two "
    "most similar clusters; their two rows and columns become one, recomputed by the link's "
    "rule. The dendrogram draws each merge at height 1 − similarity."
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    link = st.radio("Link", tuple(LINK_RULES), key="lk_link", bind="query-params",
                    horizontal=True,
                    help="How the merged cluster's similarity to another cluster is computed: "
                         + "; ".join(f"{name}: {rule}" for name, rule in LINK_RULES.items())
                         + ".")
    source = st.radio("Similarities", tuple(SOURCES), format_func=SOURCES.__getitem__,
                      key="lk_source", bind="query-params",
                      help="The slides' 5 x 5 example, or a small matrix you type.")
    if source == "own":
        text = st.text_area(
            "Similarity matrix", format_similarity(SLIDES_SIMILARITY), key="lk_matrix",
            bind="query-params", height=180,
            help="One row per line, numbers separated by spaces: symmetric, 1 on the "
                 "diagonal, every value between 0 and 1, at most 8 items.",
        )

try:
    S = SLIDES_SIMILARITY if source == "slides" else parse_similarity(text)
except ValueError as error:
    with view:
        show_error(error, "This matrix cannot be clustered: ")
    st.stop()
items = SLIDES_ITEMS if source == "slides" else tuple(f"I{i + 1}" for i in range(len(S)))
steps = merge_steps(S, link)
Z = linkage_matrix(steps)
last = len(steps)

with view:
    st.latex(LINK_FORMULAS[link])
    t = step_controls("lk", last, "Merges done", "How many merges to show: 0 is every item "
                      "alone.")
    done = steps[t - 1] if t else None
    upcoming = steps[t] if t < last else None
    matrix = upcoming.matrix if upcoming else done.merged_matrix
    clusters = upcoming.clusters if upcoming else done.merged_clusters
    names = cluster_names(clusters, items)
    if done:
        others = cluster_names(done.merged_clusters, items)
        pair_names = cluster_names([done.clusters[i] for i in done.pair], items)
        st.markdown(result_text(
            f"**Merge {t}:** {pair_names[0]} and {pair_names[1]} at similarity "
            f"**{done.similarity:.3g}** (height {done.height:.3g}). Row {others[-1]} "
            f"recomputed by the {link}-link rule, {LINK_RULES[link]}: "
            + "; ".join(f"{others[row]}: {a:.3g}, {b:.3g} → **{new:.3g}**"
                        for row, a, b, new in done.updates)
            + ("." if done.updates else " no other cluster is left.")
        ))
    if upcoming:
        pair_names = cluster_names([upcoming.clusters[i] for i in upcoming.pair], items)
        st.markdown(result_text(f"Next: the most similar pair is **{pair_names[0]}** and "
                                f"**{pair_names[1]}** ({upcoming.similarity:.3g}, outlined)."))
    # The matrix and the tree as one chart. Every number of merges travels with it: Play,
    # Pause and its slider grow the tree in the browser; where it stops comes back to
    # "Merges done" and the link.
    pair = panels(
        [similarity_heatmap(matrix, names, pair=upcoming.pair if upcoming else None,
                            merged=len(names) - 1 if done else None),
         animated_dendrogram(Z, items, t)],
        titles=["Similarity matrix now", "Dendrogram"], horizontal_spacing=0.2)
    # Each cell prints its similarity, so the colour bar goes (it stood on the tree's
    # axis), and the matrix's column names go under it (above, they met its title).
    pair.update_traces(showscale=False, selector={"type": "heatmap"})
    pair.update_layout(height=PAIR_HEIGHT, font={"size": 15}, xaxis_side="bottom",
                       margin={"l": 40, "r": 10, "t": 50, "b": 40})
    st.html(f"<style>{PHONE_CSS}</style>")
    show_chart(pair, "lk_merges", data=merge_table(steps, items), filename="linkage_merges",
               more_data={"similarity_matrix": cells_frame(matrix, names, names)},
               under=partial(scrub_to_widget, "lk_merges", "merges", "lk_step",
                             list(range(last + 1)), [str(v) for v in range(last + 1)],
                             through=True))
    notebook_download("lk", "linkage_steps", dict(
        kind="linkage_steps", title=f"{link.capitalize()} link, step by step",
        summary="Agglomerative clustering of a similarity matrix, merge by merge.",
        similarity=S.tolist(), items=items, link=link, step=t))
    cols = presenter.number_columns(3, beside=controls)
    key_number("Merges", f"{t} / {last}", help="Merges done / merges in all.", where=cols[0])
    key_number("Clusters", len(names), help="Rows of the matrix now.", where=cols[1])
    key_number("Last merge height", "—" if done is None else f"{done.height:.3g}",
               help="1 − similarity of the last merge: where it joins on the dendrogram.",
               where=cols[2])

st.subheader("Strengths and limitations")
with st.columns([1, 3])[0]:
    seed = seed_input("Data seed", "lk_seed",
                      help="Draws the demo points again: the lesson should not depend on it.")
# Only the open tab is drawn: each tab holds two charts of its own, and a browser drawing
# all four took a third of the page's drawing. The tab is in the link, so a lesson step
# can open it.
demo_tabs = st.tabs(list(DEMO_TITLES.values()), key="lk_demo", on_change="rerun",
                    bind="query-params")
for tab, (name, (make, lesson)) in zip(demo_tabs, DEMOS.items(), strict=True):
    if not tab.open:
        continue
    with tab:
        st.caption(lesson + " Each tree is cut into two clusters.")
        X, y = make(int(seed))
        labels, scores = links_side_by_side(X, y)
        for column, (which, found) in zip(st.columns(len(labels)), labels.items(),
                                          strict=True):
            with column:
                ari = float(scores.set_index("link").loc[which, "ari"])
                key_number(f"{which} link: ARI", f"{ari:.2f}",
                           help="Adjusted Rand index of the two clusters against the two "
                                "groups the points were drawn from.")
                show_chart(
                    panel_figure(X, found, ("x1", "x2"), height=300),
                    f"lk_{name}_{which}",
                    data=points_table(X, found, group=y),
                )

"""The computations behind the Explore pages, free of any UI library.

Pages call these pure functions (cached with ``st.cache_data``) and hand the results to the
figure builders in ``plots``: teaching steps of k-means, the decision graph of density peaks
with centres a student picked, the dendrogram cut, parameter sweeps and the algorithm gallery.
"""

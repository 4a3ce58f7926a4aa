"""Settings shared by the whole suite.

Hypothesis: on CI (the ``CI`` environment variable set, as CI services do) the ``ci`` profile
derandomizes the examples, so a run's result does not depend on the day or the order of the
tests; locally the default profile keeps exploring new examples.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

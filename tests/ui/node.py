"""node, which runs the checks of ui/web/*.js (Debian's nodejs)."""

import os
import shutil

import pytest


def node_path() -> str:
    """The path of node; without it a failure under CLUSTERLAB_REQUIRE_BROWSER=1 (CI), else a
    skip."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CLUSTERLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("node is needed to check ui/web/*.js: apt-get install -y nodejs")
        pytest.skip("node is not installed (apt-get install -y nodejs)")
    return found

"""A non-editable install (``pip install .``): the app starts with the repository's settings,
and the console command ends a Ctrl-C during its start-up in one line.

The install goes into a throwaway virtual environment that borrows the test environment's
libraries (a ``.pth`` file) so that only ClusterLab itself is built and copied; ``clusterlab
app`` then runs from that environment, far from the repository.
"""

import filecmp
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.browser.conftest import streamlit_server
from tests.browser.pageutils import open_app
from tests.clusterlab.test_cli import assert_ctrl_c_while_loading_ends_in_one_line

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(".streamlit") / "config.toml"
# What `pip install .` does not need: the build runs on a copy without them.
NOT_BUILT = {".git", ".venv", "tests", "benchmarks", "docs", "build", "out", "data",
             ".pytest_cache", ".ruff_cache", ".hypothesis"}


def _copy_sources(target: Path) -> None:
    def ignore(directory: str, names: list[str]) -> set[str]:
        top = NOT_BUILT if Path(directory) == ROOT else set()
        return {n for n in names if n in top or n == "__pycache__" or n.endswith(".egg-info")}

    shutil.copytree(ROOT, target, ignore=ignore)


def _site_packages(python: Path) -> Path:
    script = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(subprocess.run([str(python), "-c", script], check=True, capture_output=True,
                               text=True).stdout.strip())


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtual environment holding a non-editable install of ClusterLab."""
    base = tmp_path_factory.mktemp("install")
    _copy_sources(base / "source")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # The dependencies come from the test environment, listed after the venv's own packages.
    borrowed = _site_packages(Path(sys.executable))
    (_site_packages(python) / "borrowed.pth").write_text(f"{borrowed}\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--quiet", str(base / "source")], check=True)
    shutil.rmtree(base / "source")  # the app must not lean on the copy it was built from
    return venv


def test_installed_app_has_the_repository_settings(installed, page, tmp_path):
    installed_app = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "from clusterlab.cli import APP; print(APP)"],
        check=True, capture_output=True, text=True, cwd=tmp_path).stdout.strip()
    site = _site_packages(installed / "bin" / "python")
    assert Path(installed_app) == site / "app.py"
    # The settings ship as the one file, beside the app where Streamlit looks for them.
    assert filecmp.cmp(site / CONFIG, ROOT / CONFIG, shallow=False)
    # `clusterlab serve` fills the nginx template the package carries, not the repository's.
    hall = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "from pathlib import Path; "
         "from clusterlab.serve import TEMPLATE, render_config; print(TEMPLATE); "
         "print(render_config(['127.0.0.1:8601'], '8080', Path('/tmp/hall')))"],
        check=True, capture_output=True, text=True, cwd=tmp_path).stdout
    assert Path(hall.splitlines()[0]).is_relative_to(site), hall
    assert "server 127.0.0.1:8601 max_fails=1 fail_timeout=5s;" in hall
    limit = tomllib.loads((ROOT / CONFIG).read_text())["server"]["maxUploadSize"]
    with streamlit_server(tmp_path / "server.log",
                          command=[str(installed / "bin" / "clusterlab"), "app"],
                          cwd=tmp_path) as url:
        open_app(page, url, "measure_upload")
        uploader = page.locator('[data-testid="stFileUploaderDropzoneInstructions"]')
        # Streamlit's own default is 200 MB: this text shows the file was read.
        assert uploader.inner_text().startswith(f"{limit}MB per file")



def test_installed_command_ends_a_ctrl_c_during_start_up_in_one_line(installed, tmp_path):
    assert_ctrl_c_while_loading_ends_in_one_line([str(installed / "bin" / "clusterlab"), "list"],
                                                 tmp_path)

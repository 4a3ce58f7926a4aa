"""Where the app is: the paths the commands that start it (`clusterlab app`, `clusterlab
serve`) share, so neither imports the other for them."""

from pathlib import Path

#: The Streamlit entry point: beside this package in the repository and in an installed copy
#: (pyproject.toml installs app.py, app_server.py, app_pages/ and lessons/ next to the
#: packages).
APP = Path(__file__).resolve().parents[1] / "app.py"
#: What ``streamlit run`` starts: `APP` with the class pulse's route (`ui.class_pulse`).
SERVER = APP.with_name("app_server.py")

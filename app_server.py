"""ClusterLab served with the class pulse: ``python -m streamlit run app_server.py``.

The app is app.py, run as Streamlit runs it; this adds the route a student's class page waits
on for the teacher's move (`ui.class_pulse`). Every command that starts the app starts this.
"""

from pathlib import Path

import streamlit as st

from ui import class_pulse

app = st.App(Path(__file__).with_name("app.py"), routes=class_pulse.routes())

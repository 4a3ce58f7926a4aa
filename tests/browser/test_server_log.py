"""The browser tests' server-log check forgives Streamlit's websocket race at a browser's
leaving (conftest's `_DISCONNECT_RACE`) and nothing else."""

from tests.browser.conftest import _without_disconnect_race

SITE = "/venv/lib/python3.11/site-packages"
RACE = f"""Exception in ASGI application
Traceback (most recent call last):
  File "{SITE}/streamlit/web/server/starlette/starlette_websocket.py", line 516, in _websocket_endpoint
    data = await websocket.receive_bytes()
starlette.websockets.WebSocketDisconnected: WebSocket is not connected. Need to call "accept" first.

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "{SITE}/starlette/websockets.py", line 104, in send
    raise WebSocketDisconnected('Cannot call "send" once a close message has been sent.')
starlette.websockets.WebSocketDisconnected: Cannot call "send" once a close message has been sent.
"""  # noqa: E501 (a log's lines are as long as they are)
OURS = """Traceback (most recent call last):
  File "/repo/ui/classroom.py", line 9, in class_bar
ValueError: a fault of the app's own
"""


def test_the_disconnect_race_is_forgiven_and_nothing_else():
    started = "2026-11-30 08:50:18.722 Uvicorn server started\n"
    assert "Traceback" not in _without_disconnect_race(started + RACE + "  Stopping...\n")
    assert "ValueError" in _without_disconnect_race(started + RACE + OURS)
    assert "ValueError" in _without_disconnect_race(started + OURS + RACE)
    # The race's first half alone (a receive that failed for another reason) stays.
    first_half = RACE.split("\n\nDuring handling")[0] + "\n"
    assert "Traceback" in _without_disconnect_race(started + first_half)

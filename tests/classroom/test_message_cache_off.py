"""The browser's cache of large messages is off (.streamlit/config.toml): a reference to an
entry the browser had dropped ended a following student's connection for good."""

import tomllib
from pathlib import Path

import pytest
from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.forward_msg_cache import populate_hash_if_needed

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"
OPTION = "global.minCachedMessageSize"
STREAMLIT_DEFAULT = config.get_config_options()[OPTION].default_val


def cacheable_with(min_size: float, text_bytes: int) -> bool:
    """Whether Streamlit marks a markdown element of ``text_bytes`` as one the browser keeps,
    with the cache threshold at ``min_size``."""
    message = ForwardMsg()
    message.delta.new_element.markdown.body = "x" * text_bytes
    before = config.get_option(OPTION)
    config.set_option(OPTION, min_size)
    try:
        populate_hash_if_needed(message)
    finally:
        config.set_option(OPTION, before)
    return message.metadata.cacheable


@pytest.mark.parametrize("text_bytes", [20_000, 5_000_000])
def test_no_element_is_cached_with_the_apps_threshold(text_bytes):
    threshold = tomllib.loads(CONFIG.read_text())["global"]["minCachedMessageSize"]
    assert not cacheable_with(threshold, text_bytes)
    # Streamlit's own default would cache it: the threshold is what turns the cache off.
    assert cacheable_with(STREAMLIT_DEFAULT, text_bytes)

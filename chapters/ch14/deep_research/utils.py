"""Small text helpers shared by the services."""

from __future__ import annotations

import re

_THINKING = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL | re.IGNORECASE)


def strip_thinking_tokens(text: str) -> str:
    """``text`` without the ``<think>...</think>`` blocks reasoning models write
    (an unclosed one runs to the end)."""
    return _THINKING.sub("", text).strip()


__all__ = ["strip_thinking_tokens"]

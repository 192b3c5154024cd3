"""Tool calls written as JSON text in a reply's content, recognised as calls.

Small local models (Qwen2.5 1.5B on llama.cpp, for instance) are trained to
call tools but often do not emit native ``tool_calls``: they *write* the call
in their answer, in one of a handful of shapes::

    {"name": "calculator", "arguments": {"expression": "2+2"}}
    ```json
    {"name": "calculator", "arguments": "{\\"expression\\": \\"2+2\\"}"}
    ```
    <tool_call>{"name": "calculator", "arguments": {"expression": "2+2"}}</tool_call>
    {"function": {"name": "calculator", "arguments": {...}}}
    [{"name": "a", "arguments": {...}}, {"name": "b", "arguments": {...}}]

:func:`parse_content_tool_calls` finds such JSON (bare, in a code fence, in
``<tool_call>`` tags, or inside a sentence), reads each call, and keeps only
calls to tools that were actually declared, so an answer that merely contains
JSON (``{"name": "Alice", "age": 3}``) is never mistaken for a call. A reply
that clearly tried to call a tool but cannot be used (broken JSON in a
``<tool_call>`` tag, an unknown tool name) comes back with a ``problem`` the
agent can show the model. While a reply streams in, :class:`StreamGate` holds
back text that may turn out to be such a call, so it is never shown as prose.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from typing import Any

from hello_agents.agents.text import cap_note, capped
from hello_agents.core.message import ToolCall
from hello_agents.tools.arguments import json_brackets, literal

# Keys models use for the tool's name and for its arguments, most common first.
NAME_KEYS = ("name", "tool_name", "tool", "function", "action")
ARGUMENT_KEYS = ("arguments", "parameters", "args", "tool_input", "action_input", "input")
# Keys that may sit next to name and arguments without making the object "not a call".
_INCIDENTAL_KEYS = frozenset(
    {"id", "type", "index", "call_id", "thought", "thoughts", "reasoning", "reason"}
)
# Pseudo-tools some models "call" to give their answer (LangChain's "Final Answer").
FINAL_ANSWER_NAMES = frozenset({"final_answer", "finalanswer", "finish", "answer"})

# The body is trimmed afterwards: "\s*(.*?)\s*" would rescan runs of spaces.
_TAG = re.compile(r"<(tool_call|function_call)>(.*?)(?:</\1>|\Z)", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```[ \t]*([\w-]*)[ \t]*\n?(.*?)```", re.DOTALL)
# A line that starts like a tool call written as text (held back while streaming).
_CALL_MARKERS = ("{", "[", "```", "<tool_call", "<function_call")
_CALL_LINE = re.compile(r"^[ \t]*(?:[{\[]|```|<tool_call|<function_call)", re.MULTILINE)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_MAX_LENIENT_CHARS = 20_000  # ast.literal_eval is safe but not meant for huge inputs
_HELD_LINE_CHARS = 64  # a longer last line cannot be the start of a call: show it
# Work allowed to failed JSON attempts in prose, per character of the reply: each
# failure may read far ahead ("[[1,1,1,...") before it fails, and there may be one
# per bracket. Past the budget the rest of the prose is not searched.
_SCAN_BUDGET_PER_CHAR = 1
_MAX_REPAIRED_CHARS = 100_000  # longer JSON is read strictly, without repairs
_MAX_PROSE_VALUES = 256  # JSON values read from prose: a reply with more is data, not calls
# Where a JSON object or array may start: "{" then a key or "}", "[" then a value or "]".
_JSON_START = re.compile(r'\{\s*["}]|\[\s*[\[\]{"\-0-9tfn]')


@dataclass(frozen=True)
class ContentToolCalls:
    """What a reply's content holds, read as tool calls.

    Attributes:
        calls: The recognised calls to declared tools, in order (ids are left
            empty: the agent assigns them).
        text: The content with the recognised calls (and their fences or tags)
            removed: prose the model wrote around them, or the whole content
            when nothing was recognised.
        final_answer: The answer, when the model "called" a final-answer
            pseudo-tool (``{"action": "Final Answer", "action_input": ...}``).
        problem: Why a reply that tried to call a tool could not be used
            (invalid JSON in a tag or fence, an undeclared tool), for the model.
    """

    calls: tuple[ToolCall, ...] = ()
    text: str = ""
    final_answer: str | None = None
    problem: str | None = None


@dataclass(frozen=True)
class _Candidate:
    """A piece of content that may be JSON: where it is, and how sure we are it is a call."""

    start: int
    end: int
    json_text: str
    explicit: bool  # in a <tool_call> tag, a json fence, or the whole reply
    fallback: bool = False  # the whole reply, unreadable: used only if nothing else was


def parse_content_tool_calls(content: str, tool_names: Collection[str]) -> ContentToolCalls:
    """Recognise JSON tool calls written in plain content.

    Args:
        content: The model's text.
        tool_names: The tools that were declared; calls to other names are
            ignored (or reported as a problem when the reply was clearly a call).

    Returns:
        The calls, the remaining text, a final answer or a problem (see
        :class:`ContentToolCalls`). No calls and no problem means: plain text.
    """
    content, was_capped = capped(content)
    calls: list[ToolCall] = []
    used: list[_Candidate] = []
    final_answer: str | None = None
    problems: list[str] = []
    for candidate in _json_candidates(content):
        if candidate.fallback and calls:
            continue
        value = loads_lenient(candidate.json_text)
        if value is None:
            if candidate.explicit and _mentions_call(candidate.json_text):
                problems.append(f"the tool call is not valid JSON: {_json_error(candidate)}")
                used.append(candidate)
            continue
        shaped = list(read_call_shapes(value))
        if not shaped:
            if candidate.explicit and _empty_call_list(value):
                problems.append("the reply holds an empty list of tool calls")
                used.append(candidate)
            continue
        for name, arguments in shaped:
            if name in tool_names and (candidate.explicit or arguments is not None):
                calls.append(ToolCall(id="", name=name, arguments=arguments or "{}"))
            elif _normalised(name) in FINAL_ANSWER_NAMES and candidate.explicit:
                final_answer = _answer_text(arguments or "")
            elif candidate.explicit and arguments is not None:  # {"name": "Bob"} is just data
                declared = ", ".join(sorted(tool_names)) or "none"
                problems.append(f"{name!r} is not an available tool (available: {declared})")
            else:
                continue
            if candidate not in used:
                used.append(candidate)
    problem = "; ".join(problems)
    return ContentToolCalls(
        calls=tuple(calls),
        text=_without(content, used),
        final_answer=final_answer,
        problem=problem + cap_note(was_capped) if problem else None,
    )


def read_call_shapes(value: Any) -> Iterator[tuple[str, str | None]]:
    """Yield ``(name, arguments)`` for every call-shaped object in ``value``.

    Accepts a list of calls, ``{"tool_calls": [...]}``, ``{"tool_call": {...}}``,
    ``{"function": {"name", "arguments"}}``, and flat objects with a name key
    (:data:`NAME_KEYS`) and an optional arguments key (:data:`ARGUMENT_KEYS`).
    An object with any other key is data, not a call. ``arguments`` is the
    arguments as text (JSON, or the string the model wrote), or None when the
    object had no arguments key at all.
    """
    if isinstance(value, list):
        for item in value:
            yield from read_call_shapes(item)
        return
    if not isinstance(value, dict):
        return
    for wrapper in ("tool_calls", "tool_call", "function_call"):
        if wrapper in value and set(value) - _INCIDENTAL_KEYS == {wrapper}:
            yield from read_call_shapes(value[wrapper])
            return
    nested = value.get("function")
    if isinstance(nested, dict) and set(value) - _INCIDENTAL_KEYS == {"function"}:
        yield from read_call_shapes(nested)
        return
    name_key = next((key for key in NAME_KEYS if isinstance(value.get(key), str)), None)
    if name_key is None:
        return
    argument_keys = [key for key in ARGUMENT_KEYS if key in value]
    if len(argument_keys) > 1 or set(value) - _INCIDENTAL_KEYS - {name_key, *argument_keys}:
        return  # extra keys: an ordinary JSON object that happens to have a "name"
    if not argument_keys:
        yield str(value[name_key]).strip(), None
        return
    yield str(value[name_key]).strip(), arguments_as_text(value[argument_keys[0]])


def arguments_as_text(arguments: Any) -> str:
    """Arguments as the text a native call carries: JSON, or the string the model wrote."""
    if arguments is None:
        return "{}"
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments, ensure_ascii=False)


def loads_lenient(text: str) -> Any:
    """Read JSON as small models write it; ``None`` when it cannot be read.

    Tries, in order: strict JSON; JSON without trailing commas; JSON with the
    missing closing brackets added (a reply cut short); a Python literal
    (single quotes, ``True``/``None``), read safely with ``ast.literal_eval`` and
    kept only when JSON could hold it (a set or bytes is None).
    Repairs are tried up to 100,000 characters, Python literals up to 20,000;
    a value nested thousands deep or with a number of thousands of digits is None.
    """
    text = text.strip()
    for attempt in _repairs(text):
        try:
            return json.loads(attempt)
        except json.JSONDecodeError:
            continue
        except (ValueError, RecursionError):  # a 5,000-digit number, nesting thousands deep
            return None
    if len(text) <= _MAX_LENIENT_CHARS and text[:1] in "{[":
        try:
            value = literal(text)
            # Only what JSON can say: a set, bytes or a complex number is not an argument
            # object (tuples become lists, as JSON has them).
            return json.loads(json.dumps(value))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
    return None


def _repairs(text: str) -> Iterator[str]:
    """``text``, then without trailing commas, then with its open brackets closed (if different)."""
    yield text
    if len(text) > _MAX_REPAIRED_CHARS:
        return
    repaired = _TRAILING_COMMA.sub(r"\1", text)
    if repaired != text:
        yield repaired
    closed = _closed(repaired)
    if closed != repaired:
        yield closed


class StreamGate:
    """Decides which streamed text reaches the user, and when.

    Without ``hold_json``, text passes through at once. With it, prose passes
    through until a line starts like a tool call written as text (``{``, ``[``,
    a code fence or a ``<tool_call>`` tag); from there on the text is held
    back until the reply is complete, and :meth:`finish` shows what is left of
    the final answer. ``separator`` goes before the first text shown (to set
    it apart from an earlier round's).
    """

    def __init__(self, *, hold_json: bool, separator: str = "") -> None:
        self.hold_json = hold_json
        self.separator = separator
        self.shown = ""
        self._pending = ""
        self._holding = False

    def feed(self, text: str) -> Iterator[str]:
        """Yield what may be shown now of a new piece of text."""
        if not self.hold_json:
            if text:
                yield self._show(text)
            return
        self._pending += text
        if self._holding:
            return
        suspicious = _CALL_LINE.search(self._pending)
        if suspicious is not None:
            cut, self._holding = suspicious.start(), True
        else:
            cut = _shown_safely(self._pending)
        ready, self._pending = self._pending[:cut], self._pending[cut:]
        if ready:
            yield self._show(ready)

    def finish(self, answer: str) -> Iterator[str]:
        """Yield whatever of the final ``answer`` has not been shown yet."""
        shown, answer = self.shown.lstrip(), answer.lstrip()
        if answer.startswith(shown):
            rest = answer[len(shown) :]
        elif answer.startswith(shown.rstrip()):
            rest = answer[len(shown.rstrip()) :].lstrip()
        else:
            rest = ("\n\n" if shown else "") + answer
        if rest:
            yield self._show(rest)

    def _show(self, text: str) -> str:
        if not self.shown:
            text = self.separator + text
        self.shown += text
        return text


def _shown_safely(text: str) -> int:
    """How much of ``text`` can be shown: all but a last line that may still become a call."""
    line_start = text.rfind("\n") + 1
    if len(text) - line_start > _HELD_LINE_CHARS:
        return len(text)  # so long a line is not the start of a call, and holding it costs
    tail = text[line_start:].lstrip(" \t")
    if any(marker.startswith(tail) for marker in _CALL_MARKERS):
        return line_start
    return len(text)


# ---- finding the JSON ---------------------------------------------------------------


def _json_candidates(content: str) -> Iterator[_Candidate]:
    """Tagged blocks, fenced blocks, then JSON values found in the remaining prose.

    Linear in the length of the content: blocks already taken are looked up by
    bisection, the next bracket is found once per position, and failed JSON
    attempts in prose share a work budget.
    """
    tags = _Spans()
    for match in _TAG.finditer(content):
        tags.add(match.span())
        yield _Candidate(*match.span(), match.group(2).strip(), explicit=True)
    fences = _Spans()
    for match in _FENCE.finditer(content):
        if tags.overlaps(match.span()):
            continue
        body = match.group(2).strip()
        language = match.group(1).lower()
        fences.add(match.span())  # code in other languages is never scanned for JSON
        if language in ("", "json", "tool_call", "tool_code") and body.startswith(("{", "[")):
            yield _Candidate(*match.span(), body, explicit=True)
        elif language in ("json", "tool_call") and not body:
            yield _Candidate(*match.span(), '{"tool_calls": []}', explicit=True)  # empty block
    whole_start = len(content) - len(content.lstrip())
    whole_end = len(content.rstrip())
    decoder = json.JSONDecoder()
    budget = _SCAN_BUDGET_PER_CHAR * len(content) + 4096
    found = 0
    position = 0
    unreadable_whole: _Candidate | None = None
    while position < len(content):
        if position <= whole_start < len(content) and content[whole_start] in "{[":
            start = whole_start  # the whole reply is tried even as Python or broken JSON
        else:
            plausible = _JSON_START.search(content, position)
            if plausible is None or found >= _MAX_PROSE_VALUES:
                break
            start = plausible.start()
        if tags.overlaps((start, start + 1)) or fences.overlaps((start, start + 1)):
            position = start + 1
            continue
        try:
            end, cost = _decode_at(decoder, content, start)
        except RecursionError:
            break  # absurdly deep nesting: not a tool call, and not worth scanning further
        if end is None:
            if start == whole_start:  # the whole reply, but not strict JSON
                candidate = _Candidate(start, len(content), content[start:], explicit=True)
                if loads_lenient(candidate.json_text) is not None:
                    yield candidate  # repairable: trailing commas, cut short, Python quotes
                    return
                unreadable_whole = replace(candidate, fallback=True)
            budget -= cost
            if budget < 0:
                break
            position = start + 1  # e.g. '{{"name": ...}': the call starts one brace later
            continue
        explicit = start == whole_start and end == whole_end
        found += 1
        yield _Candidate(start, end, content[start:end], explicit=explicit)
        position = end
    if unreadable_whole is not None:
        yield unreadable_whole


def _decode_at(decoder: json.JSONDecoder, content: str, start: int) -> tuple[int | None, int]:
    """Where the JSON value starting at ``start`` ends (None if it is not JSON), and the work done.

    The value is decoded from a window that grows only while the failure may
    be the window's own end: ``json`` builds each error by counting the lines
    before it, so decoding in place would cost the whole prefix per failure.

    Raises:
        RecursionError: The value is nested thousands deep.
    """
    size, work = 64, 0
    while True:
        piece = content[start : start + size]
        complete = start + size >= len(content)
        work += len(piece)
        try:
            _, end = decoder.raw_decode(piece)
        except json.JSONDecodeError as error:
            cut_short = error.pos >= len(piece) - 16 or error.msg.startswith("Unterminated")
            if complete or not cut_short:
                return None, work
        except ValueError:  # a number of thousands of digits
            return None, work
        else:
            if complete or end < len(piece):
                return start + end, work
        size *= 4


class _Spans:
    """Non-overlapping ``(start, end)`` spans added in order, with an overlap test by bisection."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def add(self, span: tuple[int, int]) -> None:
        self._starts.append(span[0])
        self._ends.append(span[1])

    def overlaps(self, span: tuple[int, int]) -> bool:
        index = bisect.bisect_left(self._ends, span[0] + 1)  # the first span ending after start
        return index < len(self._starts) and self._starts[index] < span[1]


def strip_tool_call_markup(text: str) -> str:
    """``text`` without ``<tool_call>`` / ``<function_call>`` blocks (for final answers)."""
    return _TAG.sub("", text).strip()


def _without(content: str, used: list[_Candidate]) -> str:
    """The content with the used candidates cut out."""
    kept, position = [], 0
    for candidate in sorted(used, key=lambda c: c.start):
        kept.append(content[position : candidate.start])
        position = max(position, candidate.end)
    kept.append(content[position:])
    text = re.sub(r"\n{3,}", "\n\n", "".join(kept)).strip()
    return "" if used and not text.strip("{}[]`") else text  # no stray brackets left


def _closed(text: str) -> str:
    """``text`` with the brackets it left open closed (outside strings)."""
    stack: list[str] = []
    open_string = ""
    for bracket in json_brackets(text):
        if bracket in "{[":
            stack.append("}" if bracket == "{" else "]")
        elif bracket in "}]" and stack:
            stack.pop()
        elif bracket == '"':
            open_string = '"'
    return text + open_string + "".join(reversed(stack))


def _mentions_call(text: str) -> bool:
    """Whether broken JSON still looks like a tool call (it has a name-like key)."""
    return any(f'"{key}"' in text or f"'{key}'" in text for key in NAME_KEYS)


def _empty_call_list(value: Any) -> bool:
    """``{"tool_calls": []}`` (or an empty json block): the form of a call, with no call."""
    if isinstance(value, dict) and set(value) - _INCIDENTAL_KEYS == {"tool_calls"}:
        return bool(value["tool_calls"] == [])
    return False


def _json_error(candidate: _Candidate) -> str:
    try:
        json.loads(candidate.json_text)
    except json.JSONDecodeError as error:
        return f"{error.msg} at line {error.lineno}, column {error.colno}"
    except RecursionError:
        return "nested too deeply"
    except ValueError as error:  # a number of more than 4,300 digits
        return str(error)
    return "unreadable"


def _normalised(name: str) -> str:
    return re.sub(r"[\s_-]+", "_", name.strip().lower())


def _answer_text(arguments: str) -> str:
    """The text of a final-answer pseudo-call: its only value, or the arguments as given."""
    value = loads_lenient(arguments) if arguments[:1] in "{[" else arguments
    if isinstance(value, dict) and len(value) == 1:
        value = next(iter(value.values()))
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


__all__ = [
    "ARGUMENT_KEYS",
    "FINAL_ANSWER_NAMES",
    "NAME_KEYS",
    "ContentToolCalls",
    "StreamGate",
    "arguments_as_text",
    "loads_lenient",
    "parse_content_tool_calls",
    "read_call_shapes",
    "strip_tool_call_markup",
]

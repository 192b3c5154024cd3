"""Reading a ReAct reply: Thought, then one Action (``tool[input]`` or ``Finish[answer]``).

Real models, small local ones especially, rarely write the format exactly.
:func:`parse_react_reply` accepts what they actually write:

* labels plain or decorated: ``Action:``, ``**Action:**``, ``**Action**:``,
  ``### Action:``, ``- Action:``, any case, full-width colons, Chinese labels;
* the action bare, in backticks, or in a code fence; on the label's line or the next;
* ``tool[input]`` with nested brackets, JSON or newlines inside the input,
  tool names with ``-`` or ``.``; ``tool(input)``; a JSON object
  (``{"tool": ..., "input": ...}``); LangChain's ``Action:`` + ``Action Input:``;
* ``Finish[answer]`` spanning several lines, ``Finish: answer``, or
  ``Final Answer: answer``;
* an Observation the model invented: everything from it on is ignored;
* several actions in one reply: the first is kept, the others counted as discarded.

The result is a :class:`ParsedReply`; a reply with no usable action carries an
``error`` saying what was missing, which the agent turns into an observation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from hello_agents.agents.parsing import (
    cap_note,
    capped,
    matching_bracket,
    strip_code_fences,
    strip_wrapping,
)

_LABEL_NAMES = {
    "thought": "thought",
    "思考": "thought",
    "action input": "action_input",
    "action": "action",
    "行动": "action",
    "final answer": "final",
    "最终答案": "final",
    "observation": "observation",
    "观察": "observation",
}
# A label at the start of a line, with optional markdown decoration around it.
# The decoration is skipped with str.lstrip and the label matched from there:
# one regex with a starred class followed by more optional stars backtracks
# quadratically on a line of a million "*" or tabs.
_DECORATION = " \t>#*-0123456789."
_LABEL_WORD = re.compile(
    r"thought|思考|action[ \t]+input|action|行动|final[ \t]+answer|最终答案|observation|观察",
    re.IGNORECASE,
)
_TOOL_NAME = r"[A-Za-z_\u4e00-\u9fff][\w.\-\u4e00-\u9fff]*"
_CALL_START = re.compile(rf"^(?P<name>{_TOOL_NAME})[ \t]*(?P<open>[\[(])")
_FINISH_START = re.compile(r"finish[ \t]*(?P<open>\[)", re.IGNORECASE)
_FINISH_COLON = re.compile(r"^finish[ \t]*[:：][ \t]*(?P<answer>.+)", re.IGNORECASE | re.DOTALL)


THOUGHT_WITHOUT_ACTION = (
    "your reply has a Thought but no Action line. If your Thought already gives the answer, "
    "reply with that Thought and Action: Finish[...] with the answer"
)
"""The parse error of a reply that thinks but does not act (models often stop
there once they have the answer)."""


@dataclass(frozen=True)
class _Label:
    """A label found at the start of a line: where it starts, where its text begins."""

    start: int
    end: int
    label: str


@dataclass(frozen=True)
class ReActAction:
    """A tool call parsed from a reply: the tool's name and its raw input text."""

    tool: str
    input: str


@dataclass(frozen=True)
class ParsedReply:
    """What one ReAct reply contained.

    Attributes:
        thought: The reasoning, if the model wrote one.
        action: The tool call to run, if any.
        final_answer: The answer, when the model finished.
        error: Why no action could be read (``None`` when one was).
        discarded_actions: Further actions in the same reply that were ignored.
    """

    thought: str | None = None
    action: ReActAction | None = None
    final_answer: str | None = None
    error: str | None = None
    discarded_actions: int = 0


def parse_react_reply(text: str, tool_names: Iterable[str] = ()) -> ParsedReply:
    """Parse one model reply in the ReAct format.

    Args:
        text: The model's reply.
        tool_names: Known tool names; with them, an unlabelled ``tool[input]``
            in the text is still recognised.

    Returns:
        The parsed reply; never raises.
    """
    text, was_capped = capped(text)
    clean = strip_code_fences(text)
    labels = _labels(clean)
    sections = _sections(clean, labels)
    thought = _first(sections, "thought")
    actions = [body for label, body in sections if label == "action"]
    action_input = _first(sections, "action_input")
    final = _first(sections, "final")
    # Actions after an invented Observation are discarded too: count them all.
    written = sum(1 for found in labels if found.label == "action")
    discarded = max(written - 1, 0)

    if actions:
        parsed = _parse_action(actions[0], action_input)
        if parsed is not None:
            return _with(parsed, thought, discarded)
        return ParsedReply(
            thought=thought,
            error=f"the Action {actions[0].strip()[:80]!r} is neither tool_name[input] "
            "nor Finish[answer]",
            discarded_actions=discarded,
        )
    if final is not None and final.strip():
        return ParsedReply(thought=thought, final_answer=final.strip())
    loose = _find_unlabelled(strip_code_fences(text), set(tool_names))
    if loose is not None:
        return _with(loose, thought, 0)
    if thought:
        return ParsedReply(thought=thought, error=THOUGHT_WITHOUT_ACTION + cap_note(was_capped))
    return ParsedReply(thought=thought, error="the reply has no Action line" + cap_note(was_capped))


def _labels(text: str) -> list[_Label]:
    """Every label at the start of a line (``**Action:**``, ``### Thought 2:`` ...), in order.

    One pass over the lines; each line is looked at once, so the cost is linear.
    """
    found: list[_Label] = []
    line_start = 0
    while line_start <= len(text):
        line_end = text.find("\n", line_start)
        line_end = len(text) if line_end == -1 else line_end
        label = _label_on_line(text, line_start, line_end)
        if label is not None:
            found.append(label)
        line_start = line_end + 1
    return found


def _label_on_line(text: str, line_start: int, line_end: int) -> _Label | None:
    """The label that starts the line ``text[line_start:line_end]``, if there is one."""
    position = line_start
    while position < line_end and text[position] in _DECORATION:
        position += 1
    word = _LABEL_WORD.match(text, position, line_end)
    if word is None:
        return None
    position = _skip(text, word.end(), line_end, " \t*")
    digits = _skip(text, position, line_end, "0123456789")  # "Thought 2:"
    if digits > position:
        position = _skip(text, digits, line_end, " \t")
    if position >= line_end or text[position] not in ":：":
        return None
    end = _skip(text, position + 1, line_end, " \t*")
    name = _LABEL_NAMES[" ".join(word.group().lower().split())]
    return _Label(line_start, end, name)


def _skip(text: str, position: int, end: int, characters: str) -> int:
    """The first index from ``position`` (before ``end``) not holding one of ``characters``."""
    while position < end and text[position] in characters:
        position += 1
    return position


def _sections(text: str, labels: list[_Label]) -> list[tuple[str, str]]:
    """Split the text at labels; stop at the first Observation after an Action."""
    sections: list[tuple[str, str]] = []
    seen_action = False
    for index, found in enumerate(labels):
        end = labels[index + 1].start if index + 1 < len(labels) else len(text)
        if found.label == "observation":
            if seen_action:
                break  # the model invented the observation: ignore it and all after
            continue
        seen_action = seen_action or found.label == "action"
        sections.append((found.label, text[found.end : end]))
    return sections


def _first(sections: list[tuple[str, str]], label: str) -> str | None:
    for name, body in sections:
        if name == label:
            return body.strip()
    return None


def _with(parsed: ReActAction | str, thought: str | None, discarded: int) -> ParsedReply:
    if isinstance(parsed, str):
        return ParsedReply(thought=thought, final_answer=parsed, discarded_actions=discarded)
    return ParsedReply(thought=thought, action=parsed, discarded_actions=discarded)


def _parse_action(body: str, action_input: str | None) -> ReActAction | str | None:
    """An Action's body as a tool call, a final answer (str), or None."""
    value = strip_wrapping(body)
    finish = _finish_answer(value)
    if finish is not None:
        return finish
    if value.startswith("{"):
        return _json_action(value)
    call = _bracket_call(value)
    if call is not None:
        return call
    name = strip_wrapping(value.splitlines()[0] if value else "")
    if action_input is not None and re.fullmatch(_TOOL_NAME, name):
        if name.lower() == "finish":
            return strip_wrapping(action_input)
        return ReActAction(name, strip_wrapping(action_input))
    return None


def _finish_answer(value: str) -> str | None:
    match = _FINISH_START.match(value)
    if match:
        return _bracket_body(value, match.start("open")).strip()
    colon = _FINISH_COLON.match(value)
    if colon:
        return strip_wrapping(colon.group("answer"))
    return None


def _bracket_call(value: str) -> ReActAction | None:
    match = _CALL_START.match(value)
    if match is None:
        return None
    return ReActAction(match.group("name"), _bracket_body(value, match.start("open")).strip())


def _bracket_body(value: str, open_at: int) -> str:
    """Text inside the bracket at ``open_at``; tolerant of unbalanced brackets."""
    close = matching_bracket(value, open_at)
    if close is None:  # unbalanced: take up to the last closing bracket of that kind
        closer = "]" if value[open_at] == "[" else ")"
        last = value.rfind(closer)
        close = last if last > open_at else len(value)
    return value[open_at + 1 : close]


def _json_action(value: str) -> ReActAction | str | None:
    close = matching_bracket(value, 0)
    try:
        data = json.loads(value[: close + 1] if close is not None else value)
    except (ValueError, RecursionError):  # bad JSON, a 5,000-digit number, deep nesting
        return None
    if not isinstance(data, dict):
        return None
    name = next((data[k] for k in ("tool", "name", "action", "tool_name") if k in data), None)
    raw_input = next(
        (
            data[k]
            for k in ("input", "action_input", "arguments", "args", "tool_input")
            if k in data
        ),
        "",
    )
    if not isinstance(name, str):
        return None
    text_input = raw_input if isinstance(raw_input, str) else json.dumps(raw_input)
    return text_input if name.lower() == "finish" else ReActAction(name, text_input)


def _find_unlabelled(text: str, tool_names: set[str]) -> ReActAction | str | None:
    """``Finish[...]`` or ``known_tool[...]`` written without an Action label."""
    finish = _FINISH_START.search(text)
    if finish:
        return _bracket_body(text, finish.start("open")).strip()
    if not tool_names:
        return None
    bracket = text.find("[")
    while bracket != -1:
        name = _name_before(text, bracket)
        if name in tool_names:
            return ReActAction(name, _bracket_body(text, bracket).strip())
        bracket = text.find("[", bracket + 1)
    return None


def _name_before(text: str, bracket: int) -> str:
    """The tool name written just before the ``[`` at ``bracket`` ("" if none).

    Walks back over name characters, then forward to the first one a name may
    start with: the same name a ``tool_name[`` regex search would find, without
    a regex that rescans every long word from each of its letters.
    """
    start = bracket
    while start > 0 and _is_name_character(text[start - 1]):
        start -= 1
    while start < bracket and not _starts_name(text[start]):
        start += 1
    return text[start:bracket]


def _is_name_character(character: str) -> bool:
    return character.isalnum() or character in "_.-"


def _starts_name(character: str) -> bool:
    return (character.isascii() and (character.isalpha() or character == "_")) or (
        "\u4e00" <= character <= "\u9fff"
    )


__all__ = ["THOUGHT_WITHOUT_ACTION", "ParsedReply", "ReActAction", "parse_react_reply"]

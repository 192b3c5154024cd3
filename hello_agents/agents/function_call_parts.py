"""Small pieces of :class:`~hello_agents.agents.function_call_agent.FunctionCallAgent`'s loop.

* :func:`call_key` and :func:`unique_call_id`: recognising the same call twice,
  and giving every call of a run its own id;
* :func:`normalise_tool_choice` and :func:`checked_iterations`: the agent's
  arguments, checked when it is built and when a run starts;
* :class:`HeldBackText`: how a streamed reply is shown, never a tool call
  written as text;
* :class:`FunctionCallTutorialNames`: the helper names the tutorial's
  FunctionCallAgent has, for code written against them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from hello_agents.agents.content_tool_calls import StreamGate
from hello_agents.agents.prompts import render
from hello_agents.agents.tool_call_json import ToolChoice, tool_choice_name
from hello_agents.agents.tool_support import ToolRound, ToolUsingAgent
from hello_agents.core.exceptions import AgentArgumentError, ToolException
from hello_agents.core.loop import check_count
from hello_agents.core.message import Message, ToolCall
from hello_agents.core.response import LLMResponse
from hello_agents.tools.result import ToolResult

TOOL_CHOICES = ("auto", "none", "required")


class HeldBackText:
    """The display of a streamed reply: prose at once, a tool call written as
    text held back (see :class:`~hello_agents.agents.content_tool_calls.StreamGate`)."""

    def __init__(self, hold_json: bool) -> None:
        self._gate = StreamGate(hold_json=hold_json)

    def feed(self, text: str) -> str:
        return "".join(self._gate.feed(text))

    def flush(self) -> str:
        return ""


# ---- what the agent says ----------------------------------------------------------------

PARSE_ERROR_FEEDBACK = (
    "Your last reply looked like a tool call but could not be used: {problem}.\n"
    "Call one of the available tools ({tools}) with a JSON object such as "
    '{"name": "<tool>", "arguments": {...}}, or answer in plain text.'
)
"""Told to the model when it wrote an unusable tool call as text ({problem}, {tools})."""

NO_FINAL_ANSWER = (
    "No final answer after {rounds} tool round(s): the model still wanted to call "
    "{tools}. Last tool result: {last_result}"
)
"""The answer when even the final call (tool_choice="none") only asked for tools."""

EMPTY_ANSWER = "(The model returned an empty answer.)"
"""The answer when the model's final reply had no text at all."""

RESULT_REMINDER = (
    "You already have the result of {call}: {result}\n"
    "Do not call it again. Answer the user's question now, using this result."
)
"""Told to the model when it repeats a call whose result it already has."""

KEPT_RESULT = (
    "{result}\n\n(The result of {call}, as the tool returned it: the model's final "
    "reply did not state it. The reply was: {reply})"
)
"""The answer when the final reply dropped the last tool result (see :func:`lost_result`)."""

UNUSED_QUANTITIES = (
    "Not yet: the question gives {quantities}, and none of your tool calls has used it, "
    "so your answer is not complete. Call the next tool, with {quantities} and the "
    "results you have."
)
"""Told to the model, once per run, when its answer left numbers of the question unused."""

UNGROUNDED_NUMBERS = (
    "Not yet: your answer gives {numbers}, which neither the question nor a tool result "
    "gave you. Call the tool that finds or computes it."
)
"""Told to the model, once per run, when it answered with a number before any tool call."""

UNUSED_RESULT = (
    "Not yet: your answer uses nothing of what the tools returned. {call} returned: "
    "{result}\nAnswer the user's question with this result."
)
"""Told to a small model, once per run, when its answer took nothing from any tool
result (see :func:`~hello_agents.agents.result_use.uses_results`)."""

DEFAULT_PROMPTS = {
    "parse_error": PARSE_ERROR_FEEDBACK,
    "no_final_answer": NO_FINAL_ANSWER,
    "result_reminder": RESULT_REMINDER,
    "kept_result": KEPT_RESULT,
    "unused_quantities": UNUSED_QUANTITIES,
    "ungrounded_numbers": UNGROUNDED_NUMBERS,
    "unused_result": UNUSED_RESULT,
}
"""FunctionCallAgent's templates, by the names ``custom_prompts`` uses."""
REQUIRED_PLACEHOLDERS = {
    "parse_error": ("problem",),
    "no_final_answer": (),
    "result_reminder": ("result",),
    "kept_result": ("result",),
    "unused_quantities": ("quantities",),
    "ungrounded_numbers": ("numbers",),
    "unused_result": ("result",),
}


# ---- small helpers ----------------------------------------------------------------------


def call_key(call: ToolCall) -> tuple[str, str]:
    """A call's name and arguments, normalised, to recognise the same call twice."""
    try:
        arguments = json.dumps(json.loads(call.arguments), sort_keys=True)
    except json.JSONDecodeError:
        arguments = call.arguments.strip()
    return call.name.strip(), arguments


def unique_call_id(proposed: str, taken: set[str]) -> str:
    """``proposed`` if it is a fresh, non-empty id, else a generated one; remembers it."""
    candidate = proposed.strip()
    number = len(taken) + 1
    while not candidate or candidate in taken:
        candidate = f"call_{number}"
        number += 1
    taken.add(candidate)
    return candidate


def normalise_tool_choice(choice: ToolChoice) -> ToolChoice:
    """Check a tool choice; a bare tool name becomes the API's named-function form.

    Raises:
        AgentArgumentError: For a choice that is neither a known string nor a named function.
    """
    if isinstance(choice, str):
        if choice in TOOL_CHOICES:
            return choice
        if choice.strip():
            return {"type": "function", "function": {"name": choice.strip()}}
    elif tool_choice_name(choice) is not None:
        return choice
    raise AgentArgumentError(
        f"invalid tool_choice {choice!r}: use 'auto', 'none', 'required', a tool name, or "
        '{"type": "function", "function": {"name": ...}}'
    )


def checked_iterations(value: object) -> int:
    """``value`` if it is a valid ``max_tool_iterations`` (an integer >= 0).

    Raises:
        AgentArgumentError: Otherwise.
    """
    return check_count("max_tool_iterations", value)


class FunctionCallTutorialNames(ToolUsingAgent):
    """The helpers of the tutorial's FunctionCallAgent, over this package's pieces."""

    def _build_tool_schemas(self) -> list[dict[str, Any]]:
        """The ``tools=`` list sent to the API: one function schema per tool."""
        return self.tool_registry.to_openai_schema()

    def _invoke_with_tools(
        self,
        messages: list[Message] | list[dict[str, Any]],
        tools: list[dict[str, Any]],
        tool_choice: ToolChoice = "auto",
        **kwargs: Any,
    ) -> LLMResponse:
        """One model call with tools, through the agent (hooks, Config, context
        budget); returns the :class:`LLMResponse` record, not the SDK's object."""
        start = [m if isinstance(m, Message) else Message.from_dict(m) for m in messages]
        return self.call_llm(start, tools=tools, tool_choice=tool_choice, **kwargs)

    @staticmethod
    def _extract_message_content(content: Any) -> str:
        """The text of a message's content: a string, or the text parts of a list."""
        if content is None:
            return ""
        if isinstance(content, list):
            return "".join(
                str(part.get("text", "")) if isinstance(part, dict) else str(part)
                for part in content
            )
        return str(content)

    @staticmethod
    def _parse_function_call_arguments(arguments: str | None) -> dict[str, Any]:
        """A call's JSON arguments as a dict; ``{}`` when absent. Invalid JSON is
        not guessed at: the registry's guard reports it to the model instead.

        Raises:
            ToolException: If ``arguments`` is not a JSON object.
        """
        if not arguments or not arguments.strip():
            return {}
        try:
            parsed = json.loads(arguments)
        except (ValueError, RecursionError) as error:
            raise ToolException(f"tool-call arguments are not valid JSON: {error}") from error
        if not isinstance(parsed, dict):
            raise ToolException(f"tool-call arguments must be a JSON object, got {arguments!r}")
        return parsed

    def _convert_parameter_types(self, tool_name: str, params: dict[str, Any]) -> dict[str, Any]:
        """``params`` validated and converted by the tool's schema (``"3"`` -> ``3``
        for an integer); unknown tools or invalid values are returned unchanged,
        and the guard reports them when the call runs."""
        tool = self.tool_registry.get_tool(tool_name)
        if tool is None:
            return params
        try:
            return tool.validate_arguments(params)
        except ValidationError:  # the guard gives the model the precise error later
            return params


__all__ = [
    "DEFAULT_PROMPTS",
    "EMPTY_ANSWER",
    "KEPT_RESULT",
    "NO_FINAL_ANSWER",
    "PARSE_ERROR_FEEDBACK",
    "REQUIRED_PLACEHOLDERS",
    "RESULT_REMINDER",
    "TOOL_CHOICES",
    "UNGROUNDED_NUMBERS",
    "UNUSED_QUANTITIES",
    "UNUSED_RESULT",
    "FunctionCallTutorialNames",
    "HeldBackText",
    "call_key",
    "checked_iterations",
    "describe_call",
    "is_short_value",
    "kept_answer",
    "lost_result",
    "normalise_tool_choice",
    "result_of",
    "rounds_to",
    "single_value",
    "states_a_number",
    "states_value",
    "successful_calls",
    "unique_call_id",
]


# ---- a computed result is never lost ----------------------------------------------------

_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?|[-+]?\.\d+")
_NUMBER_WORD = re.compile(
    r"\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half)\b",
    re.IGNORECASE,
)


def states_a_number(text: str) -> bool:
    """Whether ``text`` writes a number, in digits or in (English) words."""
    return bool(_numbers(text) or _NUMBER_WORD.search(text))


def _numbers(text: str) -> list[tuple[float, int]]:
    """Every number written in ``text``, with its count of decimals (``1,776.50`` -> 1776.5, 2)."""
    found = []
    for raw in _NUMBER.findall(text):
        plain = raw.replace(",", "")
        try:
            value = float(plain)
        except ValueError:
            continue
        found.append((value, len(plain.partition(".")[2])))
    return found


def single_value(result: ToolResult) -> str | None:
    """The result's text when it is one number: a successful result that is a
    number, with at most a short unit (``56``, ``25.0 °C``, ``$1,776``, ``12 %``),
    not a sentence that happens to hold one (``Room B-12, second floor``)."""
    text = result.content.strip()
    if not result.ok or "\n" in text or len(text) > 60 or len(_numbers(text)) != 1:
        return None
    unit = _NUMBER.sub("", text).strip()
    return text if len(unit) <= 12 and " " not in unit.strip(" $%") else None


def states_value(answer: str, value: str) -> bool:
    """Whether ``answer`` states ``value``: the same text (any case), or, for a
    number, a number equal to it or to it rounded to the answer's decimals."""
    if value.lower() in answer.lower():
        return True
    wanted = _numbers(value)
    if len(wanted) != 1:
        return False
    return any(rounds_to(number, decimals, wanted[0][0]) for number, decimals in _numbers(answer))


def rounds_to(stated: float, decimals: int, target: float) -> bool:
    """Whether ``stated``, written with ``decimals`` decimals, is ``target`` or
    ``target`` rounded to that many decimals (22.05 or 22 for 22.046226)."""
    return abs(stated - target) <= max(1e-9 * abs(target), 0.5 * 10.0**-decimals)


def lost_result(rounds: Sequence[ToolRound], answer: str) -> tuple[ToolCall, str] | None:
    """The last tool result, if the answer dropped it: the call and its value.

    The rule, meant to hold for any task: the run's last round made one call,
    which returned a single number (a count, a price, a conversion), and the answer states no
    number at all, in digits or words ("Thank you for providing the conversion result."): an
    answer to a question whose last step computed a number, which carries no
    number, has lost it. An answer with other numbers is left alone (it may
    have computed something from the result), and so are text results, whose
    answer may rightly rephrase them.
    """
    if not rounds or len(rounds[-1].calls) != 1:
        return None  # several calls in the last round: the answer may combine them
    call, result = rounds[-1].calls[-1], rounds[-1].results[-1]
    value = single_value(result)
    if value is None or states_value(answer, value) or states_a_number(answer):
        return None
    return call, value


def result_of(rounds: Sequence[ToolRound], calls: Sequence[ToolCall]) -> tuple[ToolCall, str]:
    """The earlier call matching the last of ``calls``, and what it returned."""
    wanted = call_key(calls[-1])
    for past in reversed(rounds):
        for call, result in zip(past.calls, past.results, strict=True):
            if call_key(call) == wanted:
                return call, result.content
    return calls[-1], "(no result recorded)"


def kept_answer(template: str, lost: tuple[ToolCall, str] | None, answer: str) -> str:
    """``answer``, or ``template`` filled with the ``lost`` call and result (and the answer)."""
    if lost is None:
        return answer
    reply = answer.strip() or "(empty)"
    return render(template, call=describe_call(lost[0]), result=lost[1], reply=reply)


def successful_calls(rounds: Sequence[ToolRound]) -> list[tuple[ToolCall, str]]:
    """The calls of ``rounds`` that succeeded, each with its result's text, in order."""
    return [
        (call, result.content)
        for step in rounds
        for call, result in zip(step.calls, step.results, strict=True)
        if result.ok
    ]


def is_short_value(text: str) -> bool:
    """Whether a tool result is a value rather than a document: one line of at most
    80 characters (``15840 feet``, ``pu-level``, ``Wednesday``)."""
    text = text.strip()
    return bool(text) and "\n" not in text and len(text) <= 80


def describe_call(call: ToolCall) -> str:
    """``name(arguments)`` as the model wrote them."""
    return f"{call.name}({call.arguments})"

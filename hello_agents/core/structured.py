"""Structured output: a pydantic model in, a validated instance out.

    plan = generate_structured(llm, "Plan two days in Hangzhou.", TripPlan)

How the model is held to the shape depends on what its server offers
(:func:`structured_mode`):

* ``"json_schema"``: the request carries ``response_format`` with the model's
  JSON Schema; llama.cpp, Ollama, vLLM and LM Studio enforce it while the model
  writes (a grammar), OpenAI by its structured outputs;
* ``"json_object"``: ``response_format={"type": "json_object"}``: valid JSON,
  any shape (DeepSeek, Qwen, Kimi, Zhipu);
* ``"prompt"``: the schema is only described in the system prompt.

In every mode the reply is read as JSON and validated by pydantic (the schema
cannot say everything a validator checks). When it does not validate, the
model gets a bounded number of repair turns that quote the validation errors;
when those fail too, :class:`StructuredOutputError` says what went wrong. Nothing
is ever made up in the model's place.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from hello_agents.core.exceptions import LLMRequestError, LLMResponseError, LLMStatusError
from hello_agents.core.message import LLMResponse, Message, to_wire_messages

if TYPE_CHECKING:
    from hello_agents.core.agent import Agent
    from hello_agents.core.llm import BaseLLM, Messages

logger = logging.getLogger(__name__)

OutputT = TypeVar("OutputT", bound=BaseModel)
StructuredMode = Literal["auto", "json_schema", "json_object", "prompt"]

SCHEMA_PROMPT = """\
Answer with one JSON object that matches this JSON Schema, and nothing else \
(no prose, no comments):
{schema}"""
"""Added to the system prompt ({schema}: the output model's JSON Schema)."""

REPAIR_PROMPT = """\
Your reply could not be used: {problem}
{errors}
Reply again with the whole corrected JSON object, and nothing else."""
"""The repair turn ({problem}: what failed; {errors}: one line per validation error)."""

JSON_SCHEMA_SERVERS = frozenset({"llama.cpp", "ollama", "vllm", "lmstudio"})
"""Server kinds that enforce ``response_format``'s JSON Schema while the model writes."""
JSON_SCHEMA_PROVIDERS = frozenset({"openai", "embedded", "ollama", "vllm"})
"""Providers whose API accepts ``response_format={"type": "json_schema", ...}``."""
JSON_OBJECT_PROVIDERS = frozenset({"deepseek", "qwen", "kimi", "zhipu"})
"""Providers with JSON mode (``{"type": "json_object"}``) but no schema."""

_FENCE = re.compile(r"```(?:json)?\s*\n?(.*?)```", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class StructuredAttempt:
    """One reply of the model and why it was refused (``errors`` empty: accepted)."""

    reply: str
    errors: tuple[str, ...] = ()


class StructuredOutputError(LLMResponseError):
    """The model's replies did not validate against the output model, repairs included.

    Attributes:
        output_model: The pydantic model's name.
        mode: How the shape was asked for (``"json_schema"``, ``"json_object"``, ``"prompt"``).
        attempts: Every reply, with the errors that refused it.
    """

    def __init__(self, output_model: str, mode: str, attempts: Sequence[StructuredAttempt]) -> None:
        self.output_model = output_model
        self.mode = mode
        self.attempts = list(attempts)
        last = self.attempts[-1].errors if self.attempts else ()
        shown = "; ".join(last[:5]) + (f"; ... ({len(last) - 5} more)" if len(last) > 5 else "")
        super().__init__(
            f"The model's reply did not validate as {output_model} after "
            f"{len(self.attempts)} attempt(s) (mode {mode}). Last problems: {shown}"
        )


@dataclass
class _Exchange:
    """The conversation of one structured call, as it grows."""

    messages: list[dict[str, Any]]
    options: dict[str, Any]
    attempts: list[StructuredAttempt] = field(default_factory=list)


def structured_mode(llm: BaseLLM) -> str:
    """How ``llm`` can be held to a schema: ``"json_schema"``, ``"json_object"`` or ``"prompt"``."""
    if llm.server_kind() in JSON_SCHEMA_SERVERS:
        return "json_schema"
    provider = (getattr(llm, "provider", "") or "").lower()
    if provider in JSON_SCHEMA_PROVIDERS:
        return "json_schema"
    if provider in JSON_OBJECT_PROVIDERS:
        return "json_object"
    return "prompt"


def response_format(output_model: type[BaseModel], mode: str) -> dict[str, Any] | None:
    """The ``response_format`` request field for ``mode`` (None for ``"prompt"``)."""
    if mode == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {
                "name": output_model.__name__,
                "schema": output_model.model_json_schema(),
                "strict": False,
            },
        }
    if mode == "json_object":
        return {"type": "json_object"}
    return None


def parse_json_reply(text: str) -> Any:
    """The JSON value a reply holds: the whole text, a fenced block, or the first object.

    Raises:
        ValueError: No JSON object could be read (the message says why).
    """
    stripped = re.sub(r"<think>.*?</think>", "", text, flags=re.DOTALL).strip()
    if not stripped:
        raise ValueError("the reply was empty")
    candidates = [stripped, *(block.strip() for block in _FENCE.findall(stripped))]
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    decoder = json.JSONDecoder()
    for start in (index for index, char in enumerate(stripped) if char == "{"):
        try:
            value, _ = decoder.raw_decode(stripped, start)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    try:
        json.loads(stripped[stripped.find("{") :] if "{" in stripped else stripped)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"no JSON object could be read ({error.msg} at char {error.pos})"
        ) from None
    raise ValueError("no JSON object could be read")


def validation_lines(error: ValidationError) -> list[str]:
    """One line per problem: where (``days.0.location.latitude``), what, and the value given."""
    lines = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(part) for part in problem["loc"]) or "(the object)"
        given = problem.get("input")
        shown = json.dumps(given, ensure_ascii=False, default=str)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        lines.append(f"{where}: {problem['msg']} (got {shown})")
    return lines


def _steps(
    exchange: _Exchange, output_model: type[OutputT], max_repairs: int
) -> Generator[None, str, OutputT]:
    """The structured call's loop: send, read, validate, repair; yields for each model call.

    The driver sends ``exchange.messages`` with ``exchange.options`` and sends the
    reply's text back in.
    """
    name = output_model.__name__
    for _attempt in range(max_repairs + 1):
        reply = yield
        try:
            return output_model.model_validate(parse_json_reply(reply))
        except ValueError as error:  # ValidationError is a ValueError too
            if isinstance(error, ValidationError):
                problem, errors = f"it does not match {name}.", validation_lines(error)
            else:
                problem, errors = f"{error}.", []
        exchange.attempts.append(StructuredAttempt(reply, tuple(errors or [problem])))
        logger.info("structured %s: reply refused (%s)", name, "; ".join(errors or [problem]))
        exchange.messages.append({"role": "assistant", "content": reply})
        lines = "\n".join(f"- {line}" for line in errors)
        exchange.messages.append(
            {"role": "user", "content": REPAIR_PROMPT.format(problem=problem, errors=lines)}
        )
    raise StructuredOutputError(name, _mode_of(exchange), exchange.attempts)


def _mode_of(exchange: _Exchange) -> str:
    kind = (exchange.options.get("response_format") or {}).get("type")
    return str(kind) if kind else "prompt"


def _start(
    messages: Messages,
    output_model: type[BaseModel],
    mode: str,
    options: dict[str, Any],
    refused: list[StructuredAttempt] | None = None,
) -> _Exchange:
    """The first request: the schema in the system prompt, ``response_format`` per mode."""
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    wire = [dict(message) for message in to_wire_messages(list(messages))]  # type: ignore[arg-type]
    schema = json.dumps(output_model.model_json_schema(), ensure_ascii=False)
    instruction = SCHEMA_PROMPT.format(schema=schema)
    if wire and wire[0].get("role") == "system":
        wire[0]["content"] = f"{wire[0].get('content') or ''}\n\n{instruction}".strip()
    else:
        wire.insert(0, {"role": "system", "content": instruction})
    request = dict(options)
    shape = response_format(output_model, mode)
    if shape is not None:
        request["response_format"] = shape
    return _Exchange(wire, request, refused if refused is not None else [])


def _run(
    exchange: _Exchange,
    output_model: type[OutputT],
    max_repairs: int,
    call: Callable[[list[dict[str, Any]], dict[str, Any]], LLMResponse],
    fall_back: bool,
) -> OutputT:
    steps = _steps(exchange, output_model, max_repairs)
    next(steps)
    while True:
        try:
            response = call(exchange.messages, exchange.options)
        except (LLMRequestError, LLMStatusError) as error:
            # A server that refuses response_format (HTTP 400) gets the prompt alone.
            if not (
                fall_back and "response_format" in exchange.options and error.status_code == 400
            ):
                raise
            logger.warning("response_format refused (%s); asking by prompt alone", error)
            exchange.options.pop("response_format")
            fall_back = False
            continue
        try:
            steps.send(response.content or "")
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def _check(mode: str, max_repairs: int) -> None:
    if mode not in ("auto", "json_schema", "json_object", "prompt"):
        raise ValueError(f"mode must be auto, json_schema, json_object or prompt, not {mode!r}")
    if max_repairs < 0:
        raise ValueError(f"max_repairs must be 0 or more, got {max_repairs}")


def generate_structured(
    llm: BaseLLM,
    messages: Messages,
    output_model: type[OutputT],
    *,
    mode: StructuredMode = "auto",
    max_repairs: int = 2,
    refused: list[StructuredAttempt] | None = None,
    **options: Any,
) -> OutputT:
    """Ask the model for an instance of ``output_model``.

    Args:
        llm: Any client (HelloAgentsLLM, ScriptedLLM ...).
        messages: The conversation (a string is one user message).
        output_model: The pydantic model the answer must validate as.
        mode: ``"auto"`` (:func:`structured_mode`), or force one mode.
        max_repairs: Repair turns after the first reply (0: one reply only).
        refused: A list that receives each refused reply with its errors (to see
            how many repairs a success took).
        **options: Chat-completions parameters (``temperature``, ``max_tokens`` ...).

    Returns:
        The validated instance.

    Raises:
        StructuredOutputError: No reply validated (every reply and its errors attached).
        LLMException: The model could not be called.
    """
    _check(mode, max_repairs)
    chosen = structured_mode(llm) if mode == "auto" else mode
    exchange = _start(messages, output_model, chosen, options, refused)
    return _run(
        exchange,
        output_model,
        max_repairs,
        lambda wire, request: llm.chat(wire, **request),
        fall_back=mode == "auto",
    )


async def agenerate_structured(
    llm: BaseLLM,
    messages: Messages,
    output_model: type[OutputT],
    *,
    mode: StructuredMode = "auto",
    max_repairs: int = 2,
    refused: list[StructuredAttempt] | None = None,
    **options: Any,
) -> OutputT:
    """Async twin of :func:`generate_structured` (the model call runs in a thread)."""
    import asyncio
    import functools

    call = functools.partial(
        generate_structured,
        llm,
        messages,
        output_model,
        mode=mode,
        max_repairs=max_repairs,
        refused=refused,
    )
    return await asyncio.to_thread(call, **options)


def run_structured(
    agent: Agent,
    input_text: str,
    output_model: type[OutputT],
    *,
    mode: StructuredMode = "auto",
    max_repairs: int = 2,
    refused: list[StructuredAttempt] | None = None,
    **options: Any,
) -> OutputT:
    """An agent's answer as an instance of ``output_model``.

    The agent's system prompt and history come first, its hooks and Config apply
    to every model call, and the exchange (the question and the accepted JSON)
    joins its history.

    Args:
        agent: Any agent (its ``llm``, ``system_prompt`` and history are used).
        input_text: The question.
        output_model: The pydantic model the answer must validate as.
        mode: As for :func:`generate_structured`.
        max_repairs: As for :func:`generate_structured`.
        refused: As for :func:`generate_structured`.
        **options: Chat-completions parameters.

    Returns:
        The validated instance.

    Raises:
        StructuredOutputError: No reply validated.
    """
    _check(mode, max_repairs)
    chosen = structured_mode(agent.llm) if mode == "auto" else mode
    exchange = _start(agent.build_messages(input_text), output_model, chosen, options, refused)

    def call(wire: list[dict[str, Any]], request: dict[str, Any]) -> LLMResponse:
        sent = [Message(item.get("content") or "", item["role"]) for item in wire]
        return agent.call_llm(sent, **request)

    result = _run(exchange, output_model, max_repairs, call, fall_back=mode == "auto")
    agent.add_message(Message(input_text, "user"))
    agent.add_message(Message(result.model_dump_json(), "assistant"))
    return result


__all__ = [
    "JSON_OBJECT_PROVIDERS",
    "JSON_SCHEMA_PROVIDERS",
    "JSON_SCHEMA_SERVERS",
    "REPAIR_PROMPT",
    "SCHEMA_PROMPT",
    "StructuredAttempt",
    "StructuredOutputError",
    "agenerate_structured",
    "generate_structured",
    "parse_json_reply",
    "response_format",
    "run_structured",
    "structured_mode",
    "validation_lines",
]

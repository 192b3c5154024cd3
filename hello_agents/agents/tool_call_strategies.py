"""How a FunctionCallAgent asks for tool calls, and how it reads them back.

Cloud models answer OpenAI's ``tools=`` with native ``tool_calls``. Small local
models served by llama.cpp mostly do not: they write the call as JSON text in
their answer. A :class:`ToolCallStrategy` hides that difference from the agent's
loop. It decides what to add to each request and turns each response into a
:class:`ModelTurn`: text, and the calls to run.

* ``"native"`` (:class:`NativeToolCalls`): ``tools`` + ``tool_choice``; only
  native ``tool_calls`` count.
* ``"content"`` (:class:`ContentFallbackToolCalls`): the same request; when a
  reply has no native calls, a JSON tool call written in its content counts too.
* ``"json_schema"`` (:class:`JsonSchemaToolCalls`): no ``tools``; the request
  carries ``response_format`` with a JSON Schema that is a union of "call tool
  X with arguments of X's schema" and "give the final answer", which
  llama.cpp-style servers enforce by grammar. After each tool result the
  model is asked to answer now or call the next tool.
* ``"forced"`` (:class:`ForcedToolCalls`): ``tools`` plus a ``final_answer``
  tool, ``tool_choice="required"``, and the reply started for the model with
  ``<tool_call>`` (Hermes-style chat templates: Qwen, Hermes ...), so even a
  small local model returns native ``tool_calls``; it answers by calling
  ``final_answer``.
* ``"auto"``: by the server behind the endpoint, detected once per base URL
  (:data:`KIND_STRATEGY`: llama.cpp, Ollama, vLLM and LM Studio get
  ``"json_schema"``), else by provider (:data:`AUTO_STRATEGY`: other local
  servers ``"content"``), else ``"native"`` (cloud providers).

The JSON the strategies ask for and read back (calls, answers, the reply
schema, the ``final_answer`` tool) is built and read in
:mod:`hello_agents.agents.tool_call_json`.

Write your own by subclassing :class:`ToolCallStrategy` and pass an instance as
``FunctionCallAgent(..., tool_call_strategy=MyStrategy())``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from hello_agents.agents.aids.passing_calls import passing_schema
from hello_agents.agents.content_tool_calls import parse_content_tool_calls
from hello_agents.agents.text import render
from hello_agents.agents.tool_call_json import (
    ANSWER_KEYS,
    FINAL_ANSWER_PREFILL,
    FINAL_ANSWER_SCHEMA,
    FINAL_ANSWER_TOOL,
    TOOL_CALL_PREFILL,
    ToolChoice,
    answer_from_json,
    answer_tail,
    call_json,
    final_answer_argument,
    reply_schema,
    tool_choice_name,
)
from hello_agents.core.exceptions import AgentException
from hello_agents.core.message import LLMResponse, Message, ToolCall
from hello_agents.tools.arguments import signature
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

# The strategy "auto" picks for each provider; any other provider gets "native".
AUTO_STRATEGY: dict[str, str] = {
    "local": "content",
    # The embedded llama.cpp server enforces response_format by grammar. On the
    # benchmark's ten typed-tool tasks: 1.5B 8/10 (forced 7, content 5), 0.5B 6/10
    # (forced 4, content 1); see docs/local-model.md.
    "embedded": "json_schema",
    "ollama": "content",
    "vllm": "content",
}

# The strategy "auto" picks for a server kind (hello_agents.local.server_kind),
# before the provider's: each of these servers enforces response_format's JSON
# Schema (llama.cpp and LM Studio by grammar, Ollama by its format option, vLLM by
# guided decoding), which small local models need more than native tools.
KIND_STRATEGY: dict[str, str] = {
    "llama.cpp": "json_schema",
    "ollama": "json_schema",
    "vllm": "json_schema",
    "lmstudio": "json_schema",
}

JSON_REPLY_PROMPT = """\
You solve the user's task step by step with tools. Tools:
{tools}
Reply with one JSON object: {"name": NAME, "arguments": {...}} to call a tool, \
or {"answer": "..."} when you know the answer. Never compute in your head: use a tool."""
"""Added to the system prompt by the ``json_schema`` strategy ({tools}: one signature per line)."""

NEXT_STEP_HINT = (
    'If these results answer the question, reply {"answer": "..."} now; '
    "otherwise call the next tool."
)
"""Sent by the ``json_schema`` strategy after each round's tool results. Small
models otherwise keep calling tools on the results (measured on Qwen2.5-0.5B:
0/6 tasks without it, 4/6 with it; docs/local-model.md)."""


@dataclass(frozen=True)
class ModelTurn:
    """One model response, read by a strategy.

    Attributes:
        text: What the model said (tool-call JSON removed when it was recognised).
        calls: The tool calls to run, in the model's order (ids may be empty or
            repeated; the agent makes them unique).
        problem: Why a reply that tried to call a tool could not be used; the
            agent tells the model, so it can try again.
        from_content: True when the calls were read from the text, not native.
        reasoning: A thinking model's reasoning beside the reply, sent back
            with the round's assistant message (set by the agent).
    """

    text: str = ""
    calls: tuple[ToolCall, ...] = ()
    problem: str | None = None
    from_content: bool = False
    reasoning: str | None = None

    @property
    def is_final(self) -> bool:
        """No calls and nothing to correct: the text is the answer."""
        return not self.calls and self.problem is None


class ToolCallStrategy:
    """Native tool calling: the base every strategy refines.

    Attributes:
        name: The name used in ``tool_call_strategy="..."``.
        reads_content: Whether tool calls may arrive as text; streaming holds
            back text that starts like JSON until the reply is complete.
    """

    name = "native"
    reads_content = False

    def request_options(self, registry: ToolRegistry, tool_choice: ToolChoice) -> dict[str, Any]:
        """What to add to a request that offers the registry's tools.

        Args:
            registry: The tools on offer.
            tool_choice: ``"auto"``, ``"none"`` (the final call), ``"required"`` or
                a named tool.

        Returns:
            Request parameters (``tools`` and ``tool_choice`` here).
        """
        return {"tools": registry.to_openai_schema(), "tool_choice": tool_choice}

    def system_prompt(self, base: str, registry: ToolRegistry) -> str:
        """The system prompt to send, given the agent's own (unchanged here)."""
        return base

    def prefill(self, tool_choice: ToolChoice) -> str:
        """Text the model's reply must start with, sent as a last assistant
        message for the server to continue ("" for none, the default).

        Servers that continue a trailing assistant message (llama.cpp, vLLM)
        use it; cloud APIs answer it as a new turn, so only local strategies
        should set it.
        """
        return ""

    def passing_options(
        self, registry: ToolRegistry, values: Sequence[str], numbers: Sequence[float]
    ) -> dict[str, Any] | None:
        """Request parameters that hold the next reply to a call passing ``values``
        (the numbers of the question a run left unused), other numbers from
        ``numbers``; ``None`` when the strategy cannot (here: it cannot)."""
        return None

    def calling_options(
        self, registry: ToolRegistry, names: Sequence[str]
    ) -> dict[str, Any] | None:
        """Request parameters that hold the next reply to a call of one of the
        tools ``names``; ``None`` when the strategy cannot (here: it cannot)."""
        return None

    def read(self, response: LLMResponse, tool_names: Collection[str]) -> ModelTurn:
        """Turn a response into text and the calls to run (native calls only)."""
        return ModelTurn(text=response.content, calls=response.tool_calls)

    def round_messages(self, turn: ModelTurn, results: Sequence[ToolResult]) -> list[Message]:
        """The messages that record a round: the assistant message with its
        ``tool_calls`` (and the model's reasoning, if it gave one), then one
        ``role="tool"`` message per call, in order."""
        assistant = Message(
            turn.text, "assistant", tool_calls=list(turn.calls), reasoning_content=turn.reasoning
        )
        return [assistant, *map(tool_message, turn.calls, results)]


class NativeToolCalls(ToolCallStrategy):
    """Only native ``tool_calls`` count (for providers that support them well)."""


class ContentFallbackToolCalls(ToolCallStrategy):
    """Native tool calls, plus JSON tool calls written in the content."""

    name = "content"
    reads_content = True

    def request_options(self, registry: ToolRegistry, tool_choice: ToolChoice) -> dict[str, Any]:
        """Like native, except that the final call (``"none"``) declares no tools.

        llama.cpp does not enforce ``tool_choice="none"``, and a small model that
        still sees tools tends to write yet another call instead of answering.
        """
        if tool_choice == "none":
            return {}
        return super().request_options(registry, tool_choice)

    def read(self, response: LLMResponse, tool_names: Collection[str]) -> ModelTurn:
        """Native calls when there are any, else calls recognised in the text."""
        if response.tool_calls:
            return ModelTurn(text=response.content, calls=response.tool_calls)
        found = parse_content_tool_calls(response.content, tool_names)
        if found.final_answer is not None and not found.calls:
            return ModelTurn(text=found.final_answer)
        if not found.calls and found.problem is None:
            return ModelTurn(text=response.content)
        # An unusable call is shown back to the model as it wrote it.
        text = found.text if found.calls else response.content
        return ModelTurn(text=text, calls=found.calls, problem=found.problem, from_content=True)


def _response_format(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The request parameter that holds a reply to ``schema`` (named ``name``)."""
    return {
        "response_format": {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}
    }


class JsonSchemaToolCalls(ToolCallStrategy):
    """A JSON reply constrained by ``response_format``: a tool call or the answer.

    The tools are described in the system prompt instead of ``tools=``, and the
    schema is a union with one branch per tool (its name as a constant, its
    arguments schema) plus ``{"answer": string}``. The final call (tool choice
    ``"none"``) allows only ``{"answer": string}`` (with
    :attr:`constrain_final_answer`; else no schema, and plain text).

    Attributes:
        constrain_final_answer: Whether the final call's reply is held to the
            answer object; a small model asked for plain text after its tool
            rounds often writes one more call instead.
    """

    name = "json_schema"
    reads_content = True
    constrain_final_answer = True

    def request_options(self, registry: ToolRegistry, tool_choice: ToolChoice) -> dict[str, Any]:
        """``response_format`` with the reply schema (for the final call: the answer only)."""
        if tool_choice == "none" and not self.constrain_final_answer:
            return {}
        schema = reply_schema(registry, tool_choice)
        return _response_format("tool_call_or_answer", schema)

    def system_prompt(self, base: str, registry: ToolRegistry) -> str:
        """The agent's prompt followed by the JSON reply format and the tool signatures."""
        tools = "\n".join(
            f"- {signature(tool.name, tool.input_schema())}: {tool.description}"
            for tool in registry.get_all_tools()
        )
        return f"{base}\n\n{render(JSON_REPLY_PROMPT, tools=tools)}".strip()

    def passing_options(
        self, registry: ToolRegistry, values: Sequence[str], numbers: Sequence[float]
    ) -> dict[str, Any] | None:
        """``response_format`` holding the reply to a call that passes ``values``
        (see :func:`~hello_agents.agents.aids.passing_calls.passing_schema`)."""
        schema = passing_schema(registry, values, numbers)
        if schema is None:
            return None
        return _response_format("tool_call", schema)

    def calling_options(
        self, registry: ToolRegistry, names: Sequence[str]
    ) -> dict[str, Any] | None:
        """``response_format`` holding the reply to a call of one of the tools
        ``names`` (no answer branch); ``None`` when none of them is registered."""
        if not any(registry.get_tool(name) is not None for name in names):
            return None
        schema = reply_schema(registry, "required", among=names)
        return _response_format("tool_call", schema)

    def read(self, response: LLMResponse, tool_names: Collection[str]) -> ModelTurn:
        """``{"answer": ...}`` is the answer; a call object is a call; else plain text."""
        answer = answer_from_json(response.content)
        if answer is not None:
            return ModelTurn(text=answer)
        return ContentFallbackToolCalls().read(response, tool_names)

    def round_messages(self, turn: ModelTurn, results: Sequence[ToolResult]) -> list[Message]:
        """The round as plain text, as the model wrote it: its JSON calls, then one
        user message with ``Result of TOOL: VALUE`` per call and :data:`NEXT_STEP_HINT`.

        No ``tool_calls`` or ``role="tool"`` messages: the request declares no
        tools, and small models read the results better as text (Qwen2.5-0.5B:
        6/10 typed-tool tasks this way, 3/10 with tool messages; docs/local-model.md).
        """
        calls = "\n".join(call_json(call) for call in turn.calls)
        lines = [
            f"Result of {c.name}: {r.content}" for c, r in zip(turn.calls, results, strict=True)
        ]
        return [Message(calls, "assistant"), Message("\n".join([*lines, NEXT_STEP_HINT]), "user")]


class ForcedToolCalls(ToolCallStrategy):
    """Forced native tool calls for local models: a call every turn, ``final_answer`` to end.

    Each request offers the tools plus :data:`FINAL_ANSWER_SCHEMA`, with
    ``tool_choice="required"``, ``parallel_tool_calls=False``, the reply
    prefilled with ``<tool_call>`` and ``stop=["</tool_call>"]`` (without the
    stop, Qwen2.5 writes call after call until ``max_tokens``). llama.cpp then
    returns real ``tool_calls``, and the rounds are recorded as on a cloud API.
    The final call (tool choice ``"none"``) offers only ``final_answer``, its
    call already started up to the answer's text (:data:`FINAL_ANSWER_PREFILL`),
    so the model can only write the answer. It needs a chat template with
    ``<tool_call>`` tags; replies without native calls are read like
    :class:`ContentFallbackToolCalls`. On the embedded Qwen2.5-Coder models it
    came second to ``"json_schema"`` (docs/local-model.md).
    """

    name = "forced"
    reads_content = True

    def request_options(self, registry: ToolRegistry, tool_choice: ToolChoice) -> dict[str, Any]:
        """Tools with ``final_answer``, a forced choice, one call, stop after it.

        Raises:
            AgentException: If the registry has a tool named ``final_answer``.
        """
        if tool_choice == "none":
            return {
                "tools": [FINAL_ANSWER_SCHEMA],
                "tool_choice": {"type": "function", "function": {"name": FINAL_ANSWER_TOOL}},
                "parallel_tool_calls": False,
                "stop": ["</tool_call>"],
            }
        if FINAL_ANSWER_TOOL in registry:
            raise AgentException(
                f"the 'forced' tool-call strategy adds its own {FINAL_ANSWER_TOOL!r} tool; "
                "rename the registered tool or use another strategy"
            )
        forced = tool_choice_name(tool_choice)
        tools = registry.to_openai_schema()
        if forced is None:
            tools.append(FINAL_ANSWER_SCHEMA)
        return {
            "tools": tools,
            "tool_choice": tool_choice if forced is not None else "required",
            "parallel_tool_calls": False,
            "stop": ["</tool_call>"],
        }

    def prefill(self, tool_choice: ToolChoice) -> str:
        """``<tool_call>`` + newline; for the final call, the ``final_answer`` call
        up to its answer's opening quote."""
        return FINAL_ANSWER_PREFILL if tool_choice == "none" else TOOL_CALL_PREFILL

    def read(self, response: LLMResponse, tool_names: Collection[str]) -> ModelTurn:
        """Tool calls run; a lone ``final_answer`` call is the answer.

        A server that returns the final call's continuation as text (``42"}}``)
        instead of parsing it with the prefill gets that text read as the answer.
        """
        tail = answer_tail(response.content) if not response.tool_calls else None
        if tail is not None:
            return ModelTurn(text=tail)
        turn = ContentFallbackToolCalls().read(response, [*tool_names, FINAL_ANSWER_TOOL])
        calls = tuple(call for call in turn.calls if call.name != FINAL_ANSWER_TOOL)
        if calls or not turn.calls:
            return ModelTurn(turn.text, calls, turn.problem, turn.from_content)
        return ModelTurn(text=final_answer_argument(turn.calls[0].arguments))


def tool_message(call: ToolCall, result: ToolResult) -> Message:
    """The ``role="tool"`` reply to one call (errors included, as text for the model)."""
    return Message(
        result.content,
        "tool",
        tool_call_id=call.id,
        metadata={"tool_name": call.name, "ok": result.ok, "error_kind": result.error_kind},
    )


STRATEGIES: dict[str, type[ToolCallStrategy]] = {
    "native": NativeToolCalls,
    "content": ContentFallbackToolCalls,
    "json_schema": JsonSchemaToolCalls,
    "forced": ForcedToolCalls,
}


def auto_strategy_name(provider: str, server_kind: str | None = None) -> str:
    """The strategy ``"auto"`` means: by server kind (:data:`KIND_STRATEGY`), then
    by provider (:data:`AUTO_STRATEGY`), else ``"native"`` (cloud APIs)."""
    if server_kind in KIND_STRATEGY:
        return KIND_STRATEGY[server_kind]
    return AUTO_STRATEGY.get(provider.lower(), "native")


def resolve_strategy(
    strategy: str | ToolCallStrategy, provider: str, server_kind: str | None = None
) -> ToolCallStrategy:
    """The strategy object for a setting, a provider and the server behind it.

    Args:
        strategy: A strategy instance, a name from :data:`STRATEGIES`, or ``"auto"``.
        provider: The LLM's provider name (decides ``"auto"`` when the server
            kind is unknown).
        server_kind: What the server is (``BaseLLM.server_kind()``), if known.

    Raises:
        AgentException: For an unknown strategy name.
    """
    if isinstance(strategy, ToolCallStrategy):
        return strategy
    name = auto_strategy_name(provider, server_kind) if strategy == "auto" else strategy
    if name not in STRATEGIES:
        known = ", ".join(["auto", *STRATEGIES])
        raise AgentException(f"unknown tool_call_strategy {strategy!r}; use one of: {known}")
    return STRATEGIES[name]()


__all__ = [
    "ANSWER_KEYS",
    "AUTO_STRATEGY",
    "FINAL_ANSWER_PREFILL",
    "FINAL_ANSWER_SCHEMA",
    "FINAL_ANSWER_TOOL",
    "JSON_REPLY_PROMPT",
    "KIND_STRATEGY",
    "NEXT_STEP_HINT",
    "STRATEGIES",
    "TOOL_CALL_PREFILL",
    "ContentFallbackToolCalls",
    "ForcedToolCalls",
    "JsonSchemaToolCalls",
    "ModelTurn",
    "NativeToolCalls",
    "ToolCallStrategy",
    "ToolChoice",
    "answer_from_json",
    "answer_tail",
    "auto_strategy_name",
    "call_json",
    "final_answer_argument",
    "reply_schema",
    "resolve_strategy",
    "tool_choice_name",
    "tool_message",
]

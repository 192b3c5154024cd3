"""Running one task on one agent, and scoring what it did.

* :class:`RecordingFunctionTool` stands in for a function of a function-calling
  task: the model sees the function's schema, a call is recorded and answered
  with a neutral acknowledgement. Nothing runs.
* :class:`~hello_agents.evaluation.trajectory.TrajectoryRecorder` keeps every
  hook event of the run.
* :func:`arun_task` runs a task (through the agent's ``arun``, or its ``run`` in a
  worker thread) and :func:`score_task` scores it.
"""

from __future__ import annotations

import asyncio
import json
import keyword
import re
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from hello_agents.core.agent import Agent, HookEvent
from hello_agents.evaluation.answers import score_answer
from hello_agents.evaluation.dataset import Task
from hello_agents.evaluation.function_calls import FunctionCall, check_calls, parse_function_calls
from hello_agents.evaluation.trajectory import TrajectoryRecorder
from hello_agents.tools.base import Tool, ToolParameter, camel_case, parameters_from_schema
from hello_agents.tools.registry import ToolRegistry

ACKNOWLEDGEMENT = (
    "Call received. If the request needs other calls, make them now; otherwise reply "
    "briefly without calling any tool."
)
# BFCL's parameter types, as JSON Schema says them.
_JSON_TYPES = {"dict": "object", "float": "number", "tuple": "array"}
_INVALID_NAME_CHARACTERS = re.compile(r"[^A-Za-z0-9_-]")

AgentFactory = Callable[[Task, ToolRegistry], Agent]


def tool_name_for(function_name: str) -> str:
    """A name OpenAI-style APIs accept: ``math.factorial`` -> ``math_factorial``."""
    return _INVALID_NAME_CHARACTERS.sub("_", function_name)[:64] or "function"


def json_schema_for(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A BFCL parameter schema in standard JSON Schema (``dict`` -> ``object``,
    ``float`` -> ``number``, ``tuple`` -> ``array``, ``any`` -> no type)."""
    converted: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type" and isinstance(value, str):
            if value != "any":
                converted["type"] = _JSON_TYPES.get(value, value)
        elif key == "properties" and isinstance(value, Mapping):
            converted["properties"] = {
                name: json_schema_for(prop) if isinstance(prop, Mapping) else prop
                for name, prop in value.items()
            }
        elif key == "items" and isinstance(value, Mapping):
            converted["items"] = json_schema_for(value)
        else:
            converted[key] = value
    return converted


class RecordingFunctionTool(Tool):
    """A task's function, offered to the agent as a tool that only records calls.

    Args:
        function: The function spec (``name``, ``description``, ``parameters``).
        calls: Where the calls are appended (shared by a task's tools).
    """

    def __init__(self, function: Mapping[str, Any], calls: list[FunctionCall]) -> None:
        self.function_name = str(function["name"])
        super().__init__(tool_name_for(self.function_name), str(function.get("description", "")))
        parameters = function.get("parameters") or {"type": "object", "properties": {}}
        self.schema = json_schema_for(parameters)
        self.schema["type"] = "object"
        self.calls = calls

    def input_schema(self) -> dict[str, Any]:
        """The function's parameters in JSON Schema."""
        return self.schema

    def get_parameters(self) -> list[ToolParameter]:
        """The flat parameter list, read from the schema."""
        return parameters_from_schema(self.schema)

    def input_model(self) -> type[BaseModel]:
        """A permissive model (any value, extra fields allowed): the checker, not the
        guard, judges the arguments; :meth:`validate_arguments` does not use it."""
        if self._input_model is None:
            names = [
                name
                for name in self.schema.get("properties", {})
                if name.isidentifier() and not name.startswith("_") and not keyword.iskeyword(name)
            ]
            fields: dict[str, Any] = {name: (Any, None) for name in names}
            self._input_model = create_model(
                camel_case(self.name) + "Arguments",
                __config__=ConfigDict(extra="allow"),
                **fields,
            )
        return self._input_model

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The arguments as sent: the checker, not the guard, judges them."""
        return dict(arguments)

    def run(self, parameters: dict[str, Any]) -> str:
        """Record the call and acknowledge it."""
        self.calls.append(FunctionCall(self.function_name, dict(parameters)))
        return ACKNOWLEDGEMENT


def function_registry(task: Task, calls: list[FunctionCall]) -> ToolRegistry:
    """A registry of recording tools for a function-calling task's functions."""
    registry = ToolRegistry()
    for function in task.functions:
        registry.register_tool(RecordingFunctionTool(function, calls), replace=True)
    return registry


# ---- one task ---------------------------------------------------------------------------


@dataclass
class TaskResult:
    """The outcome of one task: what the agent did, how it scored, what it cost.

    ``correct`` is the task's verdict; ``score`` is 1.0 / 0.5 (partial credit on
    answer tasks) / 0.0. ``error`` holds an exception the run raised (the task
    then counts as wrong).
    """

    id: str
    kind: str
    category: str
    level: int | None
    correct: bool
    score: float
    answer: str
    predicted: Any
    expected: Any
    latency: float
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_calls: int = 0
    partial: bool = False
    error: str | None = None
    check: str = ""
    trajectory: list[dict[str, Any]] = field(default_factory=list)

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record (one line of a results file)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskResult:
        """Read back a record written by :meth:`to_dict`."""
        known = {name for name in cls.__dataclass_fields__}
        return cls(**{key: value for key, value in data.items() if key in known})


def score_task(task: Task, answer: str, calls: list[FunctionCall]) -> dict[str, Any]:
    """Score what an agent did on ``task``.

    Args:
        task: The task.
        answer: The agent's final reply.
        calls: The function calls it made (function-calling tasks); when it made
            none, calls written in the reply's text are read instead.

    Returns:
        ``correct``, ``partial``, ``score``, ``predicted``, ``expected`` and ``check``
        (why a function-calling answer failed).
    """
    if task.kind == "function_call":
        predicted = _distinct(calls) or parse_function_calls(answer)
        verdict = check_calls(task.functions, predicted, task.ground_truth, task.category)
        return {
            "correct": verdict.valid,
            "partial": verdict.valid,
            "score": 1.0 if verdict.valid else 0.0,
            "predicted": [call.to_dict() for call in predicted],
            "expected": list(task.ground_truth),
            "check": verdict.error_type + (f": {verdict.error}" if verdict.error else ""),
        }
    verdict_answer = score_answer(answer, list(task.expected), task.match)
    return {
        "correct": verdict_answer.correct,
        "partial": verdict_answer.partial,
        "score": verdict_answer.score,
        "predicted": verdict_answer.predicted,
        "expected": task.expected[0] if len(task.expected) == 1 else list(task.expected),
        "check": task.match,
    }


def _record_unknown_calls(agent: Agent, task: Task, calls: list[FunctionCall]) -> None:
    """Calls of functions the task does not offer never reach a recording tool, yet
    they are predictions (a wrong name): take them from the ``tool_start`` hook."""
    offered = {tool_name_for(str(function["name"])) for function in task.functions}

    def record(event: HookEvent) -> None:
        name = str(event.data.get("tool"))
        if name not in offered:
            arguments = event.data.get("arguments")
            if isinstance(arguments, str):
                parsed = _calls_from_arguments(arguments)
                arguments = parsed if parsed is not None else {"arguments": arguments}
            calls.append(FunctionCall(name, dict(arguments or {})))

    agent.hooks.on("tool_start", record)


def _calls_from_arguments(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _distinct(calls: list[FunctionCall]) -> list[FunctionCall]:
    distinct: list[FunctionCall] = []
    for call in calls:
        if call not in distinct:
            distinct.append(call)
    return distinct


async def arun_task(
    task: Task,
    factory: AgentFactory,
    registry: ToolRegistry | None = None,
    *,
    keep_trajectory: bool = True,
) -> TaskResult:
    """Run ``task`` on a fresh agent from ``factory`` and score it.

    Args:
        task: The task.
        factory: Builds the agent from the task and the tools it gets.
        registry: The tools for an answer task (function-calling tasks get
            recording tools for their functions instead).
        keep_trajectory: Keep the hook events in the result.

    Returns:
        The result; an exception raised by the run is recorded, never raised.
    """
    calls: list[FunctionCall] = []
    tools = function_registry(task, calls) if task.kind == "function_call" else registry
    started = time.perf_counter()
    recorder = TrajectoryRecorder()
    answer, error = "", None
    try:
        agent = factory(task, tools or ToolRegistry())
        if getattr(agent, "hooks", None) is not None:  # duck-typed agents may have none
            recorder.attach(agent)
            if task.kind == "function_call":
                _record_unknown_calls(agent, task, calls)
        arun = getattr(agent, "arun", None)
        if arun is not None:
            answer = str(await arun(task.question))
        else:  # pragma: no cover - every Agent has arun; duck-typed agents may not
            answer = str(await asyncio.to_thread(agent.run, task.question))
    except Exception as raised:
        error = f"{type(raised).__name__}: {raised}"
        recorder.events.append(
            {"event": "exception", "error": error, "traceback": traceback.format_exc(limit=5)}
        )
    latency = time.perf_counter() - started
    scored = score_task(task, answer, calls)
    if error is not None:
        scored.update(correct=False, partial=False, score=0.0)
    return TaskResult(
        id=task.id,
        kind=task.kind,
        category=task.category,
        level=task.level,
        answer=answer,
        latency=round(latency, 4),
        prompt_tokens=recorder.prompt_tokens,
        completion_tokens=recorder.completion_tokens,
        llm_calls=recorder.llm_calls,
        error=error,
        trajectory=recorder.events if keep_trajectory else [],
        **scored,
    )


def run_task(
    task: Task,
    factory: AgentFactory,
    registry: ToolRegistry | None = None,
    *,
    keep_trajectory: bool = True,
) -> TaskResult:
    """Sync twin of :func:`arun_task`, on :func:`background_loop` (so it also works
    where a loop is already running, as in a notebook)."""
    coroutine = arun_task(task, factory, registry, keep_trajectory=keep_trajectory)
    return asyncio.run_coroutine_threadsafe(coroutine, background_loop()).result()


_LOOP: asyncio.AbstractEventLoop | None = None
_LOOP_LOCK = threading.Lock()


def background_loop() -> asyncio.AbstractEventLoop:
    """One event loop kept for the process, in a daemon thread, started on first use.

    Model clients keep their async connections bound to the loop that opened them,
    so the sync entry points (``run_task``, ``EvalRunner.run``) always use this one
    loop rather than a new loop per call.
    """
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or _LOOP.is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=loop.run_forever, name="hello-agents-eval-loop", daemon=True
            )
            thread.start()
            _LOOP = loop
        return _LOOP


__all__ = [
    "ACKNOWLEDGEMENT",
    "AgentFactory",
    "RecordingFunctionTool",
    "TaskResult",
    "arun_task",
    "background_loop",
    "function_registry",
    "json_schema_for",
    "run_task",
    "score_task",
    "tool_name_for",
]

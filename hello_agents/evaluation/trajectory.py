"""Trajectories: every hook event of an agent's run, kept as JSON-ready records."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from hello_agents.core.agent import EVENT_NAMES, Agent, HookEvent


class TrajectoryRecorder:
    """Keeps every hook event of an agent's run as a JSON-ready record.

    Attributes:
        events: ``{"event", "t"}`` plus event-specific fields, ``t`` in seconds
            since the recorder was attached.
        prompt_tokens, completion_tokens: Summed over the model calls that
            reported usage.
        llm_calls: Model calls seen.
    """

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.llm_calls = 0
        self._started = time.perf_counter()

    def attach(self, agent: Agent) -> TrajectoryRecorder:
        """Listen to every event of ``agent``; returns self."""
        for name in EVENT_NAMES:
            agent.hooks.on(name, self._record)  # type: ignore[arg-type]
        return self

    def _record(self, event: HookEvent) -> None:
        record: dict[str, Any] = {
            "event": event.name,
            "t": round(time.perf_counter() - self._started, 4),
        }
        data = event.data
        if event.name == "llm_start":
            record["messages"] = len(data.get("messages") or [])
        elif event.name == "llm_end":
            self.llm_calls += 1
            response = data.get("response")
            record["seconds"] = round(float(data.get("seconds") or 0.0), 4)
            record["content"] = getattr(response, "content", None)
            record["tool_calls"] = [
                {"name": call.name, "arguments": call.arguments}
                for call in getattr(response, "tool_calls", ()) or ()
            ]
            usage = getattr(response, "usage", None)
            if usage is not None:
                self.prompt_tokens += usage.prompt_tokens
                self.completion_tokens += usage.completion_tokens
                record["usage"] = {
                    "prompt_tokens": usage.prompt_tokens,
                    "completion_tokens": usage.completion_tokens,
                }
        elif event.name in ("tool_start", "tool_end", "tool_error"):
            record["tool"] = data.get("tool")
            if "arguments" in data:
                record["arguments"] = _jsonable(data["arguments"])
            result = data.get("result")
            if result is not None:
                record["result"] = getattr(result, "content", str(result))
                record["ok"] = getattr(result, "ok", event.name == "tool_end")
        elif event.name == "llm_error":
            record["error"] = repr(data.get("error"))
        else:
            record.update({key: _jsonable(value) for key, value in data.items()})
        self.events.append(record)


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return repr(value)


__all__ = ["TrajectoryRecorder"]

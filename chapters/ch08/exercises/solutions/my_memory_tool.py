"""Exercise 4, a model answer: MyMemoryTool with a ``recent`` action."""

from __future__ import annotations

from typing import Any

from hello_agents.tools import MemoryTool
from hello_agents.tools.builtin.action_result import ActionResult


class MyMemoryTool(MemoryTool):
    """MemoryTool plus a ``recent`` action."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_action("recent", self._recent)

    def _recent(self, parameters: dict[str, Any]) -> ActionResult:
        limit = int(parameters.get("limit", 5))
        items = sorted(self.memory_manager.get_all(), key=lambda i: i.timestamp, reverse=True)
        newest = items[:limit]
        lines = [f"The {len(newest)} most recent memories:"]
        lines += [f"{n}. [{i.memory_type}] {i.content}" for n, i in enumerate(newest, 1)]
        return ActionResult(
            "recent", True, "\n".join(lines), {"results": [i.to_dict() for i in newest]}
        )


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("memory_tool_action", MyMemoryTool))

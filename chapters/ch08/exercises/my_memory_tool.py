"""Exercise 4: a new MemoryTool action, ``recent``.

An agent often needs "what happened last?" more than "what matches this query?".
Teach MemoryTool a ``recent`` action: ``run({"action": "recent", "limit": 3})``
lists the newest memories, newest first, as text for the model and as
``data["results"]`` (dicts) for code.

Fill in the TODOs, then check your class:

    python chapters/ch08/exercises/my_memory_tool.py

A model answer is in solutions/my_memory_tool.py: try first.
"""

from __future__ import annotations

from typing import Any

from hello_agents.tools import MemoryTool
from hello_agents.tools.builtin.action_result import ActionResult


class MyMemoryTool(MemoryTool):
    """MemoryTool plus a ``recent`` action."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # TODO 1: register the action: self.add_action("recent", self._recent)

    def _recent(self, parameters: dict[str, Any]) -> ActionResult:
        """TODO 2: the ``limit`` (default 5) newest memories, newest first.

        ``self.memory_manager.get_all()`` gives every memory, oldest first. Return
        ``ActionResult("recent", True, text, {"results": [item.to_dict() ...]})``
        with one line per memory in ``text``.
        """
        raise NotImplementedError("TODO: _recent")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("memory_tool_action", MyMemoryTool))

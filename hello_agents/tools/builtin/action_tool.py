"""ActionTool: one tool whose calls name an action (``memory``, ``rag``).

A call is ``{"action": "add", ...}``; the action's handler gets the other
arguments and returns an :class:`~hello_agents.tools.builtin.action_result.ActionResult`.
An unknown action, arguments that are not a dict, or a handler's bad-argument
or store error all come back as a failed result whose text tells the model how
to fix the call: the tool never raises at the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hello_agents.memory.errors import MemoryException
from hello_agents.tools.base import Tool
from hello_agents.tools.builtin.action_result import ActionResult

ActionHandler = Callable[[dict[str, Any]], ActionResult]


class ActionTool(Tool):
    """A tool with actions; a subclass fills :attr:`_handlers` in its ``__init__``.

    Attributes:
        _handlers: Each action's handler, by the action's name (the order is the
            one an unknown action's message lists them in).
    """

    _handlers: dict[str, ActionHandler]

    def run(self, parameters: dict[str, Any] | str, **kwargs: Any) -> str:
        """Run one action; returns text for the model (errors included, never raised).

        ``run({"action": "add", ...})`` is the tool contract; ``run("add", content=...)``,
        which some of the tutorial's versions used, works too.
        """
        return self.run_structured(parameters, **kwargs).text

    def execute(self, action: str, **kwargs: Any) -> str:
        """The chapter text's form of :meth:`run`: ``execute("add", content=...)``."""
        return self.run({"action": action, **kwargs})

    def run_structured(self, parameters: Any, **kwargs: Any) -> ActionResult:
        """Run one action; returns its text and its structured data.

        Args:
            parameters: ``{"action": ..., ...}`` as for :meth:`run`, or the action's name.
            **kwargs: The arguments, when ``parameters`` is the action's name.

        Returns:
            The result; ``ok`` is False for an unknown action, a missing or bad
            argument, or a failing store or document, and ``text`` then says how to fix it.
        """
        if isinstance(parameters, str):
            parameters = {"action": parameters, **kwargs}
        if not isinstance(parameters, dict):
            return ActionResult.failure("?", "pass the arguments as a dict with an 'action' key")
        action = str(parameters.get("action") or "")
        handler = self._handlers.get(action)
        if handler is None:
            return ActionResult.failure(
                action or "?",
                f"unknown action {action!r}. Use one of: {', '.join(self._handlers)}.",
            )
        try:
            return handler({k: v for k, v in parameters.items() if v is not None})
        except (MemoryException, ValueError, TypeError) as error:
            return ActionResult.failure(action, str(error))

    def execute_structured(self, action: str, **kwargs: Any) -> ActionResult:
        """:meth:`run_structured` in the ``execute(action, **kwargs)`` form."""
        return self.run_structured({"action": action, **kwargs})


__all__ = ["ActionHandler", "ActionTool"]

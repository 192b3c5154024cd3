"""Exercise 2: MyA2ATool, a remote A2A agent as a tool an agent can call.

``MyA2ATool(agent_url, name=..., description=...)`` is a Tool whose ``run`` takes
``{"action": "ask", "question": ..., "skill": ...}`` or ``{"action": "get_info"}``.
Use :class:`hello_agents.protocols.A2AClient` for the protocol: ``ask(question,
skill)`` returns the answer, ``get_info()`` the agent card as a dict. It raises
typed errors (``A2AConnectionError``, ``A2ATimeoutError``, ``A2ATaskError``, all
``HelloAgentsException``): a tool must never raise from ``run``, it returns text
starting with ``Error:`` that the model can read and act on.

Fill in the TODOs, then check your class (the check starts a real A2A agent on a
local port for it):

    python chapters/ch10/exercises/my_a2a_tool.py

A model answer is in solutions/my_a2a_tool.py: try first.
"""

from __future__ import annotations

import sys
from typing import Any

from hello_agents.tools import Tool, ToolParameter


class MyA2ATool(Tool):
    """Ask a remote A2A agent, or describe it."""

    def __init__(self, agent_url: str, name: str = "a2a", description: str = "") -> None:
        super().__init__(name, description or f"Ask the A2A agent at {agent_url}")
        self.agent_url = agent_url

    def get_parameters(self) -> list[ToolParameter]:
        """TODO 1: declare action, question and skill (all optional strings)."""
        raise NotImplementedError("TODO: get_parameters")

    def run(self, parameters: dict[str, Any]) -> str:
        """TODO 2: the two actions, and every failure as 'Error: ...' text.

        - "ask": refuse an empty question; else A2AClient(self.agent_url).ask(question, skill);
        - "get_info": the card's name, description and skill ids, as one line of text;
        - anything else: an error that lists the actions;
        - catch HelloAgentsException and return f"Error: {error}".
        """
        raise NotImplementedError("TODO: run")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    sys.exit(report("a2a_tool", MyA2ATool))

"""Model answer to exercise 2: MyA2ATool.

python chapters/ch10/exercises/solutions/my_a2a_tool.py
"""

from __future__ import annotations

import sys
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.protocols import A2AClient
from hello_agents.tools import Tool, ToolParameter

ACTIONS = ("ask", "get_info")


class MyA2ATool(Tool):
    """Ask a remote A2A agent, or describe it."""

    def __init__(self, agent_url: str, name: str = "a2a", description: str = "") -> None:
        super().__init__(name, description or f"Ask the A2A agent at {agent_url}")
        self.agent_url = agent_url
        self.client = A2AClient(agent_url, timeout=10)

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(
                name="action", type="string", description="ask or get_info", required=False
            ),
            ToolParameter(
                name="question", type="string", description="What to ask", required=False
            ),
            ToolParameter(
                name="skill", type="string", description="A skill id (optional)", required=False
            ),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        action = parameters.get("action") or "ask"
        try:
            if action == "ask":
                question = str(parameters.get("question") or "").strip()
                if not question:
                    return "Error: 'ask' needs a non-empty question."
                return self.client.ask(question, parameters.get("skill") or None)
            if action == "get_info":
                card = self.client.get_info()
                skills = ", ".join(skill["id"] for skill in card.get("skills", []))
                return f"{card['name']}: {card.get('description', '')} (skills: {skills})"
        except HelloAgentsException as error:
            return f"Error: {error}"
        return f"Error: unknown action {action!r}; use one of: {', '.join(ACTIONS)}."


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    sys.exit(report("a2a_tool", MyA2ATool))

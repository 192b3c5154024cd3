"""ToolResponse: the answer record of the tool classes the tutorial's chapter 8 writes itself."""

from __future__ import annotations

from typing import Any

from hello_agents import SimpleAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import Tool, ToolParameter, ToolRegistry, ToolResponse


class Shelf(Tool):
    """A stand-in tool in the chapter's style: actions dispatched to ToolResponse handlers."""

    def __init__(self) -> None:
        super().__init__(name="shelf", description="Keeps book titles: add, count.")
        self.titles: list[str] = []

    def run(self, parameters: dict[str, Any]) -> str:
        handler = {"add": self._add, "count": self._count}.get(parameters.get("action", ""))
        if handler is None:
            return ToolResponse.error(code="UNKNOWN_ACTION", message="use add or count").text
        rest = {key: value for key, value in parameters.items() if key != "action"}
        return handler(**rest).text

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="action", type="string", description="add or count"),
            ToolParameter(name="title", type="string", description="add", required=False),
        ]

    def _add(self, title: str = "") -> ToolResponse:
        if not title:
            return ToolResponse.error(code="EMPTY_TITLE", message="a title is needed")
        self.titles.append(title)
        return ToolResponse.success(text=f"Added {title}", data={"count": len(self.titles)})

    def _count(self) -> ToolResponse:
        return ToolResponse.success(text=f"{len(self.titles)} books")


def test_success_and_error_carry_text_data_and_code() -> None:
    done = ToolResponse.success(text="ok", data={"n": 1})
    failed = ToolResponse.error(code="NOT_FOUND", message="no such memory")
    assert (done.ok, done.text, done.data, str(done)) == (True, "ok", {"n": 1}, "ok")
    assert (failed.ok, failed.text, failed.error_code) == (
        False,
        "Error: no such memory",
        "NOT_FOUND",
    )


def test_a_stand_in_tool_answers_through_the_registry_and_an_agent() -> None:
    shelf = Shelf()
    registry = ToolRegistry()
    registry.register_tool(shelf)
    assert registry.execute_tool("shelf", '{"action": "add"}') == "Error: a title is needed"
    llm = ScriptedLLM(['[TOOL_CALL:shelf:{"action": "add", "title": "Dune"}]', "Dune is shelved."])
    agent = SimpleAgent(name="librarian", llm=llm)
    agent.tool_registry = registry
    assert agent.run("Shelve Dune") == "Dune is shelved."
    assert shelf.titles == ["Dune"]
    assert "Added Dune" in str(llm.calls[1].messages)

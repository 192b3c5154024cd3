"""Tool groups and the progressive-disclosure view."""

import asyncio
import json
from typing import Literal

import pytest

from hello_agents.tools.groups import LOAD_TOOLS, ProgressiveToolView, one_line
from hello_agents.tools.registry import ToolProvider, ToolRegistry


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def now() -> str:
        """The current time. Always available."""
        return "12:00"

    @registry.tool(group="files")
    def read_file(path: str, max_lines: int = 100) -> str:
        """Read a text file. Returns numbered lines; page with max_lines.

        Args:
            path: Path in the workspace.
            max_lines: Lines to return.
        """
        return f"contents of {path}"

    @registry.tool(group="files")
    def list_directory(path: str = ".") -> list[str]:
        """List a folder's entries."""
        return ["a.txt"]

    @registry.tool(group="maps")
    def route(origin: str, destination: str, mode: Literal["car", "foot"] = "car") -> str:
        """Plan a route between two places."""
        return f"{origin} -> {destination} by {mode}"

    return registry


@pytest.fixture
def view() -> ProgressiveToolView:
    return ProgressiveToolView(make_registry(), group_descriptions={"files": "Workspace files."})


def test_index_keeps_only_names_and_one_line_descriptions(view: ProgressiveToolView) -> None:
    index = view.index()
    assert "[files]: Workspace files." in index
    assert "- read_file: Read a text file." in index
    assert "- route: Plan a route between two places." in index
    assert "max_lines" not in index and "page with" not in index
    assert "[default] (loaded)" in index


def test_only_the_meta_tool_and_loaded_groups_are_offered(view: ProgressiveToolView) -> None:
    names = [entry["function"]["name"] for entry in view.to_openai_schema()]
    assert names == [LOAD_TOOLS, "now"]
    assert view.list_tools() == [LOAD_TOOLS, "now"]
    assert view.get_tool("read_file") is None


def test_meta_tool_description_is_the_index(view: ProgressiveToolView) -> None:
    meta = view.to_openai_schema()[0]["function"]
    assert meta["description"] == view.index()
    assert meta["parameters"]["required"] == ["group"]


def test_calling_a_tool_that_is_not_loaded_says_how_to_load_it(view: ProgressiveToolView) -> None:
    result = view.execute("read_file", {"path": "a.txt"})
    assert not result.ok and result.error_kind == "unknown_tool"
    assert result.content == (
        "Tool 'read_file' is in the group 'files', which is not loaded yet. "
        'Call load_tools with {"group": "files"} first, then call read_file again.'
    )


def test_loading_a_group_returns_full_schemas_and_makes_it_callable(
    view: ProgressiveToolView,
) -> None:
    loaded = view.execute(LOAD_TOOLS, {"group": "files"})
    assert loaded.ok
    assert "Loaded group 'files' (2 tools)" in loaded.content
    assert (
        "- read_file(path: string, max_lines: integer = 100): Read a text file." in loaded.content
    )
    assert '"max_lines": {"default": 100, "description": "Lines to return."' in loaded.content
    assert view.loaded_groups == ["default", "files"]
    assert [e["function"]["name"] for e in view.to_openai_schema()] == [
        LOAD_TOOLS,
        "now",
        "read_file",
        "list_directory",
    ]
    assert view.execute_tool("read_file", "a.txt") == "contents of a.txt"


@pytest.mark.parametrize("raw", ["maps", "group=maps", '{"group": "maps"}'])
def test_load_tools_accepts_every_argument_form(view: ProgressiveToolView, raw: str) -> None:
    assert view.execute(LOAD_TOOLS, raw).ok
    assert view.execute_tool("route", "origin=A, destination=B") == "A -> B by car"


def test_loading_an_unknown_group_names_the_groups(view: ProgressiveToolView) -> None:
    result = view.execute(LOAD_TOOLS, {"group": "file"})
    assert not result.ok and result.error_kind == "invalid_arguments"
    assert result.content == (
        "There is no tool group 'file'. Did you mean 'files'? Groups: default, files, maps."
    )


def test_load_tools_without_a_group_is_an_argument_error(view: ProgressiveToolView) -> None:
    result = view.execute(LOAD_TOOLS, {})
    assert result.error_kind == "invalid_arguments"
    assert "group: required field is missing" in result.content


def test_unknown_tool_lists_every_tool_including_unloaded(view: ProgressiveToolView) -> None:
    result = view.execute("rout", {})
    assert result.error_kind == "unknown_tool"
    assert "Did you mean 'route'?" in result.content
    assert "load_tools, now, read_file, list_directory, route" in result.content


def test_loaded_tools_still_go_through_the_guard(view: ProgressiveToolView) -> None:
    view.load("maps")
    result = view.execute("route", {"origin": "A", "destination": "B", "mode": "plane"})
    assert result.error_kind == "invalid_arguments"
    assert "'car' or 'foot'" in result.content


def test_unload_hides_a_group_again(view: ProgressiveToolView) -> None:
    view.load("maps")
    view.unload("maps")
    assert view.execute("route", "origin=A, destination=B").error_kind == "unknown_tool"


def test_text_description_shows_signatures_of_loaded_tools(view: ProgressiveToolView) -> None:
    view.load("maps")
    description = view.get_tools_description()
    assert description.startswith(view.index())
    assert (
        '- route(origin: string, destination: string, mode: "car" | "foot" = "car")' in description
    )


def test_aexecute_goes_through_the_same_gate(view: ProgressiveToolView) -> None:
    async def scenario() -> list[bool]:
        before = await view.aexecute("list_directory", {})
        await view.aexecute(LOAD_TOOLS, "files")
        after = await view.aexecute("list_directory", {})
        return [before.ok, after.ok]

    assert asyncio.run(scenario()) == [False, True]


def test_tools_registered_later_appear_in_the_index(view: ProgressiveToolView) -> None:
    view.registry.register_function(
        "late", "Registered after the view.", lambda text: text, group="extra"
    )
    assert "[extra]\n- late: Registered after the view." in view.index()


def test_nothing_preloaded_when_asked(view: ProgressiveToolView) -> None:
    bare = ProgressiveToolView(view.registry, loaded_groups=())
    assert bare.list_tools() == [LOAD_TOOLS]
    assert json.dumps(bare.to_openai_schema()).count('"name"') == 1


def test_view_and_registry_both_satisfy_the_tool_provider_protocol(
    view: ProgressiveToolView,
) -> None:
    providers: list[ToolProvider] = [view, view.registry]
    assert all(isinstance(provider, ToolProvider) for provider in providers)


def test_one_line_keeps_the_first_sentence_only() -> None:
    assert one_line("Read a file. Returns lines.") == "Read a file."
    assert one_line("Label mails (e.g. 'important'). More.") == "Label mails (e.g. 'important')."
    assert one_line("First line\nsecond line") == "First line"
    assert one_line("x" * 100, limit=10) == "xxxxxxx..."

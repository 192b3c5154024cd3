"""What the model reads from a tools/call result, and the SDK staying optional."""

from __future__ import annotations

import subprocess
import sys

import pytest
from mcp.types import (
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

from hello_agents.mcp import MCPToolError, extract_result
from hello_agents.mcp.server import structured, to_call_result
from hello_agents.tools.base import ToolResult


def text(value: str) -> TextContent:
    return TextContent(text=value)


def test_structured_content_wins_over_text() -> None:
    result = CallToolResult(content=[text("sunny, 21C")], structured_content={"temp": 21})
    assert extract_result(result) == {"temp": 21}


def test_a_wrapped_plain_value_is_unwrapped_when_the_text_says_the_same() -> None:
    assert extract_result(CallToolResult(content=[text("42")], structured_content={"result": 42}))
    assert (
        extract_result(CallToolResult(content=[text("42")], structured_content={"result": 42}))
        == 42
    )
    different = CallToolResult(content=[text("see data")], structured_content={"result": 42})
    assert extract_result(different) == {"result": 42}


def test_json_text_is_parsed_and_plain_text_is_kept() -> None:
    assert extract_result(CallToolResult(content=[text('{"a": [1, 2]}')])) == {"a": [1, 2]}
    assert extract_result(CallToolResult(content=[text("[not json")])) == "[not json"
    assert extract_result(CallToolResult(content=[text("12")])) == "12"


def test_other_content_is_described() -> None:
    result = CallToolResult(
        content=[
            text("Here:"),
            ImageContent(data="iVBORw0KGgo=", mime_type="image/png"),
            EmbeddedResource(
                resource=TextResourceContents(uri="file:///a.txt", text="inside", mime_type=None)
            ),
            ResourceLink(name="report", uri="file:///report.pdf"),
        ]
    )
    assert extract_result(result).splitlines() == [
        "Here:",
        "[image: image/png, about 9 bytes]",
        "inside",
        "[resource link report: file:///report.pdf]",
    ]


def test_is_error_raises_with_the_servers_text() -> None:
    with pytest.raises(MCPToolError, match="disk full"):
        extract_result(CallToolResult(content=[text("disk full")], is_error=True))


def test_server_side_mapping_of_registry_results() -> None:
    failed = to_call_result(ToolResult.failure("t", "execution_error", "broke"))
    assert failed.is_error and failed.content[0].text == "broke"  # type: ignore[union-attr]
    plain = to_call_result(ToolResult.from_value("t", "hello"))
    assert not plain.is_error and plain.structured_content is None
    assert structured([1, 2]) == {"result": [1, 2]}
    assert structured({"a": 1}) == {"a": 1}
    assert structured(None) is None


def test_importing_hello_agents_does_not_import_the_sdk() -> None:
    code = (
        "import sys, hello_agents, hello_agents.mcp\n"
        "assert not [m for m in sys.modules if m == 'mcp' or m.startswith('mcp.')], 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_missing_sdk_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['mcp'] = None  # as if it were not installed\n"
        "from hello_agents.mcp import MCPClient\n"
        "from hello_agents.core.exceptions import ConfigException\n"
        "try:\n"
        "    MCPClient('some-server').connect()\n"
        "except ConfigException as error:\n"
        "    print(error)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert 'pip install "hello-agents[mcp]"' in completed.stdout

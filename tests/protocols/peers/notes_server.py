"""An MCP server written with the chapter's MCPServer, run over stdio by the tests."""

import os

from hello_agents.protocols import MCPServer


def shout(text: str) -> str:
    """Repeat a text in capitals.

    Args:
        text: What to repeat.
    """
    return text.upper()


def secret_word() -> str:
    """The value of NOTES_SECRET in the server's environment."""
    return os.environ.get("NOTES_SECRET", "(unset)")


MCPServer("notes", "Small text tools").add_tool(shout).add_tool(secret_word).run()

"""The one place that imports the official ``mcp`` SDK, with an error naming the extra.

``import hello_agents`` never imports the SDK: every MCP module calls
:func:`require_mcp` inside the function that needs it.
"""

from __future__ import annotations

from types import ModuleType

from hello_agents._lazy import require

INSTALL_HINT = 'pip install "hello-agents[mcp]"'


def require_mcp(module: str = "mcp") -> ModuleType:
    """Import a module of the ``mcp`` SDK.

    Args:
        module: The dotted module name, e.g. ``"mcp.client.stdio"``.

    Returns:
        The imported module.

    Raises:
        ConfigException: The SDK is not installed; the message names the extra.
    """
    return require(module, "mcp", "MCP support needs the official MCP SDK")


__all__ = ["INSTALL_HINT", "require_mcp"]

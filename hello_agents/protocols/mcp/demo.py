"""The built-in demo server that ``MCPTool()`` serves when given no server.

Six tools, as the tutorial lists them: add, subtract, multiply, divide, greet,
get_system_info. It runs in this process (served on a loopback port), so the
chapter's first example needs no subprocess, no Node.js and no network.
"""

from __future__ import annotations

import platform
import sys

from hello_agents.protocols.mcp.server import MCPServer


def add(a: float, b: float) -> float:
    """Add two numbers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


def subtract(a: float, b: float) -> float:
    """Subtract b from a.

    Args:
        a: The number to subtract from.
        b: The number to subtract.
    """
    return a - b


def multiply(a: float, b: float) -> float:
    """Multiply two numbers.

    Args:
        a: The first factor.
        b: The second factor.
    """
    return a * b


def divide(a: float, b: float) -> float:
    """Divide a by b (b must not be zero).

    Args:
        a: The dividend.
        b: The divisor, not zero.
    """
    if b == 0:
        raise ValueError("cannot divide by zero; pass a non-zero b")
    return a / b


def greet(name: str) -> str:
    """Greet someone by name.

    Args:
        name: Who to greet.
    """
    return f"Hello, {name}! Welcome to the hello-agents MCP demo server."


def get_system_info() -> dict[str, str]:
    """Describe the machine the server runs on (OS, Python version, architecture)."""
    return {
        "platform": platform.system(),
        "python_version": sys.version.split()[0],
        "machine": platform.machine(),
    }


def demo_server() -> MCPServer:
    """A fresh demo server with the six tools."""
    server = MCPServer("hello-agents-demo", "Arithmetic, a greeting and system information.")
    for function in (add, subtract, multiply, divide, greet, get_system_info):
        server.add_tool(function)
    return server


__all__ = ["demo_server"]

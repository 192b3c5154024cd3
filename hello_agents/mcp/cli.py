"""The ``mcp`` commands: serve a registry, list a server's tools.

    hello-agents mcp serve my_tools:registry                     # stdio
    hello-agents mcp serve my_tools:registry --transport http --port 8000
    hello-agents mcp list mcp-server-time --local-timezone UTC
    hello-agents mcp list http://127.0.0.1:8000/mcp

The same commands run as ``python -m hello_agents.mcp ...``. The functions
below do the work and return text; only :func:`run` writes to the console.
"""

from __future__ import annotations

import argparse
import inspect
import ipaddress
import os
import secrets
import shlex
import sys
from typing import Any

from hello_agents._lazy import import_module_or_file
from hello_agents.core.exceptions import ConfigException, HelloAgentsException
from hello_agents.mcp.client import MCPClient
from hello_agents.mcp.server import RegistryServer
from hello_agents.mcp.transports import ServerSpec
from hello_agents.tools.arguments import signature
from hello_agents.tools.registry import ToolProvider

TRANSPORTS = ("stdio", "http")


def load_target(target: str) -> RegistryServer:
    """Import ``module:attribute`` (or ``path/to/file.py:attribute``) as a server.

    Args:
        target: Where the registry is. The attribute may be a ToolRegistry (or a
            view of one), a :class:`RegistryServer`, or a function returning either.

    Returns:
        The server to run.

    Raises:
        ConfigException: The target cannot be imported or is not a registry.
    """
    module_name, _, attribute = target.rpartition(":")  # the last colon: Windows paths keep theirs
    if not module_name or not attribute:
        raise ConfigException(
            f"Expected module:attribute (e.g. my_tools:registry), got {target!r}."
        )
    try:
        module = import_module_or_file(module_name)
    except (ImportError, OSError) as error:
        raise ConfigException(f"Cannot import {module_name!r}: {error}") from error
    value: Any = module
    for part in attribute.split("."):
        if not hasattr(value, part):
            raise ConfigException(f"{module_name!r} has no attribute {attribute!r}.")
        value = getattr(value, part)
    if inspect.isfunction(value):  # a factory: build the registry now
        value = value()
    if isinstance(value, RegistryServer):
        return value
    if isinstance(value, ToolProvider):
        return RegistryServer(value)
    raise ConfigException(
        f"{target} is a {type(value).__name__}, not a ToolRegistry or RegistryServer."
    )


TOKEN_VARIABLE = "HELLO_AGENTS_MCP_TOKEN"
"""The environment variable ``mcp serve`` reads its bearer token from."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (``localhost``, ``127.x.x.x``, ``::1``).

    Args:
        host: A host name or IP address.

    Returns:
        True for loopback; False for anything reachable from other machines.
    """
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def http_token(host: str, *, allow_remote: bool, token: str | None) -> tuple[str | None, bool]:
    """The bearer token an HTTP server on ``host`` requires, and whether it was generated.

    Args:
        host: The interface to listen on.
        allow_remote: The explicit opt-in to serve beyond loopback.
        token: A token given on the command line or in ``HELLO_AGENTS_MCP_TOKEN``.

    Returns:
        ``(token, generated)``: on loopback the given token or None; beyond
        loopback the given token, or a new random one (``generated`` True).

    Raises:
        ConfigException: A non-loopback host without ``allow_remote``.
    """
    if is_loopback(host):
        return token or None, False
    if not allow_remote:
        raise ConfigException(
            f"--host {host} would expose every tool of the registry to other machines. "
            "Pass --allow-remote to do it on purpose; a bearer token is then required "
            f"(set {TOKEN_VARIABLE}, or one is generated and printed once)."
        )
    if token:
        return token, False
    return secrets.token_urlsafe(32), True


def serve(
    target: str,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    allow_remote: bool = False,
    token: str | None = None,
) -> None:
    """Serve the registry named by ``target`` until the client leaves (or Ctrl-C).

    Args:
        target: ``module:attribute`` of a ToolRegistry (see :func:`load_target`).
        transport: ``"stdio"`` or ``"http"`` (streamable HTTP at ``/mcp``).
        host: The interface for HTTP (loopback by default).
        port: The TCP port for HTTP.
        allow_remote: Required to serve HTTP on a non-loopback host.
        token: The bearer token for HTTP (default: ``HELLO_AGENTS_MCP_TOKEN``;
            beyond loopback, generated and printed once to stderr when neither is set).

    Raises:
        ConfigException: Unknown transport, the target is not a registry, or a
            non-loopback host without ``allow_remote``.
    """
    if transport not in TRANSPORTS:
        raise ConfigException(f"Unknown transport {transport!r}: use one of {TRANSPORTS}.")
    if transport == "stdio":
        load_target(target).run_stdio()
        return
    required, generated = http_token(
        host, allow_remote=allow_remote, token=token or os.environ.get(TOKEN_VARIABLE)
    )
    server = load_target(target)
    if generated:
        sys.stderr.write(
            f"MCP server token (send it as 'Authorization: Bearer <token>'; shown once): "
            f"{required}\n"
        )
    elif required:
        sys.stderr.write("MCP server: every request must carry the bearer token.\n")
    server.run_http(host, port, token=required)


def list_tools(server: str | ServerSpec, *, timeout: float = 30.0) -> str:
    """Connect to a server and describe its tools, one per line.

    Args:
        server: A command line, a URL, or a server spec.
        timeout: Seconds the server may take to start.

    Returns:
        ``name(arguments)`` and the description of each tool, or a note that
        the server has none.

    Raises:
        MCPConnectionError: The server could not be started or reached.
    """
    with MCPClient(server, startup_timeout=timeout) as client:
        tools = client.list_tools()
        info = client.server_info
    header = f"{info.name} {info.version}" if info else client.name
    if not tools:
        return f"{header}: no tools"
    lines = [f"{header}: {len(tools)} tools"]
    for tool in tools:
        lines.append(f"  {signature(tool.name, tool.input_schema)}")
        if tool.description:
            lines.append(f"      {tool.description.strip().splitlines()[0]}")
    return "\n".join(lines)


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    """Add ``serve`` and ``list`` to an ``mcp`` (sub)parser.

    Args:
        parser: The parser of the ``mcp`` command.
    """
    commands = parser.add_subparsers(dest="mcp_command", required=True)
    serve_parser = commands.add_parser("serve", help="serve a ToolRegistry over MCP")
    serve_parser.add_argument("target", help="module:attribute of a ToolRegistry")
    serve_parser.add_argument("--transport", choices=TRANSPORTS, default="stdio")
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="required to serve HTTP on a non-loopback host; a bearer token is then checked",
    )
    serve_parser.add_argument(
        "--token",
        help=f"bearer token for HTTP (better: set {TOKEN_VARIABLE}; generated if beyond loopback)",
    )
    list_parser = commands.add_parser("list", help="list the tools of an MCP server")
    list_parser.add_argument("--timeout", type=float, default=30.0, help="startup seconds (30)")
    list_parser.add_argument(
        "server",
        nargs=argparse.REMAINDER,
        help="an http(s) URL, or the command that starts the server (with its arguments)",
    )


def run(arguments: argparse.Namespace) -> int:
    """Run a parsed ``mcp`` command.

    Args:
        arguments: What the parser of :func:`add_subcommands` produced.

    Returns:
        The exit status (0 success, 1 a reported error).
    """
    try:
        if arguments.mcp_command == "serve":
            serve(
                arguments.target,
                arguments.transport,
                arguments.host,
                arguments.port,
                allow_remote=arguments.allow_remote,
                token=arguments.token,
            )
        else:
            words = list(arguments.server)
            if not words:
                raise ConfigException("mcp list needs a server: a URL or a command to start.")
            server = words[0] if len(words) == 1 else shlex.join(words)
            sys.stdout.write(list_tools(server, timeout=arguments.timeout) + "\n")
    except HelloAgentsException as error:
        sys.stderr.write(f"error: {error}\n")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hello_agents.mcp``: the same commands without the main CLI."""
    parser = argparse.ArgumentParser(prog="python -m hello_agents.mcp")
    add_subcommands(parser)
    return run(parser.parse_args(argv))


__all__ = [
    "TOKEN_VARIABLE",
    "add_subcommands",
    "http_token",
    "is_loopback",
    "list_tools",
    "load_target",
    "main",
    "run",
    "serve",
]

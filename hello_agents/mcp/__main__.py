"""``python -m hello_agents.mcp serve module:registry`` and ``... list <server>``."""

from hello_agents.mcp.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

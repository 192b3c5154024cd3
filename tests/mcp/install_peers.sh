#!/usr/bin/env bash
# Install the real MCP peers the tests in tests/mcp talk to:
#   - PyPI: mcp-server-time (a reference server), into the Python environment given
#     as $1 (default: the `python` on PATH);
#   - npm: @modelcontextprotocol/server-everything and the MCP Inspector CLI, with
#     `npm ci` from the committed package-lock.json into tests/mcp/node/node_modules.
# Both need only their package registries; the tests themselves run offline.
set -euo pipefail
PYTHON="${1:-python}"
if [[ "$PYTHON" == */* ]]; then  # a path: make it absolute before changing directory
    PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")"
fi
cd "$(dirname "$0")"

"$PYTHON" -m pip install -q "mcp-server-time==2026.10.19"

if ! command -v npm >/dev/null; then
    echo "npm is not installed: the npm MCP peers (server-everything, Inspector) are skipped" >&2
    exit 1
fi
(cd node && npm ci --no-audit --no-fund --loglevel=error)
echo "MCP peers installed: mcp-server-time, $(cd node && npm ls --depth=0 --parseable | tail -n +2 | xargs -n1 basename | tr '\n' ' ')"

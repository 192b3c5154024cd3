"""Chapter 10.1.5: the three protocols in a few lines each, offline.

Run:  python chapters/ch10/examples/01_protocols_tour.py
"""

from hello_agents.protocols import A2AServer
from hello_agents.tools import A2ATool, ANPTool, MCPTool

# 1. MCP: a tool server. With no arguments MCPTool serves a built-in demo server
#    (add, subtract, multiply, divide, greet, get_system_info) in this process.
with MCPTool() as mcp_tool:
    result = mcp_tool.run(
        {"action": "call_tool", "tool_name": "add", "arguments": {"a": 10, "b": 20}}
    )
    print(f"MCP: 10 + 20 = {result}")

# 2. ANP: service discovery. Register a service, then find it.
anp_tool = ANPTool()
anp_tool.run(
    {
        "action": "register_service",
        "service_id": "calculator",
        "service_type": "math",
        "endpoint": "http://localhost:8080",
    }
)
print("ANP: discovered", anp_tool.run({"action": "discover_services"}))

# 3. A2A: another agent. Start a tiny agent on a free local port, then ask it.
echo = A2AServer("echo", "Repeats what it hears")


@echo.skill("echo")
def repeat(text: str) -> str:
    """Repeat the request."""
    return f"you said: {text}"


with echo.start() as running:
    a2a_tool = A2ATool(running.url)
    print("A2A:", a2a_tool.run({"action": "get_info"}))
    print("A2A:", a2a_tool.run({"action": "ask", "question": "hello, agent"}))
    a2a_tool.close()

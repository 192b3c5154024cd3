"""Chapter 10.2.4: MCP tools inside an agent, as one tool or expanded into one per server tool.

Run:  python chapters/ch10/examples/03_mcp_tool_in_agent.py
"""

import sys
from pathlib import Path

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.tools import MCPTool

# 1. One tool: the agent calls it with an action, a tool name and arguments.
llm = make_llm(
    [
        '[TOOL_CALL:mcp:{"action": "call_tool", "tool_name": "add", '
        '"arguments": {"a": 123, "b": 456}}]',
        "123 + 456 = 579",
    ]
)
print(banner(llm))
agent = SimpleAgent("assistant", llm)
# auto_expand=False keeps the server as one tool (by default it is expanded, see 2.)
with MCPTool(auto_expand=False) as mcp_tool:  # the built-in demo server, name "mcp"
    agent.add_tool(mcp_tool)
    print("->", agent.run("Calculate 123 + 456"))

# 2. Expanded (the default, as in the tutorial): add_tool registers one tool per server
#    tool, named <name>_<tool>, each with the server's own JSON Schema (the registry
#    validates the model's arguments against it).
weather = MCPTool(
    name="weather",
    description="Weather readings",
    server_command=[sys.executable, str(Path(__file__).with_name("weather_server.py"))],
)
llm = make_llm(
    [
        '[TOOL_CALL:weather_get_weather:{"city": "Shenzhen"}]',
        "It is sunny in Shenzhen, 24 C.",
    ]
)
assistant = SimpleAgent(
    "weather assistant",
    llm,
    system_prompt="You answer weather questions with the weather tools.",
)
assistant.add_tool(weather)
print("expanded:", assistant.list_tools())
print("->", assistant.run("How is the weather in Shenzhen?"))
weather.close()

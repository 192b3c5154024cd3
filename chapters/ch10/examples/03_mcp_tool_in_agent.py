"""Chapter 10.2.4: MCP tools inside an agent, as one tool or expanded into one per server tool.

Both agents are FunctionCallAgents: the model calls the tools through function
calling, which small local models do far more reliably than writing a call as
text. Each run's answer is checked against what the MCP server returned: an agent
that did not call the server, or did not pass its result on, ends the example
with exit code 1 and says which model to try instead.

Run:  python chapters/ch10/examples/03_mcp_tool_in_agent.py
"""

import re
import sys
from pathlib import Path

from example_llm import banner, give_up, make_llm

from hello_agents import FunctionCallAgent
from hello_agents.testing import tool_call, tool_calls
from hello_agents.tools import MCPTool


def numbers(text: str) -> set[float]:
    """The numbers written in ``text`` (579 and 579.0 are the same number)."""
    return {float(found) for found in re.findall(r"-?\d+(?:\.\d+)?", text)}


def check_answer(agent: FunctionCallAgent, answer: str) -> None:
    """Give up unless the agent called a tool and its answer states what the tool returned."""
    results = [
        result.content
        for step in agent.steps
        for result in step.results
        if result.ok and not result.content.startswith("Error")  # MCPTool reports in text
    ]
    if not results:
        give_up(f"{agent.name} answered without a successful tool call: {answer!r}")
    if not numbers(results[-1]) & numbers(answer):
        give_up(f"{agent.name} got {results[-1]!r} from the server but answered {answer!r}")


# 1. One tool: the agent calls it with an action, a tool name and arguments.
llm = make_llm(
    [
        tool_calls(
            tool_call(
                "mcp",
                {"action": "call_tool", "tool_name": "add", "arguments": {"a": 123, "b": 456}},
            )
        ),
        "123 + 456 = 579",
    ],
    temperature=0,
)
print(banner(llm))
# auto_expand=False keeps the server as one tool (by default it is expanded, see 2.);
# its description names the server's tools, so the model knows what tool_name to pass.
with MCPTool(auto_expand=False) as mcp_tool:  # the built-in demo server, name "mcp"
    agent = FunctionCallAgent(
        "assistant",
        llm,
        system_prompt="You are a calculator. Never compute in your head: call the mcp tool "
        "with action call_tool, tool_name add, subtract, multiply or divide, and arguments "
        '{"a": ..., "b": ...}. Then give the result.',
    )
    agent.add_tool(mcp_tool)
    answer = agent.run("Calculate 123 + 456")
    print("->", answer)
    check_answer(agent, answer)

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
        tool_calls(tool_call("weather_get_weather", {"city": "Shenzhen"})),
        "It is sunny in Shenzhen, 24 C.",
    ],
    temperature=0,
)
assistant = FunctionCallAgent(
    "weather assistant",
    llm,
    system_prompt="You answer weather questions with the weather tools.",
)
assistant.add_tool(weather)
print("expanded:", assistant.list_tools())
answer = assistant.run("How is the weather in Shenzhen?")
print("->", answer)
weather.close()
check_answer(assistant, answer)

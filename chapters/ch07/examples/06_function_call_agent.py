"""Chapter 7.4.5: FunctionCallAgent, native OpenAI function calling.

Tools are sent as JSON Schemas (registry.to_openai_schema()); the model answers
with structured tool_calls instead of text, and each result goes back as a
role="tool" message.

Run:  python chapters/ch07/examples/06_function_call_agent.py
"""

import json

from example_llm import banner, make_llm

from hello_agents import CalculatorTool, FunctionCallAgent, ToolRegistry
from hello_agents.testing import tool_call, tool_calls

llm = make_llm(
    [
        # Scripted: a reply with two native tool calls, then the final answer.
        tool_calls(
            tool_call("python_calculator", {"input": "37 * 48"}),
            tool_call("python_calculator", {"input": "19 * 48"}),
        ),
        "The pencils cost 1776 cents and the erasers 912 cents.",
    ]
)
print(banner(llm))

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
print("schema sent to the model:")
print(json.dumps(registry.to_openai_schema()[0], indent=2))

agent = FunctionCallAgent("functions", llm, tool_registry=registry)
agent.hooks.on("tool_end", lambda event: print("  tool ran:", event.data["tool"]))
print(agent.run("Pencils cost 37 cents, erasers 19 cents. What do 48 of each cost?"))

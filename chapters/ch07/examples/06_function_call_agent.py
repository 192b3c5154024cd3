"""Chapter 7.4.5: FunctionCallAgent, native OpenAI function calling.

Tools are sent as JSON Schemas (registry.to_openai_schema()); the model answers
with structured tool_calls instead of text, and each result goes back as a
role="tool" message.

On the embedded 1.5B model, left to choose, the agent answered from its head (and
wrongly); so the run's first model call must call a tool (``default_tool_choice=
"required"``, then "auto"), and the model runs at temperature 0. Asked for two totals at
once, the 1.5B model summed them in one call; one question per run is what it gets right.
If the answer lacks the calculator's result, the example stops with exit code 1 and names
the settings that work.

Run:  python chapters/ch07/examples/06_function_call_agent.py
"""

import json

from example_llm import banner, give_up, make_llm

from hello_agents import CalculatorTool, FunctionCallAgent, ToolRegistry
from hello_agents.testing import tool_call, tool_calls

llm = make_llm(
    [
        # Scripted: a reply with a native tool call, then the final answer.
        tool_calls(tool_call("python_calculator", {"input": "37 * 48"})),
        "48 pencils cost 1776 cents.",
    ],
    temperature=0,
)
print(banner(llm))

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
print("schema sent to the model:")
print(json.dumps(registry.to_openai_schema()[0], indent=2))

agent = FunctionCallAgent(
    "functions",
    llm,
    system_prompt="You are a brief assistant. Compute with python_calculator, never in your head.",
    tool_registry=registry,
    default_tool_choice="required",  # the run's first model call, then "auto"
)
agent.hooks.on(
    "tool_end",
    lambda event: print(
        f"  tool ran: {event.data['tool']}({event.data['arguments']}) -> "
        f"{event.data['result'].content}"
    ),
)
answer = agent.run("Pencils cost 37 cents each. How many cents do 48 pencils cost?")
print(answer)
if "1776" not in answer.replace(",", ""):
    give_up(f"its answer {answer[:80]!r} does not carry the calculator's 1776")

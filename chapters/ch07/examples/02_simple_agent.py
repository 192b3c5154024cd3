"""Chapter 7.4.1: SimpleAgent, chat with history, then tools via [TOOL_CALL:...].

Run:  python chapters/ch07/examples/02_simple_agent.py
"""

from example_llm import banner, make_llm

from hello_agents import CalculatorTool, SimpleAgent, ToolRegistry

llm = make_llm(
    [
        # What the scripted model answers, in order (a real model writes its own).
        "Nice to meet you, Ada!",
        "Your name is Ada.",
        "Let me calculate that.\n[TOOL_CALL:python_calculator:37 * 48]",
        "48 pencils at 37 cents cost 1776 cents.",
    ]
)
print(banner(llm))

# 1. Plain chat: the agent keeps the conversation (bounded by Config.max_history_length).
agent = SimpleAgent("assistant", llm, system_prompt="You are a friendly, brief assistant.")
print("->", agent.run("Hi, my name is Ada."))
print("->", agent.run("What is my name?"))
print(f"history: {len(agent.get_history())} messages")

# 2. With a tool: the system prompt now lists the tools and the TOOL_CALL protocol.
registry = ToolRegistry()
registry.register_tool(CalculatorTool())
calculator_agent = SimpleAgent("calculator", llm, tool_registry=registry)
print("tools:", calculator_agent.list_tools())
print("->", calculator_agent.run("How many cents do 48 pencils at 37 cents each cost?"))

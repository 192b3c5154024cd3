"""Chapter 7.4.1: SimpleAgent, chat with history, then tools via [TOOL_CALL:...].

On the embedded 1.5B model, the calculator agent's system prompt matters: with the
default one it wrote Python code and "computed" a wrong total in its head. Told that it
cannot do arithmetic itself, at temperature 0, it calls the calculator. If its answer still
lacks the calculator's result, the example stops with exit code 1 and names the settings
that work.

Run:  python chapters/ch07/examples/02_simple_agent.py
"""

from example_llm import banner, give_up, make_llm

from hello_agents import CalculatorTool, SimpleAgent, ToolRegistry

llm = make_llm(
    [
        # What the scripted model answers, in order (a real model writes its own).
        "Nice to meet you, Ada!",
        "Your name is Ada.",
        "Let me calculate that.\n[TOOL_CALL:python_calculator:37 * 48]",
        "48 pencils at 37 cents cost 1776 cents.",
    ],
    temperature=0,  # a small model's tool calls are then the same on every run
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
calculator_agent = SimpleAgent(
    "calculator",
    llm,
    system_prompt="You are a brief assistant. You cannot do arithmetic in your head: for "
    "every calculation, write [TOOL_CALL:python_calculator:<expression>] and wait for the "
    "result, then answer with it.",
    tool_registry=registry,
)
calculator_agent.hooks.on(
    "tool_end", lambda event: print(f"   [{event.data['tool']}] -> {event.data['result'].content}")
)
print("tools:", calculator_agent.list_tools())
answer = calculator_agent.run("How many cents do 48 pencils at 37 cents each cost?")
print("->", answer)
if "1776" not in answer.replace(",", ""):
    give_up(f"its answer {answer[:80]!r} does not carry the calculator's 1776")

"""Chapter 7.5.5: ToolChain, tools one after another, each step reading earlier outputs.

Run:  python chapters/ch07/examples/08_tool_chain.py
"""

from hello_agents import CalculatorTool, ToolChain, ToolChainManager, ToolRegistry
from hello_agents.tools.chain import ToolChainError

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
registry.register_function(
    "count_words", "Count the words of a text", lambda text: str(len(text.split()))
)
registry.register_function("shout", "Upper-case a text", lambda text: text.upper())

# {input} is the chain's input; each step stores its output under output_key.
chain = ToolChain("word_budget", "Count the words, then price them")
chain.add_step("count_words", "{input}", output_key="words")
chain.add_step("python_calculator", "{words} * {price_per_word}", output_key="cost")

context = {"price_per_word": 3}
print("cost:", chain.execute(registry, "the quick brown fox jumps", context))
print("context afterwards (unchanged):", context)

# run() returns the structured result: every step, its input and its output.
result = chain.run(registry, "hello agents", context)
for step in result.steps:
    tool_name, output = step.step.tool_name, step.result.content
    print(f"  step {step.number}: {tool_name}({step.tool_input!r}) -> {output}")

# A failing step stops the chain: its error is never passed on to the next step.
fragile = ToolChain("fragile", "Divide, then shout")
fragile.add_step("python_calculator", "{input}")
fragile.add_step("shout", "{step_0_result}")
try:
    fragile.execute(registry, "1 / 0")
except ToolChainError as error:
    print("stopped:", str(error).splitlines()[0])

# A manager keeps chains by name.
manager = ToolChainManager(registry)
manager.register_chain(chain)
print("chains:", manager.list_chains())
print("via manager:", manager.execute_chain("word_budget", "one two", {"price_per_word": 5}))

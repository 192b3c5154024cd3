"""Chapter 7.4.2: ReActAgent, Thought / Action / Observation until Finish[answer].

The scripted replies below are written the way small models really write:
bold labels, backticks, and an Observation they made up. The parser copes,
and the invented Observation is replaced by the real tool result.

Run:  python chapters/ch07/examples/03_react_agent.py
"""

from example_llm import banner, make_llm

from hello_agents import CalculatorTool, ReActAgent, ToolRegistry

llm = make_llm(
    [
        "**Thought:** I need 37 times 48.\n**Action:** `python_calculator[37 * 48]`\n"
        "Observation: 1700",
        "Thought: The calculator says 1776.\nAction: Finish[48 pencils cost 1776 cents.]",
    ]
)
print(banner(llm))

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
agent = ReActAgent("react", llm, registry, max_steps=5)

# iter_steps() yields each step as it happens; run() just returns the answer.
question = "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?"
for number, step in enumerate(agent.iter_steps(question), 1):
    print(f"--- step {number}")
    if step.thought:
        print("Thought:", step.thought)
    if step.action:
        print(f"Action: {step.action.tool}[{step.action.input}]")
    if step.observation is not None:
        print("Observation:", step.observation)
    if step.final_answer is not None:
        print("Answer:", step.final_answer)

"""Chapter 7.4.4: PlanAndSolveAgent, a plan as a list, then one step at a time.

Run:  python chapters/ch07/examples/05_plan_and_solve_agent.py
"""

from example_llm import banner, make_llm

from hello_agents import PlanAndSolveAgent

llm = make_llm(
    [
        '```python\n["Count the apples after buying more", "Subtract the apples eaten"]\n```',
        "5 + 7 = 12 apples",
        "12 - 3 = 9 apples",
    ]
)
print(banner(llm))

agent = PlanAndSolveAgent("planner", llm)
result = agent.run_detailed("I have 5 apples, buy 7 more and eat 3. How many are left?")

print("plan:")
for number, step in enumerate(result.plan, 1):
    print(f"  {number}. {step}")
for step in result.steps:
    print(f"- {step.step} -> {step.result}")
print("answer:", result.answer)

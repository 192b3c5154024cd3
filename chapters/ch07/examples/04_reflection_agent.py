"""Chapter 7.4.3: ReflectionAgent, draft, review, refine until the review says DONE.

Run:  python chapters/ch07/examples/04_reflection_agent.py
"""

from example_llm import banner, make_llm

from hello_agents import ReflectionAgent

llm = make_llm(
    [
        "def is_even(n):\n    return n % 2 == 0",
        "Correct, but there is no docstring.\nVERDICT: REVISE",
        'def is_even(n: int) -> bool:\n    """True when n is even."""\n    return n % 2 == 0',
        "Clear, typed and documented.\nVERDICT: DONE",
    ]
)
print(banner(llm))

agent = ReflectionAgent("reviewer", llm, max_iterations=2)
result = agent.run_detailed("Write a Python function is_even(n). Reply with the code only.")

for number, draft in enumerate(result.drafts, 1):
    print(f"--- draft {number}\n{draft}")
    if number <= len(result.critiques):
        critique = result.critiques[number - 1]
        print(f"--- review {number} (verdict: {critique.verdict})\n{critique.feedback}")
print("stopped because:", result.stopped_reason)

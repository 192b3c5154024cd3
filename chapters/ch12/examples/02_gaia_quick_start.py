"""Chapter 12.3: GAIA-style questions, quasi exact match after normalisation.

The shipped GAIA-style sample is ours (GAIA itself is gated: pass
``GAIAEvaluationTool(local_data_dir=...)`` to use a copy you downloaded).

Run:  python chapters/ch12/examples/02_gaia_quick_start.py
"""

import tempfile
from pathlib import Path

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.evaluation import GAIA_SYSTEM_PROMPT, normalize_answer
from hello_agents.tools import GAIAEvaluationTool

llm = make_llm(
    [
        # Models trained on maths often box the answer instead of writing FINAL ANSWER:
        # the scorer reads \boxed{...} too.
        "250 g per cake, 7 cakes: $250 \\times 7 = \\boxed{1750}$ g.",
        "Australia's capital is not Sydney.\nFINAL ANSWER: Canberra",
        "FINAL ANSWER: Blue, red and green",
    ]
)
print(banner(llm))

agent = SimpleAgent(name="TestAgent", llm=llm, system_prompt=GAIA_SYSTEM_PROMPT)
output = Path(tempfile.mkdtemp(prefix="ch12_gaia_"))
gaia_tool = GAIAEvaluationTool(output_dir=output, report_dir=output)

results = gaia_tool.run(agent=agent, level=1, max_samples=3)

print(f"exact match rate: {results['exact_match_rate']:.2%}")
print(f"partial match rate: {results['partial_match_rate']:.2%}")
print(f"correct: {results['exact_matches']}/{results['total_samples']}")
for detail in results["detailed_results"]:
    given, wanted = normalize_answer(detail["predicted"]), normalize_answer(detail["expected"])
    print(
        f"  {detail['task_id']}: {detail['predicted']!r} -> {given!r} vs {wanted!r}"
        f" exact={detail['exact_match']} partial={detail['partial_match']}"
    )

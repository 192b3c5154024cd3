"""Chapter 12.4: win rate, each pair judged twice with the positions swapped.

Run:  python chapters/ch12/examples/04_win_rate.py
"""

from example_llm import banner, make_llm

from hello_agents.evaluation import WinRateEvaluator

generated = [
    {
        "id": "gen_1",
        "problem": "Find the area of a 13-14-15 triangle.",
        "solution": "s = 21; area = 84.",
    },
    {"id": "gen_2", "problem": "Find x.", "solution": "x = 3."},
]
reference = [
    {"id": "ref_1", "problem": "Find the area of a 13-14-15 triangle.", "solution": "s = 21."},
    {"id": "ref_2", "problem": "Solve 2x + 1 = 7 for x.", "solution": "2x = 6, so x = 3."},
]

llm = make_llm(
    [
        # pair 1: the generated solution is better in both orders -> a win
        '{"winner": "A", "reason": "complete solution"}',
        '{"winner": "B", "reason": "complete solution"}',
        # pair 2: the judge prefers whatever it reads first -> order bias, counted as a tie
        '{"winner": "A", "reason": "first one looks fine"}',
        '{"winner": "A", "reason": "first one looks fine"}',
    ]
)
print(banner(llm))

evaluator = WinRateEvaluator(llm=llm)
result = evaluator.evaluate_win_rate(generated, reference)
for comparison in result["comparisons"]:
    print(
        f"{comparison['candidate_id']} vs {comparison['reference_id']}: verdicts "
        f"{comparison['verdicts']} (candidate as A, then as B) -> {comparison['outcome']}"
    )
print(f"win rate: {result['win_rate']:.0%} · losses {result['losses']} · ties {result['ties']}")
print(f"position consistency: {result['position_consistency']:.0%}")

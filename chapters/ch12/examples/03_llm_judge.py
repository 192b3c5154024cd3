"""Chapter 12.4: an LLM judge scores generated problems on a rubric.

Run:  python chapters/ch12/examples/03_llm_judge.py
"""

import json

from example_llm import banner, make_llm

from hello_agents.evaluation import LLMJudgeEvaluator

problems = [
    {
        "problem_id": "generated_001",
        "problem": "How many positive divisors does 360 have?",
        "answer": "24",
        "solution": "360 = 2^3 * 3^2 * 5, so (3+1)(2+1)(1+1) = 24 divisors.",
    },
    {
        "problem_id": "generated_002",
        "problem": "A triangle has sides 13, 14 and 15. Find its area.",
        "answer": "84",
        "solution": "s = 21.",
    },
]

llm = make_llm(
    [
        json.dumps(
            {
                "correctness": 5,
                "clarity": 5,
                "difficulty_match": 2,
                "completeness": 5,
                "reasoning": "Correct and clear, but easier than an AIME problem.",
            }
        ),
        "The solution stops after the semi-perimeter, so it is incomplete.",  # no JSON: re-asked
        '```json\n{"correctness": 4, "clarity": 4, "difficulty_match": 2, "completeness": 1, '
        '"reasoning": "Right answer, but the solution stops after s = 21."}\n```',
    ]
)
print(banner(llm))

judge = LLMJudgeEvaluator(llm=llm)
for problem in problems:
    result = judge.evaluate_single(problem)
    print(f"{result['problem_id']}: scores {result['scores']}")
    print(f"  mean {result['total_score']:.2f}/5 after {result['attempts']} judge call(s)")
    print(f"  reasoning: {result['reasoning']}")

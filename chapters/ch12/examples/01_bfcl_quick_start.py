"""Chapter 12.2: BFCL, function-calling accuracy by AST matching, in one call.

The agent gets each sample's functions (JSON Schema) in its prompt and answers with
the calls as JSON; BFCLEvaluationTool compares them with BFCL's possible answers.

Run:  python chapters/ch12/examples/01_bfcl_quick_start.py
"""

import tempfile
from pathlib import Path

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.tools import BFCLEvaluationTool

llm = make_llm(
    [
        # What the scripted model answers, one reply per sample (a real model writes its own).
        '[{"name": "calculate_triangle_area", "arguments": {"base": 10, "height": 5}}]',
        '[{"name": "math.factorial", "arguments": {"number": 5}}]',
        "math.hypot(x=4, y=5)",
        '[{"name": "algebra.quadratic_roots", "arguments": {"a": 1, "b": 3, "c": 2}}]',
        '[{"name": "get_weather", "arguments": {"city": "Beijing"}}]',
    ]
)
print(banner(llm))

agent = SimpleAgent(name="TestAgent", llm=llm)
output = Path(tempfile.mkdtemp(prefix="ch12_bfcl_"))
bfcl_tool = BFCLEvaluationTool(output_dir=output, report_dir=output)

results = bfcl_tool.run(agent=agent, category="simple_python", max_samples=5)

print(f"accuracy: {results['overall_accuracy']:.2%}")
print(f"correct: {results['correct_samples']}/{results['total_samples']}")
for detail in results["detailed_results"]:
    mark = "ok " if detail["correct"] else "bad"
    print(f"  {mark} {detail['id']:<10} {detail['check'] or 'matches the possible answer'}")
print("report and BFCL-format results in", output)

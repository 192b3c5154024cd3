"""Chapter 10.3.4 (3): two agents negotiate a deadline over A2A.

The contractor is an A2A agent with a rule (it needs at least 7 days). The client
side is an LLM agent that proposes a deadline, reads the answer, and proposes
again until both agree (at most four rounds). Proposals travel as JSON.

Run:  python chapters/ch10/examples/07_negotiation.py
"""

import json
import re

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.protocols import A2AClient, A2AServer

MINIMUM_DAYS = 7
contractor = A2AServer("contractor", "Accepts work when the deadline is long enough")


@contractor.skill("propose")
def handle_proposal(text: str) -> str:
    """Evaluate a proposal {"task": ..., "deadline": days}; accept it or counter it."""
    match = re.search(r"\{.*\}", text, re.DOTALL)
    try:
        proposal = json.loads(match.group(0) if match else text)
        days = int(proposal["deadline"])
    except (ValueError, KeyError, TypeError):
        return json.dumps({"accepted": False, "message": "send JSON with task and deadline"})
    if days >= MINIMUM_DAYS:
        return json.dumps({"accepted": True, "message": f"agreed: {days} days"})
    return json.dumps(
        {"accepted": False, "message": "too tight", "counter_proposal": {"deadline": MINIMUM_DAYS}}
    )


def one_line(reply: str) -> str:
    """The JSON object of a reply on one line (a model may fence it or spread it out)."""
    found = re.search(r"\{.*\}", reply, re.DOTALL)
    try:
        return json.dumps(json.loads(found.group(0))) if found else reply
    except ValueError:
        return reply


llm = make_llm(
    [
        '{"task": "build the new feature", "deadline": 5}',
        '{"task": "build the new feature", "deadline": 7}',
    ]
)
print(banner(llm))
planner = SimpleAgent(
    "planner",
    llm,
    system_prompt="You negotiate deadlines. Reply with JSON only: "
    '{"task": "...", "deadline": <days as an integer>}. Keep deadlines short, '
    "but accept a counter-proposal when one is made.",
)

with contractor.start() as running, A2AClient(running.url) as client:
    message = "Propose a deadline for 'build the new feature'. We would like 5 days."
    for round_number in range(1, 5):
        proposal = planner.run(message)
        print(f"round {round_number}: planner proposes {one_line(proposal)}")
        answer = json.loads(client.execute_skill("propose", f"propose {proposal}")["result"])
        print(f"         contractor answers {answer}")
        if answer["accepted"]:
            print("agreement reached")
            break
        message = f"The contractor answered {json.dumps(answer)}. Make your next proposal."
    else:
        print("no agreement after 4 rounds")

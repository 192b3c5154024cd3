"""Chapter 10.3.4: remote agents as tools, a receptionist routing questions to experts.

The receptionist is a FunctionCallAgent: it calls an expert through function
calling, which small local models do far more reliably than writing a call as
text. Every question must go to an expert (``default_tool_choice="required"``),
and a reply that does not pass the expert's answer on ends the example with
exit code 1, saying which model to try instead.

Run:  python chapters/ch10/examples/06_a2a_tool_in_agent.py
"""

import re

from example_llm import banner, give_up, make_llm

from hello_agents import FunctionCallAgent
from hello_agents.protocols import A2AServer
from hello_agents.testing import tool_call, tool_calls
from hello_agents.tools import A2ATool, ToolParameter

tech_expert = A2AServer("tech_expert", "Answers technical questions")


@tech_expert.skill("answer")
def answer_tech(text: str) -> str:
    """Answer a technical question."""
    return "Install the SDK, then call client.ask(...) with your question."


sales_advisor = A2AServer("sales_advisor", "Answers price and purchase questions")


@sales_advisor.skill("answer")
def answer_sales(text: str) -> str:
    """Answer a sales question."""
    return "The enterprise plan is 99 per seat per month."


class ExpertTool(A2ATool):
    """An A2ATool that offers the model one argument, the question.

    A2ATool also takes ``action`` and ``skill``, both optional; a small model
    fills ``skill`` with a topic ("API") that the remote agent does not have,
    and the task fails. Without them the tool asks the agent's default skill.
    """

    def get_parameters(self) -> list[ToolParameter]:
        return [ToolParameter(name="question", type="string", description="The question.")]


def words(text: str) -> set[str]:
    """The lower-case words and numbers of ``text``."""
    return set(re.findall(r"\w+", text.lower()))


def passed_on(expert_answer: str, reply: str, question: str) -> bool:
    """Whether ``reply`` passes on the expert's answer: at least half of its words and
    numbers that the question did not already have."""
    facts = words(expert_answer) - words(question)
    return len(facts & words(reply)) * 2 >= len(facts)


with tech_expert.start() as tech, sales_advisor.start() as sales:
    llm = make_llm(
        [
            tool_calls(tool_call("tech_expert", {"question": "How do I call your API?"})),
            "Our technical team says: install the SDK and call client.ask(...).",
            tool_calls(
                tool_call("sales_advisor", {"question": "What does the enterprise version cost?"})
            ),
            "The enterprise plan is 99 per seat per month.",
        ],
        temperature=0,
    )
    print(banner(llm))
    receptionist = FunctionCallAgent(
        "receptionist",
        llm,
        system_prompt="You forward technical questions to tech_expert and price questions "
        "to sales_advisor, then give the customer the expert's answer.",
        default_tool_choice="required",  # the first call of each run, then "auto"
    )
    receptionist.add_tool(
        ExpertTool(tech.url, name="tech_expert", description="Technical expert: API, SDK, setup")
    )
    receptionist.add_tool(
        ExpertTool(sales.url, name="sales_advisor", description="Sales: prices and plans")
    )
    for question in ("How do I call your API?", "What does the enterprise version cost?"):
        print("customer:", question)
        reply = receptionist.run(question)
        print("reply:   ", reply)
        experts = [
            result.content
            for step in receptionist.steps
            for result in step.results
            if result.ok and not result.content.startswith("Error")  # A2ATool reports in text
        ]
        if not experts:
            give_up(f"no expert answered {question!r}; the reply was {reply!r}")
        if not passed_on(experts[-1], reply, question):
            give_up(f"the expert said {experts[-1]!r}, but the reply was {reply!r}")

"""Chapter 10.3.4: remote agents as tools, a receptionist routing questions to experts.

Run:  python chapters/ch10/examples/06_a2a_tool_in_agent.py
"""

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.protocols import A2AServer
from hello_agents.tools import A2ATool

tech_expert = A2AServer("tech_expert", "Answers technical questions")


@tech_expert.skill("answer")
def answer_tech(text: str) -> str:
    """Answer a technical question."""
    return f"Technical answer: for '{text}', install the SDK and call client.ask(...)."


sales_advisor = A2AServer("sales_advisor", "Answers price and purchase questions")


@sales_advisor.skill("answer")
def answer_sales(text: str) -> str:
    """Answer a sales question."""
    return f"Sales answer: for '{text}', the enterprise plan is 99 per seat per month."


with tech_expert.start() as tech, sales_advisor.start() as sales:
    llm = make_llm(
        [
            '[TOOL_CALL:tech_expert:{"action": "ask", "question": "How do I call your API?"}]',
            "Our technical team says: install the SDK and call client.ask(...).",
            '[TOOL_CALL:sales_advisor:{"action": "ask", '
            '"question": "What does the enterprise version cost?"}]',
            "The enterprise plan is 99 per seat per month.",
        ]
    )
    print(banner(llm))
    receptionist = SimpleAgent(
        "receptionist",
        llm,
        system_prompt="You forward technical questions to tech_expert and price questions "
        "to sales_advisor, then give the customer the expert's answer.",
    )
    receptionist.add_tool(
        A2ATool(tech.url, name="tech_expert", description="Technical expert: API, SDK, setup")
    )
    receptionist.add_tool(
        A2ATool(sales.url, name="sales_advisor", description="Sales: prices and plans")
    )
    for question in ("How do I call your API?", "What does the enterprise version cost?"):
        print("customer:", question)
        print("reply:   ", receptionist.run(question))

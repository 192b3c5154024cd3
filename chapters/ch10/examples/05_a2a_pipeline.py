"""Chapter 10.3.3 (3): researcher -> writer -> editor, three agents talking over A2A.

Each role is a real agent (a SimpleAgent with its own model) served as an A2A
server on a free local port. A coordinator passes each agent's answer to the next.

Run:  python chapters/ch10/examples/05_a2a_pipeline.py
"""

import time

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.protocols import A2AClient, A2AServer

ROLES = {
    "researcher": (
        "You research a topic and list three key findings, one short line each.",
        ["- MCP connects agents to tools\n- A2A connects agents to agents\n- ANP finds agents"],
    ),
    "writer": (
        "You turn research notes into an article of at most 80 words, with a title.",
        ["# Agent protocols\n\nAgents use MCP for tools, A2A for each other, ANP to find peers."],
    ),
    "editor": (
        "You edit an article: reply with the whole article, polished (its title, then at "
        "most 100 words), and end with a last line 'Approved.'",
        [
            "# Agent protocols, in brief\n\nAgents reach tools through MCP, work with each "
            "other through A2A and find each other through ANP.\n\nApproved."
        ],
    ),
}


def only_approval(reply: str) -> bool:
    """Whether the editor answered only its verdict (a small model often does): the
    article then stands as the writer wrote it, approved."""
    return reply.strip().rstrip(".!").lower() in ("approved", "")


def serve(role: str) -> tuple[A2AServer, str]:
    instructions, script = ROLES[role]
    llm = make_llm(script)
    agent = SimpleAgent(role, llm, system_prompt=instructions)
    server = A2AServer.from_agent(agent, f"The team's {role}")
    return server, server.start().url


servers = {role: serve(role) for role in ROLES}
print(banner(make_llm([""])))
try:
    clients = {role: A2AClient(url, timeout=900) for role, (_, url) in servers.items()}

    def create_content(topic: str) -> str:
        notes = clients["researcher"].ask(f"Research this topic: {topic}")
        article = clients["writer"].ask(f"Write an article from these notes:\n{notes}")
        edited = clients["editor"].ask(f"Edit this article:\n{article}")
        return edited if not only_approval(edited) else f"{article}\n\n(approved as written)"

    started = time.perf_counter()
    final = create_content("how agents talk to each other")
    print(final)
    print(f"\n3 hops in {time.perf_counter() - started:.2f} s")
    for client in clients.values():
        client.close()
finally:
    for server, _ in servers.values():
        server.stop()  # every server is stopped, even when a step failed

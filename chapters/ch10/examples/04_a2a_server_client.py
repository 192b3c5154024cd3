"""Chapter 10.3.2-10.3.3: an A2A agent with skills, and a client that calls them.

Run:  python chapters/ch10/examples/04_a2a_server_client.py
"""

import json

from hello_agents.protocols import A2AClient, A2AServer

researcher = A2AServer(
    name="researcher",
    description="Finds and summarises material on a topic",
    version="1.0.0",
    capabilities={"research": ["summaries", "sources"]},
)


@researcher.skill("research", examples=["research AI in healthcare"])
def handle_research(text: str) -> str:
    """Research a topic and report findings with sources."""
    topic = text.removeprefix("research").strip() or text
    return json.dumps({"topic": topic, "findings": f"Key facts about {topic}", "sources": 3})


@researcher.skill("outline")
def outline(text: str):
    """Stream an outline, one section at a time."""
    for section in ("1. Background", "2. Applications", "3. Open problems"):
        yield section + "\n"  # each chunk reaches the client as soon as it is yielded


# start() serves on a free port from a background thread; leaving `with` stops it.
# (The tutorial's researcher.run(port=5000) serves in the foreground until Ctrl+C.)
with researcher.start() as running:
    print("serving at", running.url)
    client = A2AClient(running.url)

    card = client.get_info()  # the agent card from /.well-known/agent-card.json
    print("card:", card["name"], "-", [skill["id"] for skill in card["skills"]])

    response = client.execute_skill("research", "research AI applications in healthcare")
    print("status:", response["status"])
    print("result:", json.loads(response["result"]))

    print("streamed outline:")
    for chunk in client.stream("outline for AI in healthcare", skill="outline"):
        print("  chunk:", chunk.strip())

    failed = client.execute_skill("translate", "bonjour")  # no such skill: a failed task
    print("unknown skill ->", failed["status"], "|", failed["error"].split(": ", 1)[1])
    client.close()

"""An A2A agent that starts a task and never finishes it (the tests kill it mid-task).

Prints its URL on the first line, then ``working`` when a task has started.
"""

import sys
import threading

from hello_agents.protocols import A2AServer

server = A2AServer("sleeper", "Starts work and never finishes")
never = threading.Event()


@server.skill("work")
def work(text: str) -> str:
    """Work forever."""
    print("working", flush=True)
    never.wait()
    return "unreachable"


running = server.start()
print(running.url, flush=True)
running.wait()
sys.exit(0)

"""A2A round trip: our A2AServer and A2AClient against the bare a2a-sdk, on loopback.

Four pairs answer the same one-line request (the skill echoes it in capitals),
each server on its own free port:

* **SDK client -> SDK server**: ``create_client`` + ``send_message`` against an
  ``AgentExecutor`` served with the SDK's own routes (the floor);
* **SDK client -> A2AServer**: the cost our server adds (skill routing, task events);
* **A2AClient -> SDK server**: the cost our client adds (typed errors, time limit);
* **A2AClient -> A2AServer**: both, as the chapter uses them (sync ``ask``).

The SDK client streams (its default), as ours does. Batches are interleaved run
after run so machine drift hits all alike; each figure is the median per-call
latency of ``--runs`` batches after a warm-up batch, with its ratio to the floor.

    python benchmarks/protocols_a2a.py [--calls 50] [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from hello_agents.protocols import A2AClient, A2AServer
from hello_agents.protocols._runtime import LoopbackServer, background_loop

TEXT = "hello over a2a"


def sdk_server_app(url: str) -> Any:
    """An A2A server written with the SDK alone: one executor, answering in capitals."""
    from a2a.helpers import new_task_from_user_message, new_text_part
    from a2a.server.agent_execution import AgentExecutor
    from a2a.server.request_handlers import DefaultRequestHandler
    from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
    from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
    from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill
    from starlette.applications import Starlette

    class Upper(AgentExecutor):
        async def execute(self, context: Any, event_queue: Any) -> None:
            task = context.current_task or new_task_from_user_message(context.message)
            await event_queue.enqueue_event(task)
            updater = TaskUpdater(event_queue, task.id, task.context_id)
            await updater.start_work()
            await updater.add_artifact([new_text_part(context.get_user_input().upper())])
            await updater.complete()

        async def cancel(self, context: Any, event_queue: Any) -> None:
            raise NotImplementedError

    card = AgentCard(
        name="upper",
        description="Answers in capitals",
        version="1.0",
        supported_interfaces=[
            AgentInterface(url=url + "/", protocol_binding="JSONRPC", protocol_version="1.0")
        ],
        capabilities=AgentCapabilities(streaming=True),
        default_input_modes=["text/plain"],
        default_output_modes=["text/plain"],
        skills=[AgentSkill(id="upper", name="upper", description="Capitals", tags=["text"])],
    )
    handler = DefaultRequestHandler(
        agent_executor=Upper(), task_store=InMemoryTaskStore(), agent_card=card
    )
    return Starlette(routes=[*create_agent_card_routes(card), *create_jsonrpc_routes(handler, "/")])


def our_server() -> A2AServer:
    server = A2AServer("upper", "Answers in capitals")
    server.add_skill("upper", str.upper, "Capitals")
    return server


async def sdk_ask(client: Any, text: str) -> str:
    from a2a.helpers import get_artifact_text, new_text_message
    from a2a.types import Role, SendMessageRequest

    request = SendMessageRequest(message=new_text_message(text, role=Role.ROLE_USER))
    answer = ""
    async for event in client.send_message(request):
        if event.HasField("artifact_update"):
            answer += get_artifact_text(event.artifact_update.artifact, "")
    return answer


def batch(call: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls


def measure(calls: int, runs: int) -> dict[str, float]:
    from a2a.client import ClientConfig, create_client

    loop = background_loop()

    def on_loop(coroutine: Awaitable[Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result()  # type: ignore[arg-type]

    with LoopbackServer(sdk_server_app) as sdk_served, our_server().start() as ours:
        sdk_to_sdk = on_loop(create_client(sdk_served.url, client_config=ClientConfig()))
        sdk_to_ours = on_loop(create_client(ours.url, client_config=ClientConfig()))
        ours_to_sdk = A2AClient(sdk_served.url)
        ours_to_ours = A2AClient(ours.url)
        contenders: dict[str, Callable[[], object]] = {
            "SDK client -> SDK server": lambda: on_loop(sdk_ask(sdk_to_sdk, TEXT)),
            "SDK client -> A2AServer": lambda: on_loop(sdk_ask(sdk_to_ours, TEXT)),
            "A2AClient -> SDK server": lambda: ours_to_sdk.ask(TEXT),
            "A2AClient -> A2AServer": lambda: ours_to_ours.ask(TEXT),
        }
        for label, call in contenders.items():
            assert call() == TEXT.upper(), label
        samples: dict[str, list[float]] = {label: [] for label in contenders}
        for run in range(runs + 1):  # run 0 warms up every path
            for label, call in contenders.items():
                seconds = batch(call, calls)
                if run:
                    samples[label].append(seconds)
        for client in (sdk_to_sdk, sdk_to_ours):
            on_loop(client.close())
        ours_to_sdk.close()
        ours_to_ours.close()
    return {label: statistics.median(values) for label, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    figures = measure(options.calls, options.runs)
    floor = figures["SDK client -> SDK server"]
    print(f"A2A round trip on loopback, median of {options.runs} runs x {options.calls} calls")
    for label, value in figures.items():
        print(f"  {label:<26} {value * 1000:7.2f} ms/call   ratio {value / floor:.2f}x")


if __name__ == "__main__":
    main()

"""A2A on the official a2a-sdk: our server and client against the SDK's own, on loopback."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.protocols import (
    A2AClient,
    A2AConnectionError,
    A2AServer,
    A2ATaskError,
    A2ATimeoutError,
    AgentNetwork,
)
from hello_agents.protocols._runtime import LoopbackServer
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import A2ATool

PEERS = Path(__file__).resolve().parent / "peers"


def make_researcher() -> A2AServer:
    server = A2AServer("researcher", "Finds facts", capabilities={"research": ["web"]})

    @server.skill("research", examples=["research MCP"])
    def research(text: str) -> str:
        """Research a topic and report findings."""
        topic = text.removeprefix("research").strip()
        return f"findings about {topic}"

    @server.skill("story")
    def story(text: str) -> Iterator[str]:
        """Tell a story, a few words at a time."""
        yield from ["once ", "upon ", "a time"]

    @server.skill("fail")
    def fail(text: str) -> str:
        """Always fails."""
        raise ValueError("the archive is closed")

    return server


@pytest.fixture(scope="module")
def researcher_url() -> Iterator[str]:
    with make_researcher().start() as running:
        yield running.url


# ---------------------------------------------------------------- our client, our server


def test_execute_skill_returns_the_tutorial_dict(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        response = client.execute_skill("research", "research MCP")
    assert response == {"skill": "research", "status": "completed", "result": "findings about MCP"}


def test_the_first_word_picks_the_skill_when_none_is_named(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        assert client.ask("story for me") == "once upon a time"
        assert client.ask("something else entirely") == "findings about something else entirely"


def test_a_generator_skill_streams_chunk_by_chunk(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        assert list(client.stream("x", skill="story")) == ["once ", "upon ", "a time"]


def test_a_failing_skill_fails_the_task_with_its_reason(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        response = client.execute_skill("fail", "x")
        assert response["status"] == "failed"
        assert "ValueError: the archive is closed" in response["error"]
        with pytest.raises(A2ATaskError) as raised:
            client.ask("x", skill="fail")
        assert raised.value.state == "failed"


def test_an_unknown_skill_is_a_failed_task_naming_the_skills(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        response = client.execute_skill("dance", "x")
    assert response["status"] == "failed"
    assert "its skills are research, story, fail" in response["error"]


def test_the_card_lists_skills_and_streaming(researcher_url: str) -> None:
    with A2AClient(researcher_url) as client:
        card = client.get_info()
    assert card["name"] == "researcher"
    assert card["capabilities"]["streaming"] is True
    research = card["skills"][0]
    assert research["id"] == "research"
    assert research["description"] == "Research a topic and report findings."
    assert research["examples"] == ["research MCP"]


def test_async_twins_work_on_the_callers_loop(researcher_url: str) -> None:
    async def both() -> tuple[str, list[str]]:
        async with A2AClient(researcher_url) as client:
            answer = await client.aask("research A2A")
            chunks = [chunk async for chunk in client.astream("x", skill="story")]
        return answer, chunks

    assert asyncio.run(both()) == ("findings about A2A", ["once ", "upon ", "a time"])


def test_any_agent_is_served_as_the_chat_skill() -> None:
    llm = ScriptedLLM(["Paris.", "Still Paris."])
    agent = SimpleAgent("geographer", llm, system_prompt="Answer in one word.")
    server = A2AServer.from_agent(agent, "Answers geography questions")
    with server.start() as running, A2AClient(running.url) as client:
        assert client.get_info()["skills"][0]["id"] == "chat"
        assert client.ask("Capital of France?") == "Paris."
        assert client.ask("And now?") == "Still Paris."
    assert llm.calls[0].system_prompt == "Answer in one word."
    assert len(agent.get_history()) == 4  # the agent kept the conversation


def test_the_tutorials_run_serves_on_the_given_port() -> None:
    server = make_researcher()
    with LoopbackServer(lambda url: None) as probe:  # find a free port, then release it
        port = probe.port
    thread = threading.Thread(target=server.run, kwargs={"port": port}, daemon=True)
    thread.start()
    try:
        client = A2AClient(f"http://127.0.0.1:{port}", timeout=10)
        for _ in range(100):  # the server thread binds the port right after starting
            if server.url is not None:
                break
            time.sleep(0.01)
        assert client.execute_skill("research", "research ports")["result"] == (
            "findings about ports"
        )
        client.close()
    finally:
        server.stop()
        thread.join(10)
    assert not thread.is_alive()


# ---------------------------------------------------------------- interop with the SDK itself


def test_the_sdks_own_client_talks_to_our_server(researcher_url: str) -> None:
    from a2a.client import ClientConfig, create_client
    from a2a.helpers import get_stream_response_text, new_text_message
    from a2a.types import Role, SendMessageRequest, TaskState

    async def with_sdk_client() -> tuple[str, str, int]:
        client = await create_client(researcher_url, client_config=ClientConfig(streaming=False))
        request = SendMessageRequest(
            message=new_text_message("research interop", role=Role.ROLE_USER)
        )
        events = [event async for event in client.send_message(request)]
        await client.close()
        task = events[-1].task
        return (
            get_stream_response_text(events[-1]),
            TaskState.Name(task.status.state),
            len(task.artifacts),
        )

    text, state, artifacts = asyncio.run(with_sdk_client())
    assert (text, state, artifacts) == ("findings about interop", "TASK_STATE_COMPLETED", 1)


def test_the_sdks_own_streaming_client_sees_every_task_event(researcher_url: str) -> None:
    from a2a.client import ClientConfig, create_client
    from a2a.helpers import new_text_message
    from a2a.types import Role, SendMessageRequest

    async def kinds() -> list[str]:
        client = await create_client(researcher_url, client_config=ClientConfig(streaming=True))
        request = SendMessageRequest(message=new_text_message("story", role=Role.ROLE_USER))
        seen = [event.WhichOneof("payload") async for event in client.send_message(request)]
        await client.close()
        return seen

    seen = asyncio.run(kinds())
    assert seen[0] == "task"
    assert seen.count("artifact_update") == 3
    assert seen[-1] == "status_update"


def sdk_server_app(url: str):
    """An A2A server written with the SDK alone: an executor that answers in capitals."""
    from a2a.helpers import new_task_from_user_message, new_text_part
    from a2a.server.agent_execution import AgentExecutor
    from a2a.server.request_handlers import DefaultRequestHandler
    from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
    from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
    from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill
    from starlette.applications import Starlette

    class Upper(AgentExecutor):
        async def execute(self, context, event_queue) -> None:
            task = context.current_task or new_task_from_user_message(context.message)
            await event_queue.enqueue_event(task)
            updater = TaskUpdater(event_queue, task.id, task.context_id)
            await updater.add_artifact([new_text_part(context.get_user_input().upper())])
            await updater.complete()

        async def cancel(self, context, event_queue) -> None:
            raise NotImplementedError

    card = AgentCard(
        name="upper",
        description="Answers in capitals",
        version="0.1",
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


def test_our_client_and_tool_talk_to_a_server_written_with_the_sdk() -> None:
    with LoopbackServer(sdk_server_app) as served:
        with A2AClient(served.url) as client:
            assert client.execute_skill("upper", "hello there")["result"] == "HELLO THERE"
            assert client.get_info()["name"] == "upper"
        tool = A2ATool(served.url, name="upper", description="Capitals")
        assert tool.run({"action": "ask", "question": "quiet"}) == "QUIET"
        assert tool.run({"action": "get_info"}).startswith("upper: Answers in capitals")
        tool.close()


# ---------------------------------------------------------------- failures: no hang, typed errors


def test_an_unreachable_agent_is_a_connection_error() -> None:
    with LoopbackServer(lambda url: None) as probe:
        dead_url = probe.url
    client = A2AClient(dead_url, timeout=5)
    with pytest.raises(A2AConnectionError, match="Could not talk to the A2A agent"):
        client.ask("anyone?")
    tool = A2ATool(dead_url)
    assert tool.run({"action": "ask", "question": "anyone?"}).startswith("Error: Could not talk")


def test_a_slow_agent_is_a_timeout_error() -> None:
    release = threading.Event()
    server = A2AServer("slow", "Slow")

    @server.skill("wait")
    def wait(text: str) -> str:
        """Wait to be released."""
        release.wait(20)
        return "late"

    with server.start() as running:
        client = A2AClient(running.url, timeout=1.0)
        started = time.monotonic()
        with pytest.raises(A2ATimeoutError, match=r"within 1\.0 s"):
            client.ask("x")
        assert time.monotonic() - started < 5
        release.set()
        client.close()


def test_a_peer_that_dies_mid_task_is_a_clear_error_and_no_hang() -> None:
    peer = subprocess.Popen(
        [sys.executable, str(PEERS / "slow_a2a_peer.py")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert peer.stdout is not None
        url = peer.stdout.readline().strip()
        client = A2AClient(url, timeout=30)
        outcome: dict[str, BaseException] = {}

        def ask() -> None:
            try:
                client.ask("work hard")
            except BaseException as error:
                outcome["error"] = error

        asker = threading.Thread(target=ask)
        asker.start()
        assert peer.stdout.readline().strip() == "working"  # the task is under way
        peer.kill()
        started = time.monotonic()
        asker.join(15)
        assert not asker.is_alive(), "the client hung after its peer died"
        assert time.monotonic() - started < 10
        assert isinstance(outcome["error"], A2AConnectionError)
        assert url in str(outcome["error"])
    finally:
        peer.kill()
        peer.wait(10)


# ---------------------------------------------------------------- the tool and the network


def test_a2a_tool_inside_an_agent(researcher_url: str) -> None:
    llm = ScriptedLLM(
        [
            '[TOOL_CALL:researcher:{"action": "ask", "question": "research AI in education"}]',
            "The researcher found: findings about AI in education.",
        ]
    )
    coordinator = SimpleAgent("coordinator", llm)
    coordinator.add_tool(A2ATool(agent_url=researcher_url, name="researcher"))
    coordinator.run("Have the researcher look into AI in education.")
    assert "findings about AI in education" in llm.calls[1].last_user_message


def test_a2a_tool_errors_are_text() -> None:
    tool = A2ATool("http://127.0.0.1:9")
    assert (
        tool.run({"action": "ask", "question": " "}) == "Error: ask needs a non-empty 'question'."
    )
    assert "Use one of: ask, get_info" in tool.run({"action": "dance"})


def test_agent_network_asks_agents_by_name(researcher_url: str) -> None:
    with AgentNetwork("team", timeout=10) as network:
        network.add_agent("researcher", researcher_url)
        assert network.list_agents() == ["researcher"]
        assert network.ask("researcher", "research graphs") == "findings about graphs"
        assert network.execute_skill("researcher", "story", "x")["result"] == "once upon a time"
        with pytest.raises(KeyError, match="known agents: researcher"):
            network.get_agent("writer")
        assert network.remove_agent("researcher")


def test_skill_ids_are_checked() -> None:
    server = A2AServer("x")
    server.add_skill("one", str.upper, "Upper")
    with pytest.raises(Exception, match="already has a skill 'one'"):
        server.add_skill("one", str.lower)
    with pytest.raises(Exception, match="non-empty id"):
        server.add_skill(" ", str.lower)
    assert server.skills["one"]("abc") == "ABC"  # skills stay callable, as the tutorial tests them


def test_the_tutorials_module_paths_and_skill_calls_work() -> None:
    from hello_agents.protocols.a2a.implementation import A2A_AVAILABLE
    from hello_agents.protocols.a2a.implementation import A2AServer as TutorialServer
    from hello_agents.protocols.anp.implementation import ANPDiscovery as TutorialDiscovery
    from hello_agents.protocols.mcp.client import MCPClient as TutorialClient

    assert A2A_AVAILABLE
    assert TutorialServer is A2AServer
    assert TutorialDiscovery.__name__ == "ANPDiscovery"
    assert TutorialClient.__module__ == "hello_agents.protocols.mcp.client"
    calculator = TutorialServer(
        name="calculator-agent", description="Calculates", capabilities={"math": ["add"]}
    )

    @calculator.skill("add")
    def add_numbers(query: str) -> str:
        """Addition."""
        return str(sum(float(part) for part in query.split("+")))

    assert list(calculator.skills.keys()) == ["add"]
    assert calculator.skills["add"]("5 + 3") == "8.0"


def test_a_non_streaming_client_gets_the_whole_answer_at_once(researcher_url: str) -> None:
    with A2AClient(researcher_url, streaming=False) as client:
        assert client.ask("x", skill="story") == "once upon a time"
        assert list(client.stream("research polling")) == ["findings about polling"]
        assert client.execute_skill("fail", "x")["status"] == "failed"


def test_a2a_tool_reads_a_question_put_into_skill(researcher_url: str) -> None:
    # Small models often write the request into the optional skill argument.
    tool = A2ATool(researcher_url, name="researcher")
    assert tool.run({"action": "ask", "skill": "research quantum dots"}) == (
        "findings about quantum dots"
    )
    same = "research tidal power"
    assert tool.run({"action": "ask", "question": same, "skill": same}) == (
        "findings about tidal power"
    )
    assert tool.run({"skill": "story"}) == "once upon a time"  # an id alone runs that skill
    tool.close()


def test_a2a_tool_an_unknown_skill_is_an_error_naming_the_cards_skills(
    researcher_url: str,
) -> None:
    tool = A2ATool(researcher_url, name="researcher")
    text = tool.run({"action": "ask", "question": "research MCP", "skill": "summarize"})
    assert text.startswith("Error: researcher has no skill 'summarize'.")
    assert "research (Research a topic and report findings.)" in text
    assert "leave 'skill' out" in text
    # a known id in another case is that skill
    assert tool.run({"action": "ask", "question": "x", "skill": "Story"}) == "once upon a time"
    description = {p.name: p.description for p in tool.get_parameters()}["skill"]
    assert "never the question" in description and "get_info" in description
    tool.close()

"""An A2A server on the official ``a2a-sdk``: skills or any hello-agents Agent, behind a card.

What a remote caller sees (A2A protocol 1.0, JSON-RPC binding):

* ``GET /.well-known/agent-card.json``: the agent card (name, description, version,
  one :class:`AgentSkill` per skill, ``capabilities.streaming``);
* ``POST /``: ``SendMessage`` / ``SendStreamingMessage`` / ``GetTask`` / ``CancelTask``.
  Every message becomes a task: ``submitted`` -> ``working`` -> one artifact with
  the answer (streamed chunk by chunk when the skill yields) -> ``completed``,
  or ``failed`` with the error text when the skill raises.

A skill is a function ``text -> str`` (sync or async, or a generator of text
chunks for streaming). Which skill runs: the ``skill`` field of the request
metadata (what :class:`~hello_agents.protocols.a2a.client.A2AClient` sends), else
the skill whose id is the message's first word (``"research AI"`` runs
``research``), else the first skill registered.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hello_agents._lazy import require
from hello_agents.core.agent import Agent
from hello_agents.core.exceptions import ConfigException
from hello_agents.protocols._runtime import LoopbackServer

if TYPE_CHECKING:
    from a2a.server.agent_execution import RequestContext
    from a2a.server.events import EventQueue
    from a2a.types import AgentCard

logger = logging.getLogger(__name__)

A2A_EXTRA = "a2a"

SkillFunction = Callable[[str], Any]


@dataclass
class Skill:
    """One capability the server offers.

    Attributes:
        id: The id callers name (``"research"``).
        function: ``text -> str``; async functions and generators of chunks work too.
        description: What it does, for the agent card (the docstring by default).
        examples: Example requests shown on the card.
    """

    id: str
    function: SkillFunction
    description: str = ""
    examples: list[str] = field(default_factory=list)

    def __call__(self, text: str) -> Any:
        return self.function(text)


class A2AServer:
    """An agent served over A2A.

    Args:
        name: The agent's name on its card.
        description: What the agent does.
        version: The agent's version.
        capabilities: Free-form capability notes (the tutorial's ``{"math": [...]}``);
            listed as tags of every skill on the card.
        agent: A hello-agents :class:`~hello_agents.core.agent.Agent`: its ``run``
            becomes the skill ``chat`` (see :meth:`from_agent`).
        streaming: Announce and serve ``SendStreamingMessage``.

    Example:
        >>> server = A2AServer("echo", "Repeats what it hears")
        >>> @server.skill("echo")
        ... def echo(text: str) -> str:
        ...     return text
        >>> sorted(server.skills)
        ['echo']
    """

    def __init__(
        self,
        name: str,
        description: str = "",
        version: str = "1.0.0",
        capabilities: Mapping[str, Any] | None = None,
        *,
        agent: Agent | None = None,
        streaming: bool = True,
    ) -> None:
        self.name = name
        self.description = description or name
        self.version = version
        self.capabilities = dict(capabilities or {})
        self.streaming = streaming
        self._skills: dict[str, Skill] = {}
        self._running: LoopbackServer | None = None
        if agent is not None:
            self.add_agent(agent)

    # ------------------------------------------------------------------ skills

    @property
    def skills(self) -> dict[str, Skill]:
        """The skills by id (each callable with the request text, as the tutorial calls them)."""
        return dict(self._skills)

    def skill(
        self, skill_id: str, description: str | None = None, examples: list[str] | None = None
    ) -> Callable[[SkillFunction], SkillFunction]:
        """Decorator: register a function as the skill ``skill_id``.

        Raises:
            ConfigException: The id is empty or taken.
        """

        def register(function: SkillFunction) -> SkillFunction:
            self.add_skill(skill_id, function, description, examples)
            return function

        return register

    def add_skill(
        self,
        skill_id: str,
        function: SkillFunction,
        description: str | None = None,
        examples: list[str] | None = None,
    ) -> Skill:
        """Register ``function`` as the skill ``skill_id`` (the decorator's plain form).

        Raises:
            ConfigException: The id is empty or taken.
        """
        if not skill_id or not skill_id.strip():
            raise ConfigException("A skill needs a non-empty id.")
        if skill_id in self._skills:
            raise ConfigException(f"{self.name!r} already has a skill {skill_id!r}.")
        text = description or inspect.getdoc(function) or skill_id
        skill = Skill(skill_id, function, text.strip().splitlines()[0], list(examples or []))
        self._skills[skill_id] = skill
        return skill

    def add_agent(self, agent: Agent, skill_id: str = "chat", description: str = "") -> Skill:
        """Serve a hello-agents agent: each request runs ``agent.run(text)``.

        Requests are served one at a time per agent (an agent keeps history).
        """
        lock = asyncio.Lock()

        async def run_agent(text: str) -> str:
            async with lock:
                return await asyncio.to_thread(agent.run, text)

        summary = description or f"Ask {agent.name}: {self.description}"
        return self.add_skill(skill_id, run_agent, summary)

    @classmethod
    def from_agent(
        cls, agent: Agent, description: str = "", *, name: str | None = None, version: str = "1.0.0"
    ) -> A2AServer:
        """An A2A server whose one skill (``chat``) is ``agent.run``."""
        server = cls(name or agent.name, description or agent.name, version)
        server.add_agent(agent, description=description)
        return server

    def pick_skill(self, text: str, requested: str | None = None) -> Skill:
        """The skill a request runs (see the module docstring for the order).

        Raises:
            LookupError: ``requested`` names no skill, or the server has none.
        """
        if requested:
            if requested not in self._skills:
                raise LookupError(
                    f"{self.name} has no skill {requested!r}; its skills are "
                    f"{', '.join(self._skills) or 'none'}."
                )
            return self._skills[requested]
        first_word = text.strip().split(maxsplit=1)[0].lower() if text.strip() else ""
        for skill_id, skill in self._skills.items():
            if skill_id.lower() == first_word:
                return skill
        if not self._skills:
            raise LookupError(f"{self.name} has no skills yet.")
        return next(iter(self._skills.values()))

    # ------------------------------------------------------------------ the card and the app

    def agent_card(self, url: str) -> AgentCard:
        """The SDK's ``AgentCard`` for this server, served at ``url``."""
        types = require("a2a.types", A2A_EXTRA)
        tags = sorted({str(key) for key in self.capabilities})
        card: AgentCard = types.AgentCard(
            name=self.name,
            description=self.description,
            version=self.version,
            supported_interfaces=[
                types.AgentInterface(
                    url=url + "/", protocol_binding="JSONRPC", protocol_version="1.0"
                )
            ],
            capabilities=types.AgentCapabilities(streaming=self.streaming),
            default_input_modes=["text/plain"],
            default_output_modes=["text/plain"],
            skills=[
                types.AgentSkill(
                    id=skill.id,
                    name=skill.id,
                    description=skill.description,
                    tags=tags or [skill.id],
                    examples=skill.examples,
                )
                for skill in self._skills.values()
            ],
        )
        return card

    def app(self, url: str) -> Any:
        """The Starlette application serving the card and the JSON-RPC endpoint.

        Args:
            url: The base URL callers use (it is written on the card).
        """
        require("starlette", A2A_EXTRA)
        from a2a.server.request_handlers import DefaultRequestHandler
        from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
        from a2a.server.tasks import InMemoryTaskStore
        from starlette.applications import Starlette

        card = self.agent_card(url)
        handler = DefaultRequestHandler(
            agent_executor=_executor_for(self), task_store=InMemoryTaskStore(), agent_card=card
        )
        routes = [*create_agent_card_routes(card), *create_jsonrpc_routes(handler, rpc_url="/")]
        return Starlette(routes=routes)

    # ------------------------------------------------------------------ running

    def start(self, host: str = "127.0.0.1", port: int = 0) -> LoopbackServer:
        """Serve from a background thread and return at once (port 0: a free port).

        Returns:
            The running server: ``.url`` to connect to, ``.stop()`` or ``with`` to stop it.
            It is also stopped when the interpreter exits.
        """
        self._running = LoopbackServer(self.app, host, port)
        logger.info("A2A agent %r serving at %s", self.name, self._running.url)
        return self._running

    def run(self, host: str = "127.0.0.1", port: int = 5000) -> None:
        """Serve until interrupted (blocking), as the tutorial's ``server.run(port=5000)``."""
        running = self.start(host, port)
        try:
            running.wait()
        except KeyboardInterrupt:
            pass
        finally:
            running.stop()

    def stop(self) -> None:
        """Stop the server started by :meth:`start` or :meth:`run` (idempotent)."""
        if self._running is not None:
            self._running.stop()
            self._running = None

    @property
    def url(self) -> str | None:
        """The URL while serving, else None."""
        return self._running.url if self._running is not None else None

    def __repr__(self) -> str:
        return f"A2AServer(name={self.name!r}, skills={list(self._skills)}, url={self.url!r})"


def _executor_for(server: A2AServer) -> Any:
    """An ``AgentExecutor`` running the server's skills (built when the SDK is present)."""
    from a2a.server.agent_execution import AgentExecutor

    class SkillExecutor(AgentExecutor):
        async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
            await _execute(server, context, event_queue)

        async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
            from a2a.server.tasks import TaskUpdater

            task = context.current_task
            if task is not None:
                await TaskUpdater(event_queue, task.id, task.context_id).cancel()

    return SkillExecutor()


async def _execute(server: A2AServer, context: RequestContext, event_queue: EventQueue) -> None:
    from a2a.helpers import new_task_from_user_message, new_text_part
    from a2a.server.tasks import TaskUpdater

    task = context.current_task
    if task is None:
        if context.message is None:
            raise ValueError("an A2A request without a message")
        task = new_task_from_user_message(context.message)
        await event_queue.enqueue_event(task)
    updater = TaskUpdater(event_queue, task.id, task.context_id)
    await updater.start_work()
    text = context.get_user_input()
    requested = context.metadata.get("skill")
    try:
        skill = server.pick_skill(text, str(requested) if requested else None)
        artifact_id = f"{task.id}-result"
        first = True
        async for chunk in _chunks(skill, text):
            await updater.add_artifact(
                [new_text_part(chunk)], artifact_id=artifact_id, name="result", append=not first
            )
            first = False
        if first:  # the skill produced nothing: still one (empty) artifact
            await updater.add_artifact([new_text_part("")], artifact_id=artifact_id, name="result")
        await updater.complete()
    except Exception as error:  # a skill's failure is the task's failure, told to the caller
        logger.info("A2A skill failed on %r: %s", server.name, error)
        reason = f"{type(error).__name__}: {error}"
        await updater.failed(updater.new_agent_message([new_text_part(reason)]))


async def _chunks(skill: Skill, text: str) -> AsyncIterator[str]:
    """The skill's output as text chunks, whatever kind of function it is."""
    function = skill.function
    if inspect.isasyncgenfunction(function):
        async for chunk in function(text):
            yield str(chunk)
    elif inspect.isgeneratorfunction(function):
        iterator: Iterator[Any] = function(text)
        done = object()
        while (chunk := await asyncio.to_thread(next, iterator, done)) is not done:
            yield str(chunk)
    elif inspect.iscoroutinefunction(function):
        yield _as_text(await function(text))
    else:
        yield _as_text(await asyncio.to_thread(function, text))


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


__all__ = ["A2AServer", "Skill"]

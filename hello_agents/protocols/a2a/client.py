"""An A2A client on the official ``a2a-sdk``, with the tutorial's sync methods.

``A2AClient(url)`` reads the remote agent card on first use, then sends each
request as an A2A message and waits for its task to finish:

* ``execute_skill(skill, text)`` -> ``{"result": text, "status": "completed", ...}``
  (the tutorial's shape; a failed task gives ``{"status": "failed", "error": ...}``
  instead of raising, so a pipeline step can look at it);
* ``ask(text)`` -> the answer text, raising :class:`A2ATaskError` on a failed task;
* ``stream(text)`` -> the answer's chunks as the remote agent produces them;
* ``get_info()`` -> the card as a dict;
* ``a``-prefixed async twins of each.

Every call has a time limit (``timeout``, 60 s by default). A remote agent that
cannot be reached, or whose connection breaks mid-task, raises
:class:`A2AConnectionError`; one that takes too long raises :class:`A2ATimeoutError`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from hello_agents._lazy import require
from hello_agents.protocols._runtime import background_loop, run_sync
from hello_agents.protocols.errors import A2AConnectionError, A2ATaskError, A2ATimeoutError

if TYPE_CHECKING:
    from a2a.client import Client
    from a2a.types import AgentCard

logger = logging.getLogger(__name__)

_FAILED_STATES = {"failed", "rejected", "canceled"}


class A2AClient:
    """A connection to one remote A2A agent.

    Args:
        url: The agent's base URL (its card is at ``/.well-known/agent-card.json``).
        timeout: Seconds one request may take, card included.
        streaming: Use streaming when the agent supports it.
    """

    def __init__(self, url: str, *, timeout: float = 60.0, streaming: bool = True) -> None:
        if timeout <= 0:
            raise ValueError(f"timeout must be positive, got {timeout}")
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.streaming = streaming
        self._client: Client | None = None
        self._card: AgentCard | None = None
        self._http: Any = None

    # ------------------------------------------------------------------ connection

    async def _connected(self) -> Client:
        if self._client is None:
            require("a2a.client", "a2a")
            import httpx
            from a2a.client import A2ACardResolver, ClientConfig, create_client

            self._http = httpx.AsyncClient(timeout=httpx.Timeout(self.timeout))
            config = ClientConfig(streaming=self.streaming, httpx_client=self._http)
            try:
                card = await A2ACardResolver(self._http, self.url).get_agent_card()
                self._client = await create_client(card, client_config=config)
            except BaseException:
                await self._http.aclose()
                self._http = None
                raise
            self._card = card
        return self._client

    async def aclose(self) -> None:
        """Close the HTTP connections (the client reconnects if used again)."""
        client, http = self._client, self._http
        self._client = self._http = None
        if client is not None:
            await client.close()
        if http is not None:
            await http.aclose()

    def close(self) -> None:
        """Blocking twin of :meth:`aclose`."""
        if self._client is not None:
            run_sync(self.aclose())

    def __enter__(self) -> A2AClient:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    async def __aenter__(self) -> A2AClient:
        return self

    async def __aexit__(self, *exception: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ async API

    async def aget_info(self) -> dict[str, Any]:
        """The remote agent card as a dict (name, description, skills, capabilities ...)."""
        from google.protobuf import json_format

        await self._guarded(self._connected())
        if self._card is None:
            raise A2AConnectionError(f"The A2A agent at {self.url} sent no agent card.")
        card: dict[str, Any] = json_format.MessageToDict(self._card)
        return card

    async def astream(self, text: str, skill: str | None = None) -> AsyncGenerator[str, None]:
        """Send ``text`` and yield the answer's text chunks as they arrive.

        Raises:
            A2ATaskError: The task ended failed, rejected or canceled.
            A2AConnectionError: The agent is unreachable or the connection broke.
            A2ATimeoutError: The whole exchange took longer than ``timeout``.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        events = self._events(text, skill)
        try:
            while True:
                remaining = deadline - loop.time()
                try:
                    chunk = await self._guarded(
                        asyncio.wait_for(events.__anext__(), max(remaining, 0.001))
                    )
                except StopAsyncIteration:
                    return
                if chunk:
                    yield chunk
        finally:
            await events.aclose()

    async def aask(self, text: str, skill: str | None = None) -> str:
        """Send ``text`` and return the whole answer (see :meth:`astream` for the errors)."""
        return "".join([chunk async for chunk in self.astream(text, skill)])

    async def aexecute_skill(self, skill: str, text: str) -> dict[str, Any]:
        """Run one skill; a failed task is reported in the dict, not raised.

        Returns:
            ``{"skill", "status", "result"}``, plus ``"error"`` when the task failed.

        Raises:
            A2AConnectionError: The agent is unreachable or the connection broke.
            A2ATimeoutError: No answer within ``timeout``.
        """
        try:
            result = await self.aask(text, skill)
        except A2ATaskError as error:
            return {"skill": skill, "status": error.state, "result": "", "error": str(error)}
        return {"skill": skill, "status": "completed", "result": result}

    # ------------------------------------------------------------------ sync API

    def get_info(self) -> dict[str, Any]:
        """Blocking twin of :meth:`aget_info`."""
        return run_sync(self.aget_info())

    def ask(self, text: str, skill: str | None = None) -> str:
        """Blocking twin of :meth:`aask`."""
        return run_sync(self.aask(text, skill))

    def execute_skill(self, skill: str, text: str) -> dict[str, Any]:
        """Blocking twin of :meth:`aexecute_skill` (the tutorial's call)."""
        return run_sync(self.aexecute_skill(skill, text))

    def stream(self, text: str, skill: str | None = None) -> Iterator[str]:
        """Blocking twin of :meth:`astream`: chunks as they arrive."""
        loop = background_loop()
        chunks = self.astream(text, skill)
        try:
            while True:
                future = asyncio.run_coroutine_threadsafe(_next_or_none(chunks), loop)
                chunk = future.result()
                if chunk is None:
                    return
                yield chunk
        finally:
            asyncio.run_coroutine_threadsafe(chunks.aclose(), loop).result()

    # ------------------------------------------------------------------ internals

    async def _events(self, text: str, skill: str | None) -> AsyncGenerator[str, None]:
        """Text chunks of the answer; raises A2ATaskError on a failed task."""
        from a2a.helpers import get_artifact_text, get_message_text, new_text_message
        from a2a.types import Role, SendMessageRequest, TaskState

        client = await self._connected()
        request = SendMessageRequest(message=new_text_message(text, role=Role.ROLE_USER))
        if skill:
            request.metadata.update({"skill": skill})
        seen: dict[str, str] = {}  # artifact id -> text already yielded
        async for event in client.send_message(request):
            if event.HasField("message"):  # an agent answering without a task
                yield get_message_text(event.message)
                return
            if event.HasField("artifact_update"):
                update = event.artifact_update
                chunk = get_artifact_text(update.artifact, "")
                artifact = update.artifact.artifact_id
                seen[artifact] = (seen.get(artifact, "") if update.append else "") + chunk
                yield chunk
                continue
            status = None
            if event.HasField("status_update"):
                status = event.status_update.status
            elif event.HasField("task"):
                status = event.task.status
                for artifact in event.task.artifacts:  # a non-streamed answer comes whole
                    whole = get_artifact_text(artifact, "")
                    already = seen.get(artifact.artifact_id, "")
                    if whole.startswith(already) and whole != already:
                        seen[artifact.artifact_id] = whole
                        yield whole[len(already) :]
            if status is None:
                continue
            state = TaskState.Name(status.state).removeprefix("TASK_STATE_").lower()
            if state in _FAILED_STATES:
                reason = get_message_text(status.message) if status.HasField("message") else ""
                raise A2ATaskError(
                    f"The remote agent at {self.url} reported the task {state}: "
                    f"{reason or 'no reason given'}",
                    state,
                )
            if state == "input_required":
                reason = get_message_text(status.message) if status.HasField("message") else ""
                raise A2ATaskError(
                    f"The remote agent at {self.url} needs more input: {reason}", state
                )

    async def _guarded(self, awaitable: Any) -> Any:
        """Await, turning transport failures into the protocol's typed errors."""
        import httpx
        from a2a.client import A2AClientError, A2AClientTimeoutError, AgentCardResolutionError

        try:
            return await awaitable
        except (A2ATaskError, StopAsyncIteration):
            raise
        except (asyncio.TimeoutError, A2AClientTimeoutError, httpx.TimeoutException) as error:
            raise A2ATimeoutError(
                f"The remote agent at {self.url} did not answer within {self.timeout} s."
            ) from error
        except (AgentCardResolutionError, A2AClientError, httpx.HTTPError, OSError) as error:
            await self._reset()
            raise A2AConnectionError(
                f"Could not talk to the A2A agent at {self.url}: {type(error).__name__}: {error}"
            ) from error

    async def _reset(self) -> None:
        try:
            await self.aclose()
        except Exception:  # the connection is already broken; nothing left to close
            logger.debug("closing a broken A2A client failed", exc_info=True)

    def __repr__(self) -> str:
        return f"A2AClient(url={self.url!r}, timeout={self.timeout})"


async def _next_or_none(chunks: AsyncIterator[str]) -> str | None:
    try:
        return await chunks.__anext__()
    except StopAsyncIteration:
        return None


__all__ = ["A2AClient"]

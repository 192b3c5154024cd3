"""LoopAgent: each paradigm writes its loop once; every way of running it is derived.

A paradigm's loop is a generator. Where it needs the outside world it *yields
a request* and receives the answer in return::

    response = yield ModelCall(messages)      # the loop gets an LLMResponse back
    results = yield ToolCalls(calls)          # ... or a list of ToolResults

and it yields *events* for whoever watches the run (``yield StepDone(step)``).
It returns its :class:`RunResult`. The loop itself never calls the model, never
sleeps, never awaits: it only decides. The drivers in :class:`LoopAgent`
perform the requests, so one loop gives

* :meth:`~LoopAgent.run` / :meth:`~LoopAgent.run_detailed`: blocking calls;
* :meth:`~LoopAgent.arun` / :meth:`~LoopAgent.arun_detailed`: awaited calls, tool
  calls of one reply run concurrently on the event loop;
* :meth:`~LoopAgent.stream_run` / :meth:`~LoopAgent.astream_run`: the answer's
  text as the model writes it;
* :meth:`~LoopAgent.stream_events` / :meth:`~LoopAgent.astream_events` /
  :meth:`~LoopAgent.iter_steps`: every step and text chunk, live.

Each run keeps its own state (the loop's local variables and its result), so
one agent can serve several runs at once; ``agent.last_result`` is the record
of the latest run that finished.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Generator, Iterator, Sequence
from typing import Any

from hello_agents.core.agent import Agent, run_scope
from hello_agents.core.exceptions import AgentArgumentError, AgentException
from hello_agents.core.llm import END, Steps, Work, adrive, drive
from hello_agents.core.message import Message, StreamEnd, StreamEvent, TextDelta
from hello_agents.core.run import (
    AgentLoop,
    ModelCall,
    Request,
    RunEnd,
    RunEvent,
    RunResult,
    StepDone,
    TextChunk,
    TextDisplay,
)


class LoopAgent(Agent):
    """An :class:`Agent` whose behaviour is one loop, :meth:`loop`.

    Subclasses write :meth:`loop`; they do not write ``run``. A subclass that
    overrides ``run`` itself (as the tutorial's exercises do) keeps working:
    ``arun`` and ``stream_run`` then call that ``run``.

    Attributes:
        last_result: The :class:`RunResult` of the latest finished run.
    """

    last_result: RunResult[Any] | None = None

    # ---- what a paradigm writes --------------------------------------------------

    def loop(self, input_text: str, **kwargs: Any) -> AgentLoop:
        """The paradigm's loop: yield requests and events, return the RunResult.

        Args:
            input_text: The user's input.
            **kwargs: What was given to ``run`` (limits, model parameters).
        """
        raise NotImplementedError(f"{type(self).__name__} must implement loop() or run()")

    def perform(self, request: Request) -> Any:
        """Carry out a request other than a model call (blocking).

        Raises:
            AgentException: For a request this agent does not know.
        """
        raise AgentException(f"{type(self).__name__} cannot perform {type(request).__name__}")

    async def aperform(self, request: Request) -> Any:
        """Carry out a request other than a model call (awaited); by default in a thread."""
        return await asyncio.to_thread(self.perform, request)

    # ---- the derived ways to run -------------------------------------------------

    def run(self, input_text: str, **kwargs: Any) -> str:
        """Answer ``input_text``; the whole run is then in :attr:`last_result`.

        ``kwargs``: the paradigm's per-run limits (``max_steps`` ...) and model
        parameters (``temperature`` ...); other keys are logged and ignored.
        """
        return finished(self._events(input_text, kwargs, stream_text=False)).answer

    def run_detailed(self, input_text: str, **kwargs: Any) -> RunResult[Any]:
        """Like :meth:`run`, but return the run's record (answer and steps)."""
        if self._run_is_replaced():
            return self._record_replaced_run(input_text, self.run(input_text, **kwargs))
        return finished(self._events(input_text, kwargs, stream_text=False))

    async def arun(self, input_text: str, **kwargs: Any) -> str:
        """Async twin of :meth:`run`."""
        return (await self.arun_detailed(input_text, **kwargs)).answer

    async def arun_detailed(self, input_text: str, **kwargs: Any) -> RunResult[Any]:
        """Async twin of :meth:`run_detailed`."""
        if self._run_is_replaced():
            answer = await asyncio.to_thread(self.run, input_text, **kwargs)
            return self._record_replaced_run(input_text, answer)
        result: RunResult[Any] | None = None
        async for event in self._aevents(input_text, kwargs, stream_text=False):
            if isinstance(event, RunEnd):
                result = event.result
        assert result is not None  # the driver always ends with RunEnd
        return result

    def stream_run(self, input_text: str, **kwargs: Any) -> Iterator[str]:
        """Yield the answer's text as it is generated; returns when the run ends.

        Text the model writes before calling a tool may be shown too; tool-call
        markup never is. When the paradigm cannot show its answer as it is
        written (a ReAct ``Finish[...]``, a reviewed draft), it comes in one piece
        at the end.
        """
        for event in self.stream_events(input_text, **kwargs):
            if isinstance(event, TextChunk):
                yield event.text

    async def astream_run(self, input_text: str, **kwargs: Any) -> AsyncIterator[str]:
        """Async twin of :meth:`stream_run`."""
        async for event in self.astream_events(input_text, **kwargs):
            if isinstance(event, TextChunk):
                yield event.text

    def iter_steps(self, input_text: str, **kwargs: Any) -> Iterator[Any]:
        """Yield each step of the run as it completes (for a live display)."""
        for event in self.stream_events(input_text, stream_text=False, **kwargs):
            if isinstance(event, StepDone):
                yield event.step

    @property
    def steps(self) -> list[Any]:
        """The steps of the latest finished run (empty before the first).

        Assignable, for a subclass that keeps its own list while it runs its own loop.
        """
        own: list[Any] | None = self.__dict__.get("_own_steps")
        if own is not None:
            return own
        return list(self.last_result.steps) if self.last_result is not None else []

    @steps.setter
    def steps(self, steps: list[Any]) -> None:
        self.__dict__["_own_steps"] = steps

    # ---- the two drivers -----------------------------------------------------------

    def stream_events(
        self, input_text: str, *, stream_text: bool = True, **kwargs: Any
    ) -> Iterator[RunEvent]:
        """Run the loop, performing its requests as blocking calls, and yield its events.

        Args:
            input_text: The user's input.
            stream_text: Stream the model's replies (and yield :class:`TextChunk`);
                False makes plain calls and yields steps and the end only.
            **kwargs: As for :meth:`run`.
        """
        if self._run_is_replaced():
            answer = self.run(input_text, **kwargs)
            yield TextChunk(answer)
            yield RunEnd(self._record_replaced_run(input_text, answer))
        else:
            yield from self._events(input_text, kwargs, stream_text=stream_text)

    async def astream_events(
        self, input_text: str, *, stream_text: bool = True, **kwargs: Any
    ) -> AsyncIterator[RunEvent]:
        """Async twin of :meth:`stream_events`: requests are awaited."""
        if self._run_is_replaced():
            answer = await asyncio.to_thread(self.run, input_text, **kwargs)
            yield TextChunk(answer)
            yield RunEnd(self._record_replaced_run(input_text, answer))
            return
        async for event in self._aevents(input_text, kwargs, stream_text=stream_text):
            yield event

    def _events(
        self, input_text: str, kwargs: dict[str, Any], *, stream_text: bool
    ) -> Iterator[RunEvent]:
        """The blocking driver: the run's steps, each call made as it comes."""
        with run_scope():
            yield from drive(self._run_steps(input_text, kwargs, stream_text, awaiting=False))

    async def _aevents(
        self, input_text: str, kwargs: dict[str, Any], *, stream_text: bool
    ) -> AsyncIterator[RunEvent]:
        """The awaiting driver: the same steps, each call awaited."""
        with run_scope():
            async for event in adrive(
                self._run_steps(input_text, kwargs, stream_text, awaiting=True)
            ):
                yield event

    def _run_steps(
        self, input_text: str, kwargs: dict[str, Any], stream_text: bool, *, awaiting: bool
    ) -> Steps[RunEvent]:
        """One run for both drivers: it yields the run's events, and :class:`Work`
        (a call to the model, to a tool, for a stream's next chunk) for the driver
        to make; ``awaiting`` picks the async methods, which the driver awaits."""
        call_llm = self.acall_llm if awaiting else self.call_llm
        stream_llm = self.astream_llm if awaiting else self.stream_llm
        perform = self.aperform if awaiting else self.perform
        next_of = anext if awaiting else next
        self.hooks.emit("run_start", self.name, input=input_text)
        run, shown = LoopRun(self.loop(input_text, **kwargs)), ShownText()
        reply: Any = None
        error: Exception | None = None
        while (item := run.advance(reply, error)) is not DONE:
            reply, error = None, None
            try:
                if isinstance(item, ModelCall) and stream_text and item.display is not None:
                    deltas = stream_llm(item.messages, **item.options)
                    reply = yield from shown.streamed(deltas, item.display(), next_of)
                elif isinstance(item, ModelCall):
                    reply = yield Work(call_llm, item.messages, **item.options)
                elif isinstance(item, Request):
                    reply = yield Work(perform, item)
                else:
                    yield item
            except Exception as raised:  # handed to the loop, which may handle it
                error = raised
        yield from self._end(run, shown if stream_text else None)

    def _end(self, run: LoopRun, shown: ShownText | None) -> Iterator[RunEvent]:
        """The loop has returned: finish the run, show what is left of the answer."""
        result = self.finish_run(run.result())
        if shown is not None:
            yield from (TextChunk(text) for text in shown.rest_of(result.answer))
        yield RunEnd(result)

    # ---- start and finish, the same for every paradigm -------------------------------

    def finish_run(self, result: RunResult[Any]) -> RunResult[Any]:
        """Close a run, the same for every paradigm: the exchange goes into the
        history, the record into :attr:`last_result`, then ``run_end`` is emitted."""
        self.add_message(Message(result.input, "user"))
        self.add_message(Message(result.answer, "assistant"))
        self.last_result = result
        self.hooks.emit(
            "run_end", self.name, output=result.answer, steps=list(result.steps), result=result
        )
        return result

    def _run_is_replaced(self) -> bool:
        """Whether a subclass wrote its own ``run`` below the class that defines ``loop``."""
        cls = type(self)
        run_owner = next(c for c in cls.__mro__ if "run" in c.__dict__)
        loop_owner = next(c for c in cls.__mro__ if "loop" in c.__dict__)
        return run_owner is not LoopAgent and issubclass(run_owner, loop_owner)

    def _record_replaced_run(self, input_text: str, answer: str) -> RunResult[Any]:
        result: RunResult[Any] = RunResult(input=input_text, answer=answer)
        self.last_result = result
        return result

    # ---- shared helpers for loops --------------------------------------------------

    def split_run_options(
        self, kwargs: dict[str, Any], limits: Sequence[str] = ()
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """``run`` keywords as ``(the paradigm's own limits given, model options)``;
        unknown keys are logged and dropped."""
        own = {key: kwargs.pop(key) for key in limits if key in kwargs}
        return own, self.model_options(kwargs)


DONE = object()
"""What :meth:`LoopRun.advance` returns once the loop has returned."""


class LoopRun:
    """One running loop: sends it the answers to its requests, keeps what it returns."""

    def __init__(self, loop: AgentLoop) -> None:
        self._loop = loop
        self._result: Any = None

    def advance(self, reply: Any, error: Exception | None = None) -> Any:
        """Give the loop ``reply`` (or raise ``error`` inside it); return what it
        yields next, or :data:`DONE`."""
        try:
            return self._loop.throw(error) if error is not None else self._loop.send(reply)
        except StopIteration as stop:
            self._result = stop.value
            return DONE

    def result(self) -> RunResult[Any]:
        """What the loop returned; :class:`AgentException` if not a RunResult."""
        if not isinstance(self._result, RunResult):
            raise AgentException(f"an agent loop must return a RunResult, got {self._result!r}")
        return self._result


class ShownText:
    """What a streamed run has shown so far, to show the answer exactly once."""

    def __init__(self) -> None:
        self.any = False  # anything shown in this run
        self.reply = ""  # what was shown of the latest displayed reply
        self._separate = False

    def start_reply(self, display: TextDisplay) -> TextDisplay:
        """A new displayed reply begins: it will be set apart from earlier text."""
        self._separate = self.any
        self.reply = ""
        return display

    def show(self, text: str) -> str:
        """Record ``text`` as shown; returns it (with a separator before a new reply)."""
        if not text:
            return ""
        if self._separate:
            text, self._separate = "\n\n" + text.lstrip("\n"), False
        self.any = True
        self.reply += text
        return text

    def streamed(
        self, deltas: Any, display: TextDisplay, next_of: Any
    ) -> Generator[TextChunk | Work, Any, Any]:
        """Show a displayed reply as its stream comes (the driver makes each ``next``
        call); returns the response the stream ends with."""
        display = self.start_reply(display)
        reply: Any = None
        while (delta := (yield Work(next_of, deltas, END))) is not END:
            text, reply = self.take(delta, display, reply)
            if text:
                yield TextChunk(text)
        return reply

    def take(self, event: StreamEvent, display: TextDisplay, reply: Any) -> tuple[str, Any]:
        """Read one stream event of a displayed reply: ``(text to show, the response
        so far)``; the response is set by the stream's end."""
        if isinstance(event, TextDelta):
            return self.show(display.feed(event.text)), reply
        if isinstance(event, StreamEnd):
            return self.show(display.flush()), event.response
        return "", reply

    def rest_of(self, answer: str) -> list[str]:
        """What remains to show so that the user has seen ``answer``."""
        seen = self.reply.strip()
        clean = answer.strip()
        if seen and clean.startswith(seen):
            rest = clean[len(seen) :]
            return [rest] if rest.strip() else []
        if not clean:
            return []
        return ["\n\n" + clean if self.any else clean]


def finished(events: Iterator[RunEvent]) -> RunResult[Any]:
    """Drain ``events`` and return the run's result (the :class:`RunEnd`)."""
    result: RunResult[Any] | None = None
    for event in events:
        if isinstance(event, RunEnd):
            result = event.result
    assert result is not None  # stream_events always ends with RunEnd
    return result


def check_count(name: str, value: object, minimum: int = 0) -> int:
    """``value`` if it is an integer >= ``minimum`` (the one check every agent uses),
    else :class:`AgentArgumentError` (also a ``ValueError``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise AgentArgumentError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return value


__all__ = [
    "AgentLoop",
    "LoopAgent",
    "ModelCall",
    "Request",
    "RunEnd",
    "RunEvent",
    "RunResult",
    "StepDone",
    "TextChunk",
    "check_count",
    "finished",
]

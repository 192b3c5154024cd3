"""Logic written once, run by a blocking caller and by an awaiting one.

Code that waits for the outside world (a model's answer, the next chunk of a
stream, a pause before a retry) would otherwise be written twice, once with
plain calls and once with ``await``. Here it is written once, as a generator of
*steps*: where it needs a call made it yields :class:`Work` and receives the
call's result (or has the call's exception raised where it stands); whatever
else it yields is for the caller::

    def steps(awaiting: bool) -> Generator[str | Work, Any, None]:
        sleep = asyncio.sleep if awaiting else time.sleep
        yield "waiting"
        yield Work(sleep, 1.0)
        yield "done"

Two drivers of a few lines each run such a generator: :func:`drive` makes each
call, :func:`adrive` awaits what each call returns. The generator picks the
blocking or the async functions to call (``awaiting``), and everything else it
does is the same for both. The agent loop (:mod:`hello_agents.core.loop`) and
the model client's calls with their retries (:mod:`hello_agents.core.llm`) are
written this way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator, Iterator
from contextlib import closing
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")

END = object()
"""What the next-item call of an exhausted iterator returns: ``Work(next, items, END)``."""


class Work(partial[Any]):
    """A call that steps need made: ``Work(function, *args, **kwargs)``.

    :func:`drive` calls it; :func:`adrive` calls it and awaits what it returns,
    so in async steps ``function`` is a coroutine function (``anext``,
    ``asyncio.sleep``, an ``async def`` method).
    """


Steps = Generator[T | Work, Any, None]
"""Steps that yield ``T`` to the caller and :class:`Work` to the driver."""


def drive(steps: Steps[Any]) -> Iterator[Any]:
    """Run ``steps`` with blocking calls; yield what they yield for the caller.

    An exception a call raises is raised inside ``steps``, which may handle it;
    one that ``steps`` let out ends the run here. Stopping early closes ``steps``.
    """
    with closing(steps):
        outcome, error = None, None
        while (step := advance(steps, outcome, error)) is not END:
            outcome, error = None, None
            if isinstance(step, Work):
                try:
                    outcome = step()
                except Exception as raised:  # for the steps to handle
                    error = raised
            else:
                yield step


async def adrive(steps: Steps[Any]) -> AsyncIterator[Any]:
    """The awaiting twin of :func:`drive`: what each call returns is awaited."""
    with closing(steps):
        outcome, error = None, None
        while (step := advance(steps, outcome, error)) is not END:
            outcome, error = None, None
            if isinstance(step, Work):
                try:
                    outcome = await step()
                except Exception as raised:
                    error = raised
            else:
                yield step


def advance(steps: Steps[Any], outcome: Any, error: Exception | None) -> Any:
    """Send ``outcome`` into ``steps`` (or raise ``error`` there); return what
    they yield next, or :data:`END` once they have returned."""
    try:
        return steps.throw(error) if error is not None else steps.send(outcome)
    except StopIteration:
        return END


__all__ = ["END", "Steps", "Work", "adrive", "advance", "drive"]

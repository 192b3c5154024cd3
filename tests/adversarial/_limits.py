"""A hard time limit per case, so that a hang fails the test at once instead of the run.

The case runs in a daemon thread; if it has not finished in time the test fails
and the thread is abandoned (a daemon thread never holds the interpreter's exit).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

ResultT = TypeVar("ResultT")


def within(seconds: float, function: Callable[..., ResultT], *arguments: Any) -> ResultT:
    """``function(*arguments)``, failing the test if it takes longer than ``seconds``.

    Exceptions the function raises are raised here, in the test's thread.
    """
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = function(*arguments)
        except BaseException as error:  # handed back to the test
            outcome["error"] = error

    worker = threading.Thread(target=run, name="adversarial-case", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        pytest.fail(f"{getattr(function, '__name__', function)!s} did not finish in {seconds:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]

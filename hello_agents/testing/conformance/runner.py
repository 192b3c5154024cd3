"""How a conformance check runs and reports: cases, expectations, time limits, a
hermetic environment, and a report printed case by case.

Each case runs under its own time limit, in a child process where the platform
allows it: on Linux (and other POSIX systems except macOS) the case is run in a
process forked with :mod:`multiprocessing`'s ``"fork"`` start method. The child
inherits the case as it is (no pickling of the learner's class), runs it with its
output sent to ``os.devnull`` (a case that prints cannot garble the report), and
sends back only the :class:`CaseOutcome`. A child still running at the limit is
killed and the case fails with "did not finish within N s": even a computation
that never gives Python control back, such as ``9**9**9`` in a naive calculator
(one C-level big-integer operation that holds the GIL), is stopped.

Where ``fork`` is not available or not safe (Windows, macOS), a case runs in a
daemon thread instead and the check stops waiting for it at the limit. A thread
cannot be killed: it keeps running in the background, and a computation that
holds the GIL (such as ``9**9**9``) stops the whole process until it ends.

The limit is :data:`DEFAULT_CASE_TIMEOUT` seconds per case; set the environment
variable ``HELLO_AGENTS_CASE_TIMEOUT`` (seconds) on a slow machine, or pass
``case_timeout=`` to :func:`run_cases` or a check.
"""

from __future__ import annotations

import contextvars
import dataclasses
import multiprocessing
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from typing import IO, Any, Protocol, TypeVar

from hello_agents.core.config import ENV_FIELDS
from hello_agents.core.providers import PROVIDERS

DEFAULT_CASE_TIMEOUT = 10.0
"""Seconds one case may take unless configured otherwise."""

CASE_TIMEOUT_VARIABLE = "HELLO_AGENTS_CASE_TIMEOUT"
"""The environment variable that sets the limit, in seconds (for slow machines)."""

# ---- reporting ---------------------------------------------------------------------


class Expectation(AssertionError):
    """One behaviour that was not met: what was expected and what happened."""

    def __init__(self, expected: str, got: str, hint: str = "") -> None:
        super().__init__(f"expected {expected}, got {got}")
        self.expected = expected
        self.got = got
        self.hint = hint


def expect(condition: bool, expected: str, got: str, hint: str = "") -> None:
    """Raise :class:`Expectation` unless ``condition`` holds."""
    if not condition:
        raise Expectation(expected, got, hint)


ValueT = TypeVar("ValueT")


def returned(call: Callable[[], ValueT], expected: str, hint: str = "") -> ValueT:
    """What ``call()`` returns; an exception it raises fails the case ("it raised ...").

    A ``NotImplementedError`` passes through: the runner reports it as a TODO.
    """
    try:
        return call()
    except NotImplementedError:
        raise
    except Exception as error:  # the learner's code may raise anything
        raise Expectation(expected, f"it raised {describe_error(error)}", hint) from error


def refused(
    call: Callable[[], object],
    expected: str,
    hint: str = "",
    kinds: tuple[type[Exception], ...] = (Exception,),
) -> Exception:
    """The exception ``call()`` raises, one of ``kinds``; a return or another kind fails.

    A ``NotImplementedError`` passes through: the runner reports it as a TODO.
    """
    try:
        value = call()
    except NotImplementedError:
        raise
    except kinds as error:
        return error
    except Exception as error:
        raise Expectation(expected, f"it raised {describe_error(error)}", hint) from error
    raise Expectation(expected, f"it returned {short(value)}", hint)


@dataclass(frozen=True)
class CaseOutcome:
    """The result of one behaviour checked.

    Attributes:
        name: The behaviour, in a few words.
        passed: Whether the subject behaved as expected.
        expected: What was expected (failures only).
        got: What happened instead (failures only).
        hint: What to do about it (failures only).
        seconds: How long the case took.
    """

    name: str
    passed: bool
    expected: str = ""
    got: str = ""
    hint: str = ""
    seconds: float = 0.0

    def render(self) -> list[str]:
        """The outcome as report lines: one line, plus details for a failure."""
        lines = [f"  {'PASS' if self.passed else 'FAIL'}  {self.name}"]
        if not self.passed:
            lines.append(f"        expected: {self.expected}")
            lines.append(f"        got:      {self.got}")
            if self.hint:
                lines.append(f"        hint:     {self.hint}")
        return lines


@dataclass
class ConformanceReport:
    """Everything one check found out about one subject.

    Attributes:
        check: The check's name, e.g. ``"react_agent"``.
        subject: The class or function checked, e.g. ``"MyReActAgent"``.
        outcomes: One :class:`CaseOutcome` per behaviour, in order.
    """

    check: str
    subject: str
    outcomes: list[CaseOutcome] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every behaviour was met."""
        return all(outcome.passed for outcome in self.outcomes)

    @property
    def failures(self) -> list[CaseOutcome]:
        """The behaviours that were not met."""
        return [outcome for outcome in self.outcomes if not outcome.passed]

    def summary(self) -> str:
        """One line: the subject, the check, how many behaviours passed."""
        passed = len(self.outcomes) - len(self.failures)
        verdict = "all passed" if self.ok else f"{len(self.failures)} failed"
        return f"{self.subject} ({self.check} check): {passed}/{len(self.outcomes)} {verdict}"

    def render(self) -> str:
        """The report as text for a terminal: one line per behaviour, details for failures."""
        lines = [self.summary()]
        for outcome in self.outcomes:
            lines.extend(outcome.render())
        return "\n".join(lines)


class ConformanceError(AssertionError):
    """A check found behaviours that were not met; the message lists them all.

    Attributes:
        report: The full :class:`ConformanceReport`.
    """

    def __init__(self, report: ConformanceReport) -> None:
        super().__init__(report.render())
        self.report = report


@dataclass(frozen=True)
class Case:
    """One behaviour to check.

    Attributes:
        name: The behaviour, in a few words (the report's line).
        run: A function that raises if the behaviour is not met
            (:class:`Expectation` says what was expected and what happened).
        hint: What to do when it fails; never empty.
        expected: What the behaviour should be, shown when the case fails with
            an exception other than :class:`Expectation` (or does not finish),
            e.g. ``"run() returns the model's reply 'Hello!'"``.
        timeout: Seconds this case may take; ``None`` uses the check's limit.
        fork: Run the case in a forked child (where possible); False runs it in a
            thread of this process, for cases whose code keeps background threads
            (a client's event loop) that a forked child would not have.

    Raises:
        ValueError: The hint is empty.
    """

    name: str
    run: Callable[[], None]
    hint: str
    expected: str = ""
    timeout: float | None = None
    fork: bool = True

    def __post_init__(self) -> None:
        if not self.hint.strip():
            raise ValueError(f"case {self.name!r} needs a hint that says what to do")


class CheckProgress(Protocol):
    """What :func:`run_cases` tells as it goes (see :class:`ProgressPrinter`)."""

    def started(self, check: str, subject: str, total: int, timeout: float) -> None:
        """The check starts ``total`` cases, each limited to ``timeout`` seconds."""

    def finished(self, outcome: CaseOutcome) -> None:
        """One case finished (passed, failed or stopped at its limit)."""

    def done(self, report: ConformanceReport) -> None:
        """Every case finished."""


class ProgressPrinter:
    """Prints a check's report as it goes: a header, each case as it finishes,
    then the summary line. Each line is flushed at once, also into a pipe.

    Args:
        stream: Where to print; ``sys.stdout`` (at the time of printing) by default.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self._stream = stream

    def _print(self, *lines: str) -> None:
        stream = self._stream or sys.stdout
        for line in lines:
            stream.write(line + "\n")
        stream.flush()

    def started(self, check: str, subject: str, total: int, timeout: float) -> None:
        self._print(f"Checking {subject} ({check} check): {total} cases, up to {timeout:g} s each")

    def finished(self, outcome: CaseOutcome) -> None:
        self._print(*outcome.render())

    def done(self, report: ConformanceReport) -> None:
        self._print(report.summary())


_progress: contextvars.ContextVar[CheckProgress | None] = contextvars.ContextVar(
    "conformance_progress", default=None
)


@contextmanager
def reporting_progress(progress: CheckProgress) -> Iterator[None]:
    """Within the block, every :func:`run_cases` called without ``progress=``
    reports to ``progress`` (what the command line and exercise files use)."""
    token = _progress.set(progress)
    try:
        yield
    finally:
        _progress.reset(token)


def describe_error(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) <= 300 else text[:297] + "..."


def case_timeout_from_environment() -> float:
    """The per-case limit: ``HELLO_AGENTS_CASE_TIMEOUT`` if set, else the default.

    Raises:
        ValueError: The variable is set to something other than a positive number.
    """
    text = os.environ.get(CASE_TIMEOUT_VARIABLE, "").strip()
    if not text:
        return DEFAULT_CASE_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise ValueError(f"{CASE_TIMEOUT_VARIABLE} must be a number of seconds, got {text!r}")
    return seconds


def run_cases(
    check: str,
    subject: object,
    cases: list[Case],
    *,
    raise_on_failure: bool = True,
    case_timeout: float | None = None,
    progress: CheckProgress | None = None,
) -> ConformanceReport:
    """Run ``cases`` one by one, each in a hermetic environment under a time limit.

    A case that raises :class:`Expectation` failed with its own message; one
    that raises anything else failed with that exception as "got" and the
    case's ``expected`` text (a ``NotImplementedError`` means the skeleton still
    has a TODO there); one still running at its limit failed with "did not
    finish". See the module docstring for how a case is isolated.

    Args:
        check: The check's name.
        subject: What is checked (a class or a function, shown by its qualified
            name) or its name.
        cases: The behaviours, in order.
        raise_on_failure: Raise :class:`ConformanceError` when a case failed.
        case_timeout: Seconds each case may take (default: ``HELLO_AGENTS_CASE_TIMEOUT``
            or :data:`DEFAULT_CASE_TIMEOUT`); a case's own ``timeout`` wins.
        progress: Told of each case as it finishes (default: the one set by
            :func:`reporting_progress`, if any).

    Raises:
        ConformanceError: If a case failed and ``raise_on_failure`` is true.
        ValueError: ``case_timeout`` or ``HELLO_AGENTS_CASE_TIMEOUT`` is not positive.
    """
    limit = case_timeout_from_environment() if case_timeout is None else case_timeout
    if not limit > 0:
        raise ValueError(f"case_timeout must be positive, got {limit!r}")
    progress = progress or _progress.get()
    name = subject_name(subject)
    report = ConformanceReport(check, name)
    if progress is not None:
        progress.started(check, name, len(cases), limit)
    for case in cases:
        outcome = run_one_case(case, case.timeout or limit)
        report.outcomes.append(outcome)
        if progress is not None:
            progress.finished(outcome)
    if progress is not None:
        progress.done(report)
    if raise_on_failure and not report.ok:
        raise ConformanceError(report)
    return report


# ---- one case, isolated ------------------------------------------------------------


def can_fork() -> bool:
    """Whether cases run in forked child processes here (Linux and most POSIX, not macOS)."""
    return sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods()


def run_one_case(case: Case, timeout: float) -> CaseOutcome:
    """Run one case under ``timeout`` seconds: in a forked child where possible,
    else in a thread (see the module docstring)."""
    started = time.monotonic()
    use_child = can_fork() and case.fork
    outcome = _in_child(case, timeout) if use_child else _in_thread(case, timeout)
    return dataclasses.replace(outcome, seconds=time.monotonic() - started)


def outcome_of(case: Case) -> CaseOutcome:
    """Run ``case`` here and now, in a hermetic environment, and say how it went."""
    try:
        with hermetic_environment():
            case.run()
    except Expectation as failure:
        return CaseOutcome(
            case.name, False, failure.expected, failure.got, failure.hint or case.hint
        )
    except BaseException as error:  # the learner's code may raise anything, SystemExit too
        if isinstance(error, KeyboardInterrupt):
            raise
        hint = case.hint
        if isinstance(error, NotImplementedError):
            hint = f"still a TODO in your code. Next: {hint}"
        got = f"it raised {describe_error(error)}"
        return CaseOutcome(case.name, False, case.expected or case.name, got, hint)
    return CaseOutcome(case.name, True)


def did_not_finish(case: Case, timeout: float) -> CaseOutcome:
    """The outcome of a case stopped at its limit."""
    hint = (
        f"{case.hint} Look for a loop that never ends, a call that waits forever, or a "
        f"computation too large to finish (such as 9**9**9). If your machine is just slow, "
        f"set {CASE_TIMEOUT_VARIABLE} to more seconds."
    )
    return CaseOutcome(
        case.name,
        False,
        case.expected or case.name,
        f"it did not finish within {timeout:g} s (stopped)",
        hint,
    )


def _child_main(case: Case, sender: Any) -> None:
    """In the forked child: run the case with output silenced, send the outcome back."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # output of C code and subprocesses too
    os.dup2(devnull, 2)
    silent = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the child
    sys.stdout = sys.stderr = silent
    try:
        outcome = outcome_of(case)
    except BaseException as error:
        outcome = CaseOutcome(case.name, False, case.expected or case.name, describe_error(error))
    sender.send(outcome)
    sender.close()


def _in_child(case: Case, timeout: float) -> CaseOutcome:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    for stream in (sys.stdout, sys.stderr):  # nothing buffered is written twice
        stream.flush()
    with warnings.catch_warnings():  # Python 3.12+ warns about fork in threaded processes
        warnings.simplefilter("ignore", DeprecationWarning)
        child = context.Process(target=_child_main, args=(case, sender), daemon=True)
        child.start()
    sender.close()
    try:
        if receiver.poll(timeout):
            try:
                return receiver.recv()  # type: ignore[no-any-return]
            except EOFError:  # the child ended without sending anything
                child.join(timeout=5)
                return CaseOutcome(
                    case.name,
                    False,
                    case.expected or case.name,
                    f"the process running it ended abruptly (exit code {child.exitcode})",
                    f"{case.hint} Do not call os._exit() or end the process in your code.",
                )
        return did_not_finish(case, timeout)
    finally:
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
        receiver.close()


def _in_thread(case: Case, timeout: float) -> CaseOutcome:
    results: list[CaseOutcome] = []
    sink = open(os.devnull, "w")  # noqa: SIM115 - closed below, unless the case still runs

    def target() -> None:
        results.append(outcome_of(case))

    worker = threading.Thread(target=target, name=f"case: {case.name}", daemon=True)
    with redirect_stdout(sink), redirect_stderr(sink):
        worker.start()
        worker.join(timeout)
    if worker.is_alive():
        return did_not_finish(case, timeout)
    sink.close()
    return results[0]


# ---- the environment ---------------------------------------------------------------

# Chapter 8's stores and embedders: a learner's own server must not reach a check.
_STORE_VARIABLES = (
    "QDRANT_URL",
    "QDRANT_API_KEY",
    "NEO4J_URI",
    "NEO4J_USERNAME",
    "NEO4J_USER",
    "NEO4J_PASSWORD",
    "NEO4J_DATABASE",
    "EMBED_MODEL_TYPE",
    "EMBED_MODEL_NAME",
    "EMBED_API_KEY",
    "EMBED_BASE_URL",
)

_PROVIDER_VARIABLES = sorted(
    {name for spec in PROVIDERS.values() for name in (*spec.key_env, *spec.url_env)}
    | {"LLM_API_KEY", "LLM_BASE_URL", "TAVILY_API_KEY", "SERPAPI_API_KEY"}
    | set(ENV_FIELDS)
    | set(_STORE_VARIABLES)
)


@contextmanager
def hermetic_environment(**variables: str) -> Iterator[None]:
    """Run with no provider keys or settings in ``os.environ`` (plus ``variables``),
    and without reading ``.env``; everything is restored afterwards.

    A check must not depend on the learner's own keys, nor leak them to a fake server.
    """
    saved = {
        name: os.environ.get(name) for name in [*_PROVIDER_VARIABLES, "HELLO_AGENTS_NO_DOTENV"]
    }
    saved.update({name: os.environ.get(name) for name in variables})
    try:
        for name in _PROVIDER_VARIABLES:
            os.environ.pop(name, None)
        os.environ["HELLO_AGENTS_NO_DOTENV"] = "1"
        os.environ.update(variables)
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def subject_name(subject: object) -> str:
    return str(getattr(subject, "__qualname__", None) or getattr(subject, "__name__", subject))


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."

"""How a conformance check runs and reports: cases, expectations, a hermetic environment."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from hello_agents.core.config import ENV_FIELDS
from hello_agents.core.providers import PROVIDERS

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


@dataclass(frozen=True)
class CaseOutcome:
    """The result of one behaviour checked.

    Attributes:
        name: The behaviour, in a few words.
        passed: Whether the subject behaved as expected.
        expected: What was expected (failures only).
        got: What happened instead (failures only).
        hint: Where to look (failures only).
    """

    name: str
    passed: bool
    expected: str = ""
    got: str = ""
    hint: str = ""


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

    def render(self) -> str:
        """The report as text for a terminal: one line per behaviour, details for failures."""
        passed = len(self.outcomes) - len(self.failures)
        verdict = "all passed" if self.ok else f"{len(self.failures)} failed"
        lines = [f"{self.subject} ({self.check} check): {passed}/{len(self.outcomes)} {verdict}"]
        for outcome in self.outcomes:
            lines.append(f"  {'PASS' if outcome.passed else 'FAIL'}  {outcome.name}")
            if not outcome.passed:
                lines.append(f"        expected: {outcome.expected}")
                lines.append(f"        got:      {outcome.got}")
                if outcome.hint:
                    lines.append(f"        hint:     {outcome.hint}")
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
    """One behaviour to check: a name, a function that raises if it is not met, a hint."""

    name: str
    run: Callable[[], None]
    hint: str


def describe_error(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) <= 300 else text[:297] + "..."


def run_cases(
    check: str, subject: str, cases: list[Case], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Run ``cases`` in a hermetic environment and collect a report.

    A case that raises :class:`Expectation` failed with its own message; one
    that raises anything else failed with that exception as "got" (a
    ``NotImplementedError`` means the skeleton still has a TODO there).

    Raises:
        ConformanceError: If a case failed and ``raise_on_failure`` is true.
    """
    report = ConformanceReport(check, subject)
    for case in cases:
        try:
            with hermetic_environment():
                case.run()
        except Expectation as failure:
            hint = failure.hint or case.hint
            report.outcomes.append(
                CaseOutcome(case.name, False, failure.expected, failure.got, hint)
            )
        except Exception as error:
            hint = case.hint
            if isinstance(error, NotImplementedError):
                hint = f"still a TODO in your code. Next: {hint}"
            got = f"it raised {describe_error(error)}"
            report.outcomes.append(CaseOutcome(case.name, False, case.name, got, hint))
        else:
            report.outcomes.append(CaseOutcome(case.name, True))
    if raise_on_failure and not report.ok:
        raise ConformanceError(report)
    return report


_PROVIDER_VARIABLES = sorted(
    {name for spec in PROVIDERS.values() for name in (*spec.key_env, *spec.url_env)}
    | {"LLM_API_KEY", "LLM_BASE_URL", "TAVILY_API_KEY", "SERPAPI_API_KEY"}
    | set(ENV_FIELDS)
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

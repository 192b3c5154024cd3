"""The checks for exercises 4 to 6: the calculator, ToolChain and AsyncToolExecutor."""

from __future__ import annotations

import asyncio
import math
import os
import threading
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from hello_agents.testing.conformance.fixtures import RecordingTools
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    describe_error,
    expect,
    returned,
    run_cases,
    short,
)
from hello_agents.tools.registry import ToolRegistry

# ---- the calculator ----------------------------------------------------------------


def _number_in(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def check_calculator(
    func: Callable[[str], Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a calculator function ``func(expression) -> str``.

    Expected: correct arithmetic (``+ - * / // % **``, ``^`` as power,
    parentheses, ``sqrt``, ``pi``), errors returned as text instead of raised,
    no ``eval`` of arbitrary code, and huge powers refused quickly.
    """

    def computes(expression: str, wanted: float, hint: str = "") -> Callable[[], None]:
        def case() -> None:
            answer = func(expression)
            number = _number_in(str(answer))
            expect(
                number is not None and math.isclose(number, wanted, rel_tol=1e-9),
                f"{expression!r} -> {wanted:g}",
                short(answer),
                hint,
            )

        return case

    def basic() -> None:
        for expression, wanted in [("2 + 3 * 4", 14.0), ("(1 + 2) / 4", 0.75), ("-3 + 5", 2.0)]:
            computes(expression, wanted, "map ast.Add/Sub/Mult/Div/USub to operator functions.")()

    def functions_and_constants() -> None:
        computes("sqrt(16)", 4.0, "allow calls to a whitelist of math functions.")()
        computes("2 * pi", 2 * math.pi, "allow names from a whitelist of constants.")()

    def more_operators() -> None:
        for expression, wanted in [("7 // 2", 3.0), ("7 % 3", 1.0), ("2 ** 10", 1024.0)]:
            computes(expression, wanted, "also map ast.FloorDiv, ast.Mod and ast.Pow.")()

    def caret_is_power() -> None:
        computes(
            "2^10", 1024.0, "people and models write 2^10 for a power: replace ^ by ** first."
        )()

    def errors_are_text() -> None:
        for expression in ["1 / 0", "2 +", ""]:
            answer = returned(
                partial(func, expression),
                f"a readable error message returned as text for {expression!r}",
                "catch errors and return a message: a tool's output goes back to the model.",
            )
            expect(
                isinstance(answer, str) and _number_in(answer) is None and answer.strip() != "",
                f"an error message (text, not a number) for {expression!r}",
                short(answer),
            )

    def no_code_execution() -> None:
        marker = os.getcwd()
        for expression in ["__import__('os').getcwd()", "open('x').read()", "().__class__"]:
            try:
                answer = str(func(expression))
            except NotImplementedError:
                raise
            except Exception as error:
                answer = describe_error(error)
            expect(
                marker not in answer and "class 'tuple'" not in answer,
                f"{expression!r} refused",
                short(answer),
                "never call eval(); walk the ast and accept only whitelisted nodes.",
            )

    def huge_powers_refused() -> None:
        # A naive power computes for minutes without giving Python control back:
        # the case's time limit (a child process killed at the limit) stops it.
        try:
            answer = func("9**9**9")
        except NotImplementedError:
            raise
        except Exception:
            return  # refused (raising is the business of the "errors" behaviour)
        expect(
            _number_in(str(answer)) is None,
            "an error message for 9**9**9 (a number with 370 million digits)",
            short(str(answer)[:80]),
        )

    return run_cases(
        "calculator",
        func,
        [
            Case(
                "+ - * / with precedence and parentheses",
                basic,
                "parse with ast.parse(text, mode='eval') and evaluate BinOp/UnaryOp/Constant "
                "nodes recursively.",
                expected="'2 + 3 * 4' -> 14, '(1 + 2) / 4' -> 0.75, '-3 + 5' -> 2",
            ),
            Case(
                "sqrt() and pi",
                functions_and_constants,
                "accept ast.Call of whitelisted functions and ast.Name of whitelisted constants.",
                expected="'sqrt(16)' -> 4 and '2 * pi' -> 6.283185307...",
            ),
            Case(
                "//, % and **",
                more_operators,
                "map ast.FloorDiv, ast.Mod and ast.Pow as well.",
                expected="'7 // 2' -> 3, '7 % 3' -> 1, '2 ** 10' -> 1024",
            ),
            Case(
                "^ means power",
                caret_is_power,
                "replace '^' by '**' before parsing.",
                expected="'2^10' -> 1024",
            ),
            Case(
                "errors come back as text, never as exceptions",
                errors_are_text,
                "wrap the evaluation in try/except and return 'Error: ...'.",
                expected="an error message returned as text for '1 / 0', '2 +' and ''",
            ),
            Case(
                "no arbitrary code runs",
                no_code_execution,
                "never eval(); refuse every node type that is not whitelisted.",
                expected="__import__('os').getcwd(), open('x').read() and ().__class__ refused",
            ),
            Case(
                "9**9**9 is refused quickly",
                huge_powers_refused,
                "estimate the digits of a power (exponent * log10(base)) before computing it, "
                "and return an error message when there are too many.",
                expected="an error message for 9**9**9 (a number with 370 million digits), "
                "returned at once",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )


# ---- ToolChain ---------------------------------------------------------------------


def _chain_outcome(chain: Any, registry: ToolRegistry, text: str, context: Any = None) -> str:
    """The chain's output as text, or the text of the exception it raised."""
    try:
        if context is None:
            return str(chain.execute(registry, text))
        return str(chain.execute(registry, text, context))
    except NotImplementedError:
        raise
    except Exception as error:
        return f"<raised {describe_error(error)}>"


def check_tool_chain(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a ToolChain: ``cls(name, description)``, ``add_step(tool, template,
    output_key=None)``, ``execute(registry, initial_input, context=None) -> str``.
    """

    def chain_of(*steps: tuple[str, ...]) -> Any:
        """A chain of the class checked, with these ``(tool, template[, output_key])`` steps."""
        chain = cls("checked", "a chain the check builds")
        for step in steps:
            chain.add_step(*step)
        return chain

    def passes_outputs_on() -> None:
        tools = RecordingTools()
        chain = chain_of(("shout", "{input}", "loud"), ("count_words", "{loud} AND MORE"))
        output = chain.execute(tools.registry, "one two three")
        expect(
            tools.calls == [("shout", "one two three"), ("count_words", "ONE TWO THREE AND MORE")],
            "step 2 to receive step 1's output through {loud}",
            short(tools.calls),
            "store each output in the context under output_key; fill templates from it.",
        )
        expect(output == "5", "the last step's output ('5')", short(output))

    def default_output_keys() -> None:
        tools = RecordingTools()
        chain = chain_of(("shout", "{input}"), ("count_words", "{step_0_result}"))
        output = chain.execute(tools.registry, "a b")
        expect(
            output == "2",
            "{step_0_result} to name the first step's output",
            short(output),
            "output_key defaults to step_<i>_result, with i the step's index from 0.",
        )

    def context_is_not_mutated() -> None:
        tools = RecordingTools()
        chain = chain_of(("shout", "{greeting}, {input}", "loud"))
        context = {"greeting": "hello"}
        output = chain.execute(tools.registry, "world", context)
        expect(output == "HELLO, WORLD", "context values usable in templates", short(output))
        expect(
            context == {"greeting": "hello"},
            "the caller's context dict unchanged",
            short(context),
            "copy the context before adding 'input' and the outputs.",
        )

    def failure_stops_the_chain() -> None:
        tools = RecordingTools()
        chain = chain_of(("explode", "{input}"), ("shout", "{step_0_result}"))
        outcome = _chain_outcome(chain, tools.registry, "boom")
        expect(
            [name for name, _ in tools.calls] == ["explode"],
            "the chain to stop at the failing step (shout never runs)",
            f"tools called: {short(tools.calls)}",
            "check each step's result; never feed an error message to the next step.",
        )
        expect(
            "explode" in outcome or "step 1" in outcome.lower(),
            "a result or exception that names the failed step",
            short(outcome),
        )

    def missing_variable_stops() -> None:
        tools = RecordingTools()
        chain = chain_of(("shout", "{inptu}"))
        outcome = _chain_outcome(chain, tools.registry, "hello")
        expect(
            not tools.calls,
            "no tool call when a template names a missing variable",
            f"tools called: {short(tools.calls)}",
            "catch the KeyError of str.format (or check names first) and stop.",
        )
        expect("inptu" in outcome, "a message naming the missing variable 'inptu'", short(outcome))

    return run_cases(
        "tool_chain",
        cls,
        [
            Case(
                "outputs flow into later templates",
                passes_outputs_on,
                "store each output in the context under output_key; fill templates with "
                "str.format(**context).",
                expected="step 2 receives step 1's output through {loud}; execute() returns the "
                "last step's output '5'",
            ),
            Case(
                "default output keys are step_<i>_result, from 0",
                default_output_keys,
                "output_key defaults to f'step_{len(self.steps)}_result', as the tutorial's "
                "chain names it.",
                expected="{step_0_result} names the first step's output",
            ),
            Case(
                "context values work; the caller's dict is not changed",
                context_is_not_mutated,
                "start from dict(context or {}), add 'input' and the outputs to that copy, and "
                "fill the templates from it.",
                expected="{greeting} filled from the context ('HELLO, WORLD'), and the caller's "
                "dict unchanged",
            ),
            Case(
                "a failing step stops the chain",
                failure_stops_the_chain,
                "use registry.execute(...) and stop (raise) when result.ok is false.",
                expected="the chain stops at the failing step 1 and says which step failed",
            ),
            Case(
                "a missing template variable stops the chain",
                missing_variable_stops,
                "catch the KeyError from str.format and stop with a message naming the variable.",
                expected="no tool runs, and the message names the missing variable 'inptu'",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )


# ---- AsyncToolExecutor -------------------------------------------------------------


def _result_text(item: Any) -> str:
    if isinstance(item, Mapping):
        return str(item.get("result", item))
    return str(item)


def _close(executor: Any) -> None:
    close = getattr(executor, "close", None) or getattr(executor, "shutdown", None)
    if callable(close):
        close()


def _run_parallel(executor: Any, tasks: list[dict[str, str]]) -> list[str]:
    """``execute_tools_parallel(tasks)`` run to the end, each result as text; then closed."""
    try:
        results = asyncio.run(executor.execute_tools_parallel(tasks))
    finally:
        _close(executor)
    return [_result_text(item) for item in results]


def check_async_executor(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check an AsyncToolExecutor: ``cls(registry, max_workers=4)``, ``async
    execute_tool_async(tool, input) -> str`` and ``async execute_tools_parallel(tasks)``
    (tasks are ``{"tool_name": ..., "input_data": ...}``; results in task order).
    """

    def one_call() -> None:
        tools = RecordingTools()
        executor = cls(tools.registry, max_workers=4)
        try:
            text = asyncio.run(executor.execute_tool_async("shout", "hi"))
        finally:
            _close(executor)
        expect(text == "HI", "execute_tool_async('shout', 'hi') -> 'HI'", short(text))

    def results_in_task_order() -> None:
        tools = RecordingTools()
        executor = cls(tools.registry, max_workers=4)
        tasks = [{"tool_name": "shout", "input_data": word} for word in ["a", "b", "c", "d", "e"]]
        texts = _run_parallel(executor, tasks)
        expect(
            texts == ["A", "B", "C", "D", "E"],
            "one result per task, in task order",
            short(texts),
            "asyncio.gather returns results in the order of its arguments.",
        )

    def really_parallel() -> None:
        # Three calls that each wait for the other two: only concurrent calls get through.
        barrier = threading.Barrier(3, timeout=3)
        registry = ToolRegistry()

        def rendezvous(text: str) -> str:
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                return "alone"
            return "met"

        registry.register_function("rendezvous", "Wait for two other calls", rendezvous)
        executor = cls(registry, max_workers=4)
        tasks = [{"tool_name": "rendezvous", "input_data": str(n)} for n in range(3)]
        texts = _run_parallel(executor, tasks)
        expect(
            texts == ["met", "met", "met"],
            "3 calls running at the same time (each waits for the other two)",
            short(texts),
            "run each call in the thread pool (loop.run_in_executor) and await them together "
            "with asyncio.gather; awaiting them one by one is sequential.",
        )

    def failure_is_contained() -> None:
        tools = RecordingTools()
        executor = cls(tools.registry, max_workers=4)
        tasks = [
            {"tool_name": "shout", "input_data": "ok"},
            {"tool_name": "explode", "input_data": "x"},
            {"tool_name": "shout", "input_data": "fine"},
        ]
        texts = _run_parallel(executor, tasks)
        expect(
            len(texts) == 3 and texts[0] == "OK" and texts[2] == "FINE" and "fail" in texts[1],
            "three results: 'OK', an error message about the failure, 'FINE'",
            short(texts),
            "a failing tool gives an error result; it must not cancel or hide the others.",
        )

    return run_cases(
        "async_executor",
        cls,
        [
            Case(
                "execute_tool_async returns the tool's text",
                one_call,
                "await loop.run_in_executor(pool, registry.execute_tool, name, input).",
                expected="await execute_tool_async('shout', 'hi') returns 'HI'",
            ),
            Case(
                "execute_tools_parallel keeps task order",
                results_in_task_order,
                "build one coroutine per task and await asyncio.gather(*coroutines).",
                expected="five tasks give five results, in task order",
            ),
            Case(
                "calls really run at the same time",
                really_parallel,
                "start all calls before awaiting any: asyncio.gather over run_in_executor calls.",
                expected="3 calls running at the same time",
            ),
            Case(
                "one failing task does not break the others",
                failure_is_contained,
                "registry.execute never raises; or pass return_exceptions=True to gather.",
                expected="three results: 'OK', an error message about the failure, 'FINE'",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )

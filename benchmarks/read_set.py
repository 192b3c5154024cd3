"""The read set of one run: which files and how many lines a learner follows.

Each paradigm answers one scripted question, and the run is traced call by
call: every function of ``hello_agents/`` that executes is recorded (its file,
its source lines). What it prints, per paradigm:

* ``files``: the files of ``hello_agents/`` the run enters. Two are left out:
  ``hello_agents/testing/`` (the scripted model), since a real run has an HTTP
  client there instead, and the called tool's own module (the calculator),
  since what a tool computes is not part of how the agent runs; its lines are
  printed apart (``tool``) so that they stay visible.
* ``lines``: the source lines of the distinct functions that ran, each line
  counted once (a function defined inside another is inside its parent's lines).
  Module-level code is not counted: the modules are imported before the run.

The scripts, with ``python_calculator`` (:class:`CalculatorTool`) in a
:class:`ToolRegistry` and every agent at its defaults:

* SimpleAgent: ``[TOOL_CALL:python_calculator:...]``, then the answer;
* ReActAgent: ``Action: python_calculator[...]``, then ``Finish[...]``;
* ReflectionAgent (no tools): a draft, a review asking for a revision, the
  revision, an approving review;
* PlanAndSolveAgent (no tools): a two-step plan, then one reply per step;
* FunctionCallAgent, ``tool_call_strategy="native"``: a native tool call, then
  the answer.

Targets (the run path a learner reads fits in a few files):
ReAct at most 10 files and 900 lines, FunctionCall (native) at most 12 files
and 1,200 lines.

``--order`` prints the functions themselves, in the order the run first entered
them, each with its file and its lines: a reading list for the run, made from the
code as it is (functions defined inside others are read with their parent).

Run it with::

    python benchmarks/read_set.py
    python benchmarks/read_set.py --paradigm react --files
    python benchmarks/read_set.py --paradigm react --order
    python benchmarks/read_set.py --json
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import hello_agents
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.plan_solve_agent import PlanAndSolveAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.agents.reflection_agent import ReflectionAgent
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.core.agent import Agent
from hello_agents.testing import ScriptedLLM, ScriptItem, tool_call, tool_calls
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.registry import ToolRegistry

PACKAGE = Path(hello_agents.__file__).resolve().parent
LEFT_OUT = PACKAGE / "testing"
TOOL_MODULE = "hello_agents/tools/builtin/calculator.py"
QUESTION = "What is 17 * 23?"
ANSWER = "391"


@dataclass(frozen=True)
class Target:
    """The most files and lines a paradigm's run may take."""

    files: int
    lines: int


TARGETS: dict[str, Target] = {
    "react": Target(files=10, lines=900),
    "function_call": Target(files=12, lines=1200),
}


@dataclass
class ReadSet:
    """What one traced run executed, file by file.

    Attributes:
        paradigm: The paradigm's short name (``react``, ``function_call`` ...).
        answer: What the run returned (to show the script was followed).
        lines_by_file: For each file entered (its path from the repository's
            root), how many source lines of its functions ran; the called
            tool's module is not among them.
        tool_lines: The source lines of the called tool's module that ran
            (0 when the run called no tool).
        functions: The functions that ran, in the order the run first entered
            them: ``(file, qualified name, source lines)``; the tool's among them.
    """

    paradigm: str
    answer: str
    lines_by_file: dict[str, int] = field(default_factory=dict)
    tool_lines: int = 0
    functions: list[tuple[str, str, int]] = field(default_factory=list)

    @property
    def files(self) -> int:
        """How many files the run entered."""
        return len(self.lines_by_file)

    @property
    def lines(self) -> int:
        """How many distinct source lines the executed functions span."""
        return sum(self.lines_by_file.values())

    @property
    def target(self) -> Target | None:
        """The paradigm's target, if it has one."""
        return TARGETS.get(self.paradigm)

    @property
    def passed(self) -> bool | None:
        """Whether the run stays within its target (``None`` without a target)."""
        if self.target is None:
            return None
        return self.files <= self.target.files and self.lines <= self.target.lines

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        return {
            "paradigm": self.paradigm,
            "answer": self.answer,
            "files": self.files,
            "lines": self.lines,
            "target": None if self.target is None else vars(self.target),
            "passed": self.passed,
            "lines_by_file": dict(sorted(self.lines_by_file.items())),
            "tool_lines": self.tool_lines,
            "functions": [list(function) for function in self.functions],
        }


class CallTracer:
    """Records the source lines of every package function that is called.

    It listens to call events only (``sys.setprofile``), in this thread and in
    the threads started while it listens (tools may run in a thread pool).
    """

    def __init__(self) -> None:
        self.lines_by_file: dict[str, set[int]] = {}
        self.functions: list[tuple[str, str, int]] = []  # in the order first entered
        self._seen: set[CodeType] = set()
        self._lock = threading.Lock()

    def __enter__(self) -> CallTracer:
        threading.setprofile(self._on_event)
        sys.setprofile(self._on_event)
        return self

    def __exit__(self, *exc_info: object) -> None:
        sys.setprofile(None)
        threading.setprofile(None)

    def _on_event(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or frame.f_code in self._seen:
            return
        code = frame.f_code
        with self._lock:
            self._seen.add(code)
        path = Path(code.co_filename)
        if code.co_name == "<module>" or not path.is_relative_to(PACKAGE):
            return
        if path.is_relative_to(LEFT_OUT):
            return
        try:
            source, first = inspect.getsourcelines(code)
        except (OSError, TypeError):  # no source to read (generated code)
            return
        name = str(path.relative_to(PACKAGE.parent))
        with self._lock:
            self.lines_by_file.setdefault(name, set()).update(range(first, first + len(source)))
            if "<" not in code.co_qualname:  # not a comprehension, lambda or local function
                self.functions.append((name, code.co_qualname, len(source)))


def calculator_registry() -> ToolRegistry:
    """A registry holding only the builtin calculator."""
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    return registry


def simple_agent(llm: ScriptedLLM) -> Agent:
    llm.add("[TOOL_CALL:python_calculator:17 * 23]", ANSWER)
    return SimpleAgent("simple", llm, tool_registry=calculator_registry())


def react_agent(llm: ScriptedLLM) -> Agent:
    llm.add(
        "Thought: I should compute it.\nAction: python_calculator[17 * 23]",
        f"Thought: I have the result.\nAction: Finish[{ANSWER}]",
    )
    return ReActAgent("react", llm, calculator_registry())


def reflection_agent(llm: ScriptedLLM) -> Agent:
    llm.add(
        "17 * 23 = 381",
        "The product is wrong: 17 * 23 is 391.\nVERDICT: REVISE",
        ANSWER,
        "Correct.\nVERDICT: DONE",
    )
    return ReflectionAgent("reflection", llm)


def plan_and_solve_agent(llm: ScriptedLLM) -> Agent:
    llm.add(
        '```python\n["Multiply 17 by 20", "Add 17 times 3 to that"]\n```',
        "340",
        ANSWER,
    )
    return PlanAndSolveAgent("plan", llm)


def function_call_agent(llm: ScriptedLLM) -> Agent:
    script: list[ScriptItem] = [
        tool_calls(tool_call("python_calculator", {"input": "17 * 23"}, id="call_1")),
        ANSWER,
    ]
    llm.add(*script)
    return FunctionCallAgent(
        "function_call", llm, tool_registry=calculator_registry(), tool_call_strategy="native"
    )


PARADIGMS: dict[str, Callable[[ScriptedLLM], Agent]] = {
    "simple": simple_agent,
    "react": react_agent,
    "reflection": reflection_agent,
    "plan_and_solve": plan_and_solve_agent,
    "function_call": function_call_agent,
}


def measure(paradigm: str) -> ReadSet:
    """Run one paradigm's script under the tracer.

    Raises:
        AssertionError: The agent did not follow its script (a reply left over
            or missing), so the figures would not describe the intended run.
    """
    llm = ScriptedLLM()
    agent = PARADIGMS[paradigm](llm)
    with CallTracer() as tracer:
        answer = agent.run(QUESTION)
    llm.assert_all_used()
    counts = {name: len(lines) for name, lines in tracer.lines_by_file.items()}
    tool_lines = counts.pop(TOOL_MODULE, 0)
    return ReadSet(paradigm, answer, counts, tool_lines, tracer.functions)


def measure_apart(paradigm: str) -> ReadSet:
    """:func:`measure` in a fresh interpreter, so that nothing an earlier run
    cached (a tool schema, a compiled pattern) hides code from this one."""
    command = [sys.executable, __file__, "--paradigm", paradigm, "--json"]
    # The child imports the package this process measures, not an installed copy.
    search_path = [str(PACKAGE.parent), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, search_path))}
    output = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
    (figures,) = json.loads(output)
    functions = [
        (str(name), str(qualname), int(lines)) for name, qualname, lines in figures["functions"]
    ]
    return ReadSet(
        paradigm, figures["answer"], figures["lines_by_file"], figures["tool_lines"], functions
    )


def report(read_set: ReadSet, show_files: bool, show_order: bool = False) -> str:
    """One paradigm's figures as text (with its files, with its functions in order)."""
    line = f"{read_set.paradigm:<15} {read_set.files:>3} files {read_set.lines:>6,} lines"
    if read_set.target is not None:
        verdict = "pass" if read_set.passed else "FAIL"
        target = read_set.target
        line += f"   target <= {target.files} files, <= {target.lines:,} lines: {verdict}"
    if show_files:
        for name, count in sorted(read_set.lines_by_file.items()):
            line += f"\n    {count:>5}  {name}"
        if read_set.tool_lines:
            line += f"\n    {read_set.tool_lines:>5}  {TOOL_MODULE} (the tool, not counted)"
    if show_order:
        for name, qualname, lines in read_set.functions:
            apart = "  (the tool, not counted)" if name == TOOL_MODULE else ""
            line += f"\n    {lines:>5}  {name.removeprefix('hello_agents/')}:{qualname}{apart}"
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--paradigm",
        choices=sorted(PARADIGMS),
        action="append",
        help="measure only this paradigm (repeat for more); default: all",
    )
    parser.add_argument("--files", action="store_true", help="list the files and their lines")
    parser.add_argument(
        "--order", action="store_true", help="list the functions in the order the run entered them"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    names = args.paradigm or list(PARADIGMS)
    # One paradigm runs here; several run one interpreter each (see measure_apart).
    run = measure if len(names) == 1 else measure_apart
    read_sets = [run(name) for name in names]
    if args.json:
        print(json.dumps([read_set.to_dict() for read_set in read_sets], indent=2))
    else:
        for read_set in read_sets:
            print(report(read_set, args.files, args.order))
    return 0


if __name__ == "__main__":
    sys.exit(main())

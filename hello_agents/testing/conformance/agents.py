"""The checks for exercises 2 and 3: the SimpleAgent TOOL_CALL loop and the ReAct loop."""

from __future__ import annotations

from typing import Any

from hello_agents.testing.conformance.fixtures import calculator_registry, request_text
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)
from hello_agents.testing.scripted_llm import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

# ---- SimpleAgent with the [TOOL_CALL:...] protocol ---------------------------------


def check_simple_agent(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a SimpleAgent: chat with history, plus the ``[TOOL_CALL:tool:params]`` loop.

    The class is built as ``cls(name, llm, system_prompt=..., tool_registry=...)``.
    """

    def chat_without_tools() -> None:
        llm = ScriptedLLM(["Hello! How can I help?"])
        agent = cls(name="checker", llm=llm, system_prompt="You are terse.")
        answer = agent.run("Hi")
        expect(answer == "Hello! How can I help?", "run() to return the reply", short(answer))
        first = llm.calls[0].messages
        expect(
            first[0].get("role") == "system" and first[0].get("content") == "You are terse.",
            "the system prompt sent first, as a system message",
            short(first[0]),
        )
        expect(
            first[-1] == {"role": "user", "content": "Hi"} or first[-1].get("content") == "Hi",
            "the user's input as the last message",
            short(first[-1]),
        )

    def keeps_history() -> None:
        llm = ScriptedLLM(["Nice to meet you, Ada.", "Your name is Ada."])
        agent = cls(name="checker", llm=llm)
        agent.run("My name is Ada.")
        agent.run("What is my name?")
        second = request_text(llm.calls[1])
        expect(
            "My name is Ada." in second and "Nice to meet you, Ada." in second,
            "the second request to contain the first exchange (question and answer)",
            short(llm.calls[1].messages),
            "add the user message and the answer to the history after each run.",
        )

    def tools_are_announced() -> None:
        llm = ScriptedLLM(["No tool needed."])
        agent = cls(name="checker", llm=llm, tool_registry=calculator_registry())
        agent.run("Say something.")
        system = llm.calls[0].system_prompt or ""
        expect(
            "python_calculator" in system and "TOOL_CALL" in system,
            "a system prompt that lists the tools and explains [TOOL_CALL:tool_name:parameters]",
            short(system),
            "when tools are registered, add their descriptions and the protocol to the prompt.",
        )

    def runs_a_tool_and_feeds_back() -> None:
        llm = ScriptedLLM(
            ["I will compute it.\n[TOOL_CALL:python_calculator:37 * 48]", "It costs 1776 cents."]
        )
        agent = cls(name="checker", llm=llm, tool_registry=calculator_registry())
        answer = agent.run("How many cents do 48 pencils at 37 cents cost?")
        expect(
            len(llm.calls) == 2,
            "two model calls: one that calls the tool, one that answers",
            f"{len(llm.calls)} call(s)",
            "after running the tools, call the model again with their results.",
        )
        expect(
            "1776" in request_text(llm.calls[1]),
            "the tool's result (1776) in the second request",
            short(llm.calls[1].messages[-2:]),
            "append the tool results to the messages, e.g. as a user message.",
        )
        expect(answer == "It costs 1776 cents.", "the final reply as the answer", short(answer))

    def parameters_with_brackets_and_commas() -> None:
        call = '[TOOL_CALL:python_calculator:{"input": "max(2, 3) * [4][0]"}]'
        llm = ScriptedLLM([f"Computing.\n{call}", "Done."])
        registry = ToolRegistry()
        seen: list[str] = []

        def python_calculator(input: str) -> str:
            seen.append(input)
            return "12"

        registry.register_function("python_calculator", "Evaluate arithmetic", python_calculator)
        cls(name="checker", llm=llm, tool_registry=registry).run("What is max(2, 3) * 4?")
        expect(
            seen == ["max(2, 3) * [4][0]"],
            "the tool to receive the whole input 'max(2, 3) * [4][0]'",
            short(seen),
            "do not cut the parameters at the first ']' or ','; find the matching bracket "
            "and parse the JSON object.",
        )

    def bounded_tool_rounds() -> None:
        looping = "[TOOL_CALL:python_calculator:1 + 1]"
        llm = ScriptedLLM([looping] * 10)
        agent = cls(name="checker", llm=llm, tool_registry=calculator_registry())
        answer = agent.run("Loop forever.")
        expect(
            len(llm.calls) <= 4,
            "at most 4 model calls (3 rounds of tools, then one last answer)",
            f"{len(llm.calls)} calls",
            "count the rounds and stop at max_tool_iterations (3).",
        )
        expect(isinstance(answer, str), "a text answer even when the limit is hit", short(answer))

    return run_cases(
        "simple_agent",
        cls,
        [
            Case(
                "plain chat: system prompt first, input last, reply returned",
                chat_without_tools,
                "build the messages with self.build_messages(input_text) (system prompt first, "
                "history, then the input), call self.llm.invoke(messages) and return its text.",
                expected="run('Hi') returns the model's reply 'Hello! How can I help?', having "
                "sent the system prompt first and 'Hi' last",
            ),
            Case(
                "history carries over between runs",
                keeps_history,
                "after each run, self.add_message() the question and the answer; build_messages() "
                "sends the history.",
                expected="the second run's request contains the first question and answer",
            ),
            Case(
                "registered tools are announced in the system prompt",
                tools_are_announced,
                "with tools, extend the system prompt with registry.get_tools_description() and "
                "the [TOOL_CALL:...] format.",
                expected="the system prompt names python_calculator and explains "
                "[TOOL_CALL:tool_name:parameters]",
            ),
            Case(
                "a [TOOL_CALL:...] runs the tool and its result goes back to the model",
                runs_a_tool_and_feeds_back,
                "parse [TOOL_CALL:name:params], run it with the registry, call the model again.",
                expected="the calculator runs on '37 * 48', its result 1776 goes to a second "
                "model call, whose reply is returned",
            ),
            Case(
                "JSON parameters containing ']' and ',' reach the tool intact",
                parameters_with_brackets_and_commas,
                "find the ']' that closes [TOOL_CALL: by counting brackets outside quoted "
                "strings, then read the parameters as a JSON object when they start with '{'.",
                expected="the tool receives input 'max(2, 3) * [4][0]' whole",
            ),
            Case(
                "tool rounds are bounded",
                bounded_tool_rounds,
                "loop at most max_tool_iterations (3) times, then ask once for a plain answer.",
                expected="at most 4 model calls when the model asks for a tool every time, and "
                "a text answer",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )


# ---- ReActAgent --------------------------------------------------------------------


def check_react_agent(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a ReAct agent: Thought / Action ``tool[input]`` / Observation until ``Finish[...]``.

    The class is built as ``cls(name, llm, tool_registry, max_steps=...)``.
    """

    def build(llm: ScriptedLLM, **options: Any) -> Any:
        return cls(name="checker", llm=llm, tool_registry=calculator_registry(), **options)

    def finishes() -> None:
        llm = ScriptedLLM(["Thought: this is easy.\nAction: Finish[4]"])
        answer = build(llm).run("What is 2 + 2?")
        expect(answer == "4", "'4' from 'Action: Finish[4]'", short(answer))

    def prompt_has_tools_and_question() -> None:
        llm = ScriptedLLM(["Thought: easy.\nAction: Finish[4]"])
        build(llm).run("What is 2 + 2?")
        sent = request_text(llm.calls[0])
        expect(
            "python_calculator" in sent and "What is 2 + 2?" in sent,
            "the first request to name the tools (python_calculator) and the question",
            short(sent),
            "fill the prompt template with the tool descriptions and the question.",
        )

    def honours_system_prompt() -> None:
        llm = ScriptedLLM(["Thought: easy.\nAction: Finish[4]"])
        build(llm, system_prompt="Answer in French.").run("What is 2 + 2?")
        expect(
            llm.calls[0].system_prompt == "Answer in French.",
            "system_prompt sent as the system message",
            short(llm.calls[0].system_prompt),
            "the reference ignores system_prompt in ReAct; send it first in every call.",
        )

    def acts_and_observes() -> None:
        llm = ScriptedLLM(
            [
                "Thought: I need to multiply.\nAction: python_calculator[37 * 48]",
                "Thought: I have it.\nAction: Finish[1776 cents]",
            ]
        )
        answer = build(llm).run("How many cents do 48 pencils at 37 cents cost?")
        expect(
            len(llm.calls) == 2 and "1776" in request_text(llm.calls[1]),
            "the tool's result (1776) in the second request, as an Observation",
            short(llm.calls[1].messages if len(llm.calls) > 1 else llm.calls),
            "run the tool named in the Action and add 'Observation: <result>' to the history.",
        )
        expect(answer == "1776 cents", "'1776 cents'", short(answer))

    def ignores_invented_observation() -> None:
        llm = ScriptedLLM(
            [
                "Thought: multiply.\nAction: python_calculator[6 * 7]\nObservation: 41",
                "Thought: done.\nAction: Finish[42]",
            ]
        )
        build(llm).run("What is 6 * 7?")
        second = request_text(llm.calls[1]) if len(llm.calls) > 1 else ""
        expect(
            "42" in second,
            "the real result (42) in the second request, not only the invented 'Observation: 41'",
            short(second),
            "cut the reply at the first 'Observation:' the model wrote; only the tool observes.",
        )

    def tolerant_format() -> None:
        llm = ScriptedLLM(
            [
                "**Thought:** multiply.\n**Action:** `python_calculator[6 * 7]`",
                "**Thought:** I know it.\n**Action:** Finish[The answer is\n42]",
            ]
        )
        answer = build(llm).run("What is 6 * 7?")
        expect(
            answer.replace("\n", " ").strip() == "The answer is 42",
            "bold labels, backticks and a Finish[...] over two lines to be understood "
            "('The answer is\\n42')",
            short(answer),
            "allow '**' around labels, backticks around the action, and let Finish[...] span "
            "lines (find the matching ']').",
        )

    def unknown_tool_is_observed() -> None:
        llm = ScriptedLLM(
            ["Thought: try.\nAction: teleport[moon]", "Thought: fine.\nAction: Finish[ok]"]
        )
        answer = build(llm).run("Go to the moon.")
        expect(
            answer == "ok", "the run to continue after an unknown tool and finish", short(answer)
        )
        expect(
            "teleport" in request_text(llm.calls[1]),
            "an Observation telling the model that 'teleport' is not a tool",
            short(llm.calls[1].messages[-1]),
            "an unknown tool is an observation for the model, not an exception.",
        )

    def bounded_steps() -> None:
        llm = ScriptedLLM(
            [f"Thought: again.\nAction: python_calculator[{n} + 1]" for n in range(10)]
        )
        answer = build(llm, max_steps=3).run("Never finish.")
        expect(
            len(llm.calls) == 3,
            "exactly 3 model calls with max_steps=3",
            f"{len(llm.calls)} calls",
            "loop at most max_steps times.",
        )
        expect(isinstance(answer, str), "a text answer when the steps run out", short(answer))

    return run_cases(
        "react_agent",
        cls,
        [
            Case(
                "Finish[answer] ends the run",
                finishes,
                "parse 'Action: Finish[...]' and return what is inside the brackets.",
                expected="run() returns '4' after the reply 'Action: Finish[4]'",
            ),
            Case(
                "the prompt names the tools and the question",
                prompt_has_tools_and_question,
                "fill {tools} with registry.get_tools_description() and {question} with the input.",
                expected="the first request names python_calculator and the question",
            ),
            Case(
                "system_prompt is honoured",
                honours_system_prompt,
                "build the messages with self.build_messages(prompt): it sends the system prompt "
                "first.",
                expected="system_prompt='Answer in French.' sent as the system message",
            ),
            Case(
                "an Action runs the tool; its Observation goes back",
                acts_and_observes,
                "run registry.execute_tool(tool, input) and add 'Observation: <result>' to the "
                "next prompt.",
                expected="'Action: python_calculator[37 * 48]' runs the tool, 'Observation: 1776' "
                "is in the next request, and Finish[1776 cents] gives '1776 cents'",
            ),
            Case(
                "an Observation the model invents is ignored",
                ignores_invented_observation,
                "cut the reply at the first 'Observation:' line before parsing it.",
                expected="the tool's real result (42) in the next request, not the model's "
                "invented 'Observation: 41'",
            ),
            Case(
                "markdown-decorated and multi-line replies are read",
                tolerant_format,
                "allow '**' around labels and backticks around the action; end the input at the "
                "matching ']'.",
                expected="'**Action:** `python_calculator[6 * 7]`' runs the tool and a Finish[...] "
                "over two lines gives 'The answer is 42'",
            ),
            Case(
                "an unknown tool becomes an Observation",
                unknown_tool_is_observed,
                "registry.execute_tool returns an error text for unknown tools: use it as the "
                "Observation.",
                expected="'Action: teleport[moon]' gives an Observation naming 'teleport', and "
                "the run goes on to Finish[ok]",
            ),
            Case(
                "max_steps bounds the loop",
                bounded_steps,
                "loop at most max_steps times and return a message when the steps run out.",
                expected="exactly 3 model calls with max_steps=3, then a text answer",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )

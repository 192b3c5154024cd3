"""The check for a FunctionCallAgent: native ``tool_calls``, one tool message per call."""

from __future__ import annotations

from typing import Any

from hello_agents.testing.conformance.fixtures import calculator_registry
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)
from hello_agents.testing.script import ScriptedReply, tool_call, tool_calls
from hello_agents.testing.scripted_llm import RecordedCall, ScriptedLLM


def _tool_messages(call: RecordedCall) -> dict[str, str]:
    """The ``role="tool"`` messages of a request, by ``tool_call_id``."""
    return {
        str(message.get("tool_call_id")): str(message.get("content") or "")
        for message in call.messages
        if message.get("role") == "tool"
    }


def _tool_message_ids(call: RecordedCall) -> list[str]:
    return [str(m.get("tool_call_id")) for m in call.messages if m.get("role") == "tool"]


def _offers_tools(request: dict[str, Any]) -> bool:
    return bool(request.get("tools")) and request.get("tool_choice") != "none"


def check_function_call_agent(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a FunctionCallAgent: the tools' schemas go out with ``tools=``, the
    model's native ``tool_calls`` run, and each result goes back as one
    ``role="tool"`` message per ``tool_call_id``; bad arguments come back to the
    model as an error it can fix; ``max_tool_iterations`` bounds the rounds,
    then one last call without tools gives the answer.

    The class is built as the tutorial builds it:
    ``cls(name, llm, system_prompt=..., tool_registry=..., max_tool_iterations=...)``.
    """

    def build(llm: ScriptedLLM, **options: Any) -> Any:
        return cls(name="checker", llm=llm, tool_registry=calculator_registry(), **options)

    def plain_answer() -> None:
        llm = ScriptedLLM(["Hello! How can I help?"])
        answer = build(llm, system_prompt="Be brief.").run("Hi")
        expect(
            answer == "Hello! How can I help?",
            "run('Hi') to return the model's reply 'Hello! How can I help?'",
            short(answer),
        )
        system = llm.calls[0].system_prompt or ""
        expect(
            "Be brief." in system,
            "system_prompt 'Be brief.' in the system message",
            short(system),
            "send self.system_prompt first (self.build_messages does it).",
        )

    def schemas_are_sent() -> None:
        llm = ScriptedLLM(["No tool needed."])
        build(llm).run("Say something.")
        tools = llm.calls[0].request.get("tools") or []
        names = [str((tool.get("function") or {}).get("name")) for tool in tools]
        expect(
            "python_calculator" in names,
            "tools=[...] in the request, with the function python_calculator",
            short(tools),
            "pass tools=self.tool_registry.to_openai_schema() to self.llm.invoke(...).",
        )

    def runs_a_call() -> None:
        llm = ScriptedLLM(
            [
                tool_calls(tool_call("python_calculator", {"input": "37 * 48"}, id="call_a")),
                "It costs 1776 cents.",
            ]
        )
        answer = build(llm).run("What do 48 pencils at 37 cents cost?")
        expect(
            len(llm.calls) == 2,
            "two model calls: one asking for the tool, one answering",
            f"{len(llm.calls)} call(s)",
            "after running the calls, call the model again with the results.",
        )
        second = llm.calls[1]
        calls_sent = [
            call.get("id")
            for message in second.messages
            if message.get("role") == "assistant"
            for call in message.get("tool_calls") or []
        ]
        expect(
            "call_a" in calls_sent,
            "the model's own message, with its tool_calls (id 'call_a'), in the next request",
            short(second.messages[-2:]),
            "append the assistant message with its tool_calls before the tool results.",
        )
        results = _tool_messages(second)
        expect(
            "1776" in results.get("call_a", ""),
            "a role='tool' message with tool_call_id 'call_a' and the result 1776",
            short(second.messages[-2:]),
            "append {'role': 'tool', 'tool_call_id': call.id, 'content': result} per call.",
        )
        expect(answer == "It costs 1776 cents.", "the final reply as the answer", short(answer))

    def several_calls() -> None:
        llm = ScriptedLLM(
            [
                tool_calls(
                    tool_call("python_calculator", {"input": "37 * 48"}, id="call_x"),
                    tool_call("python_calculator", {"input": "19 * 48"}, id="call_y"),
                ),
                "1776 and 912 cents.",
            ]
        )
        answer = build(llm).run("Pencils cost 37 cents, erasers 19. What do 48 of each cost?")
        second = llm.calls[1] if len(llm.calls) > 1 else llm.calls[0]
        results = _tool_messages(second)
        expect(
            sorted(_tool_message_ids(second)) == ["call_x", "call_y"]
            and "1776" in results.get("call_x", "")
            and "912" in results.get("call_y", ""),
            "exactly one role='tool' message per call: call_x -> 1776, call_y -> 912",
            short([m for m in second.messages if m.get("role") == "tool"]),
            "loop over every tool_call of the reply, not only the first one.",
        )
        expect(answer == "1776 and 912 cents.", "the final reply as the answer", short(answer))

    def bad_arguments_go_back() -> None:
        llm = ScriptedLLM(
            [
                tool_calls(tool_call("python_calculator", '{"input": "37 * 48"', id="call_bad")),
                tool_calls(tool_call("python_calculator", {"input": "37 * 48"}, id="call_ok")),
                "It costs 1776 cents.",
            ]
        )
        answer = build(llm).run("What do 48 pencils at 37 cents cost?")
        second = llm.calls[1]
        feedback = _tool_messages(second).get("call_bad", "")
        expect(
            bool(feedback.strip()) and "1776" not in feedback,
            "a role='tool' message for call_bad saying its arguments are not valid JSON",
            short(second.messages[-1]),
            "catch json.JSONDecodeError and send the error as that call's tool message.",
        )
        expect(
            answer == "It costs 1776 cents." and len(llm.calls) == 3,
            "the model to fix its call in the next round, then answer 'It costs 1776 cents.'",
            f"{len(llm.calls)} call(s), answer {short(answer)}",
        )

    def bounded_rounds() -> None:
        counter = iter(range(100))

        def keeps_calling(request: dict[str, Any]) -> ScriptedReply | str:
            if not _offers_tools(request):
                return "Here is what I found: 2."
            number = next(counter)
            return tool_calls(tool_call("python_calculator", {"input": f"{number} + 1"}))

        llm = ScriptedLLM([keeps_calling] * 10)
        answer = build(llm, max_tool_iterations=2).run("Keep computing.")
        expect(
            len(llm.calls) == 3,
            "3 model calls with max_tool_iterations=2: two rounds of tools, then one last call",
            f"{len(llm.calls)} calls",
            "count the rounds; when max_tool_iterations is reached, call once more without tools.",
        )
        last = llm.calls[-1].request
        expect(
            not _offers_tools(last),
            "the last call without tools (no tools=, or tool_choice='none')",
            short({key: last.get(key) for key in ("tool_choice", "tools")}),
            "make the final call with tool_choice='none' (or without tools=).",
        )
        expect(
            answer == "Here is what I found: 2.",
            "the last call's text as the answer",
            short(answer),
        )

    return run_cases(
        "function_call_agent",
        cls,
        [
            Case(
                "a reply without tool calls is the answer",
                plain_answer,
                "when the response has no tool_calls, return its content; send the system "
                "prompt first.",
                expected="run('Hi') returns the model's reply 'Hello! How can I help?', with "
                "the system prompt sent",
            ),
            Case(
                "the tools' schemas are sent with tools=",
                schemas_are_sent,
                "pass tools=self.tool_registry.to_openai_schema() with every call that may use "
                "tools.",
                expected="tools=[...] in the request, naming python_calculator",
            ),
            Case(
                "a native tool call runs; its result goes back as a role='tool' message",
                runs_a_call,
                "for each tool_call: run registry.execute_tool(name, arguments), then append "
                "{'role': 'tool', 'tool_call_id': call.id, 'content': result}.",
                expected="the calculator runs on '37 * 48', a tool message for 'call_a' holds "
                "1776, and the next reply is returned",
            ),
            Case(
                "several calls in one reply: one tool message per tool_call_id",
                several_calls,
                "loop over all response.tool_calls; answer each id exactly once.",
                expected="two tool messages, call_x -> 1776 and call_y -> 912",
            ),
            Case(
                "bad arguments come back to the model as an error it can fix",
                bad_arguments_go_back,
                "parse the arguments inside try/except; the error text is that call's tool "
                "message, so the model can try again.",
                expected="invalid JSON arguments answered with an error tool message, and the "
                "run going on to the answer",
            ),
            Case(
                "max_tool_iterations bounds the rounds, then a final answer without tools",
                bounded_rounds,
                "loop at most max_tool_iterations times, then call the model once with "
                "tool_choice='none' and return its text.",
                expected="3 model calls with max_tool_iterations=2, the last without tools, "
                "and its text as the answer",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )

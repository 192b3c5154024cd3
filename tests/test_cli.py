"""The hello-agents command line, against the local test server (no model needed)."""

from __future__ import annotations

import io

import pytest

from hello_agents.agents.tool_call_strategies import STRATEGIES
from hello_agents.cli import TOOL_CALL_STRATEGIES, build_parser, command_chat, main, what_to_try
from hello_agents.testing import FakeOpenAIServer, tool_call, tool_calls


def test_run_react_shows_steps_and_answer(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(
        "Thought: multiply.\nAction: python_calculator[37 * 48]", "Action: Finish[1776 cents]"
    )
    argv = ["run", "--agent", "react", "--base-url", fake_server.base_url, "--model", "m"]
    code = main([*argv, "48 pencils?"])
    out = capsys.readouterr().out
    assert code == 0
    assert "question: 48 pencils?" in out
    assert "Action: python_calculator[37 * 48]" in out and "Observation: 1776" in out
    assert out.rstrip().endswith("answer: 1776 cents")
    assert fake_server.chat_requests[0].body["temperature"] == 0.0  # deterministic by default


def test_the_default_agent_answers_a_question_that_needs_no_tool_in_one_call(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("The capital of Australia is Canberra.")
    argv = ["run", "--base-url", fake_server.base_url, "--model", "m"]
    assert main([*argv, "What is the capital of Australia?"]) == 0
    assert "answer: The capital of Australia is Canberra." in capsys.readouterr().out
    [request] = fake_server.chat_requests
    assert [tool["function"]["name"] for tool in request.body["tools"]] == ["python_calculator"]


def test_run_function_agent_streams_and_shows_tool_calls(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(tool_calls(tool_call("python_calculator", {"input": "6*7"})), "It is 42.")
    argv = ["run", "--agent", "function", "--base-url", fake_server.base_url, "6*7?"]
    assert main([*argv, "--temperature", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "→ python_calculator(" in out and "← 42" in out and "answer: It is 42." in out
    assert fake_server.chat_requests[0].body["temperature"] == 0.3


def test_run_function_agent_with_the_forced_strategy(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(
        tool_calls(tool_call("python_calculator", {"input": "6*7"})),
        tool_calls(tool_call("final_answer", {"answer": "It is 42."})),
    )
    argv = ["run", "--agent", "function", "--base-url", fake_server.base_url, "6*7?"]
    assert main([*argv, "--tool-call-strategy", "forced"]) == 0
    assert "answer: It is 42." in capsys.readouterr().out
    first = fake_server.chat_requests[0].body
    assert first["tool_choice"] == "required"
    assert first["messages"][-1] == {"role": "assistant", "content": "<tool_call>\n"}


def test_the_cli_offers_every_tool_call_strategy() -> None:
    assert ("auto", *STRATEGIES) == TOOL_CALL_STRATEGIES


def test_quiet_prints_only_the_answer(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("Hello there.")
    argv = [
        "run",
        "--agent",
        "simple",
        "--tools",
        "none",
        "--quiet",
        "--base-url",
        fake_server.base_url,
    ]
    assert main([*argv, "hi"]) == 0
    assert capsys.readouterr().out == "Hello there.\n"


def test_chat_keeps_history(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("First.", "Second.")
    arguments = build_parser().parse_args(
        [
            "chat",
            "--agent",
            "simple",
            "--tools",
            "none",
            "--quiet",
            "--base-url",
            fake_server.base_url,
        ]
    )
    assert command_chat(arguments, stdin=io.StringIO("one\ntwo\n\n")) == 0
    assert "First." in capsys.readouterr().out
    assert [m["content"] for m in fake_server.chat_requests[1].body["messages"]] == [
        "one",
        "First.",
        "two",
    ]


def test_chat_shows_each_tool_call_once_per_turn(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    call = tool_calls(tool_call("python_calculator", {"input": "6*7"}))
    fake_server.add(call, "It is 42.", call, "Still 42.")
    arguments = build_parser().parse_args(["chat", "--base-url", fake_server.base_url])
    assert command_chat(arguments, stdin=io.StringIO("6*7?\nAgain?\n\n")) == 0
    out = capsys.readouterr().out
    assert out.count("→ python_calculator(") == 2 and out.count("← 42") == 2


def test_unknown_tool_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["run", "--tools", "calculator,weather", "--base-url", "http://127.0.0.1:9/v1", "q"]
    assert main(argv) == 1
    assert "unknown tool 'weather'" in capsys.readouterr().err


def test_doctor_redacts_keys(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-very-secret-key")
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "provider: deepseek" in out and "api_key: set (redacted)" in out
    assert "because DEEPSEEK_API_KEY is set" in out and "sk-very-secret-key" not in out
    assert "extras:" in out and "local:" in out


def test_run_says_whether_the_small_model_aids_are_on(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("1776", "1776")
    argv = ["run", "--base-url", fake_server.base_url, "--model", "m", "48 pencils?"]
    assert main(argv) == 0
    assert "small-model aids: off: the model's size is not known" in capsys.readouterr().out
    assert main([*argv, "--small-model-aids", "on"]) == 0
    assert "small-model aids: on: small_model_aids=True" in capsys.readouterr().out


def test_run_without_tools_says_the_aids_are_off_as_its_record_does(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("1776")
    argv = ["run", "--base-url", fake_server.base_url, "--model", "m", "--agent", "function"]
    assert main([*argv, "--tools", "none", "--small-model-aids", "on", "48 pencils?"]) == 0
    assert "small-model aids: off: the run has no tools" in capsys.readouterr().out


# ---- a run that ends without an answer ---------------------------------------------


def always(reply: str) -> FakeOpenAIServer:
    return FakeOpenAIServer(responder=lambda body: reply)


def test_a_react_run_out_of_steps_exits_3_and_says_what_to_try(
    capsys: pytest.CaptureFixture[str],
) -> None:
    action = "Thought: compute it.\nAction: python_calculator[capital of Australia]"
    with always(action) as server:
        argv = ["run", "--agent", "react", "--base-url", server.base_url, "--model", "m"]
        code = main([*argv, "Capital of Australia?"])
    captured = capsys.readouterr()
    assert code == 3
    assert "stopped: I could not finish the task within 5 steps." in captured.out
    assert "answer:" not in captured.out
    assert "no answer: the agent used all its steps" in captured.err
    assert "--tools none, or --agent simple" in captured.err
    assert "--max-steps 10" in captured.err
    assert "a stronger model: --model NAME" in captured.err


def test_replies_that_never_parse_exit_3_without_suggesting_more_steps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with always("Hmm.\nAction:\nThought:") as server:
        argv = ["run", "--agent", "react", "--base-url", server.base_url, "--quiet"]
        code = main([*argv, "Capital of Australia?"])
    err = capsys.readouterr().err
    assert code == 3
    assert "(stopped_reason: format_errors)" in err
    assert "--max-steps" not in err


def test_a_run_on_the_embedded_model_is_pointed_to_a_larger_one() -> None:
    advice = what_to_try(
        "format_errors", paradigm="react", tools=[], max_steps=5, provider="embedded"
    )
    assert "HELLO_AGENTS_LOCAL_MODEL=/path/to/model.gguf" in advice
    assert "an API key in .env" in advice
    assert "--tools none" not in advice  # it had no tools
    assert "--max-steps" not in advice  # its steps did not run out


def test_an_answer_after_the_last_tool_round_is_an_answer(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(tool_calls(tool_call("python_calculator", {"input": "6*7"})), "It is 42.")
    argv = ["run", "--agent", "function", "--max-steps", "1", "--base-url", fake_server.base_url]
    assert main([*argv, "6*7?"]) == 0
    captured = capsys.readouterr()
    assert "answer: It is 42." in captured.out and "no answer" not in captured.err


def test_chat_says_what_to_try_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    with always("Hmm.\nAction:\nThought:") as server:
        argv = ["chat", "--agent", "react", "--base-url", server.base_url]
        arguments = build_parser().parse_args(argv)
        assert command_chat(arguments, stdin=io.StringIO("one\ntwo\n\n")) == 0
    assert capsys.readouterr().err.count("no answer:") == 2


def test_help_shows_examples_and_exit_codes_in_plain_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "``" not in out
    assert "examples:" in out and "hello-agents run" in out and "doctor --chapter 8" in out
    assert "3 the agent stopped without an answer" in out

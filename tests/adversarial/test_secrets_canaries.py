"""Secret canaries: planted in keys and URLs, grepped from every output.

Every rendering a user or a log can see is collected (repr, str, describe(),
error messages, full tracebacks of the chained exceptions, DEBUG logs of every
logger, ``hello-agents doctor``) and must not contain any canary.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from typing import Any

import pytest
from hostile_http import HostileServer, echo_bearer_token

from hello_agents import HelloAgentsLLM
from hello_agents.cli import main as cli_main
from hello_agents.core import LLMException, RetryPolicy
from hello_agents.core.redaction import Redactor, redact_url
from hello_agents.testing import FakeOpenAIServer

pytestmark = pytest.mark.timeout(30)

KEY = "sk-CANARY-key-7f3a9"
PASSWORD = "CANARY-pass-81x"
QUERY_KEY = "CANARY-query-55q"
CANARIES = (KEY, PASSWORD, QUERY_KEY)
HI = [{"role": "user", "content": "hi"}]


def assert_clean(*texts: str) -> None:
    for text in texts:
        for canary in CANARIES:
            assert canary not in text, f"{canary!r} leaked in: {text[:400]!r}"


def renderings(llm: HelloAgentsLLM, error: BaseException | None = None) -> list[str]:
    texts = [repr(llm), str(llm), str(llm.describe())]
    if error is not None:
        texts += [str(error), repr(error), "".join(traceback.format_exception(error))]
    return texts


def failing_call(llm: HelloAgentsLLM, mode: str) -> LLMException:
    with pytest.raises(LLMException) as raised:
        if mode == "invoke":
            llm.invoke(HI)
        elif mode == "stream":
            list(llm.stream_invoke(HI))
        else:
            asyncio.run(llm.ainvoke(HI))
    return raised.value


@pytest.fixture
def debug_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG)
    return caplog


def test_credentials_in_the_base_url_never_show(debug_logs: pytest.LogCaptureFixture) -> None:
    with FakeOpenAIServer(["hello"]) as server:
        url = server.base_url.replace("http://", f"http://bob:{PASSWORD}@")
        llm = HelloAgentsLLM(base_url=url, api_key=KEY, model="m")
        assert llm.invoke(HI) == "hello"
        assert llm.base_url == url  # still sent as given
    assert_clean(*renderings(llm), debug_logs.text)
    assert "bob:***@" in repr(llm)


@pytest.mark.parametrize("mode", ["invoke", "stream", "ainvoke"])
def test_a_key_in_the_query_never_shows(mode: str, debug_logs: pytest.LogCaptureFixture) -> None:
    with FakeOpenAIServer([]) as server:  # answers 404: the SDK appends its path after the query
        url = f"{server.base_url}?api-key={QUERY_KEY}"
        llm = HelloAgentsLLM(base_url=url, api_key=KEY, model="m",
                             retry_policy=RetryPolicy(max_retries=0))  # fmt: skip
        error = failing_call(llm, mode)
    assert_clean(*renderings(llm, error), debug_logs.text)


@pytest.mark.parametrize("mode", ["invoke", "stream", "ainvoke"])
def test_connection_errors_hide_url_credentials(
    mode: str, debug_logs: pytest.LogCaptureFixture
) -> None:
    url = f"http://bob:{PASSWORD}@127.0.0.1:9/v1?token={QUERY_KEY}"
    llm = HelloAgentsLLM(base_url=url, api_key=KEY, retry_policy=RetryPolicy(max_retries=0))
    error = failing_call(llm, mode)
    assert "cannot reach" in str(error)
    assert_clean(*renderings(llm, error), debug_logs.text)


@pytest.mark.parametrize("mode", ["invoke", "stream", "ainvoke"])
def test_a_server_echoing_the_bearer_token_is_redacted_in_the_whole_chain(
    mode: str, debug_logs: pytest.LogCaptureFixture
) -> None:
    with HostileServer(echo_bearer_token) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key=KEY, model="m")
        error = failing_call(llm, mode)
        assert server.requests[0]["headers"]["authorization"] == f"Bearer {KEY}"
    assert "invalid credentials: Bearer ***" in str(error)
    chain: list[Any] = []
    cause: BaseException | None = error
    while cause is not None:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    assert len(chain) > 1  # the original SDK error is kept, redacted
    assert_clean(*renderings(llm, error), debug_logs.text)
    assert_clean(*(str(getattr(link, "body", "")) for link in chain))


def test_a_key_assigned_by_a_subclass_never_shows(debug_logs: pytest.LogCaptureFixture) -> None:
    class Assigned(HelloAgentsLLM):
        def __init__(self, url: str) -> None:
            self.provider, self.model, self.base_url = "custom", "m", url
            self.api_key = KEY
            self.retry_policy = RetryPolicy(max_retries=0)

    with HostileServer(echo_bearer_token) as server:
        llm = Assigned(server.base_url)
        error = failing_call(llm, "invoke")
    assert_clean(*renderings(llm, error), debug_logs.text)


def test_doctor_output_is_redacted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LLM_BASE_URL", f"https://bob:{PASSWORD}@llm.example/v1?key={QUERY_KEY}")
    monkeypatch.setenv("LLM_API_KEY", KEY)
    assert cli_main(["doctor"]) == 0
    output = capsys.readouterr().out
    assert "llm.example" in output
    assert_clean(output)


def test_doctor_error_is_redacted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LLM_BASE_URL", f"http://bob:{PASSWORD}@/v1?api_key={QUERY_KEY}")
    assert cli_main(["doctor"]) == 0
    output = capsys.readouterr().out
    assert "not usable" in output
    assert_clean(output)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://u:p4ss@h/v1", "http://u:***@h/v1"),
        ("http://t0ken-only@h/v1", "http://***@h/v1"),
        ("https://h/v1?api-key=abc&x=1", "https://h/v1?api-key=***&x=1"),
        ("https://h/v1?x=1&KEY=abc", "https://h/v1?x=1&KEY=***"),
        ("https://h/v1?access_token=abc#f", "https://h/v1?access_token=***#f"),
        ("https://h/v1?monkey=abc", "https://h/v1?monkey=abc"),
    ],
)
def test_redact_url(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_redactor_scrubs_args_body_and_notes_through_the_chain() -> None:
    inner = ValueError(f"token {KEY} refused")
    outer = RuntimeError("wrapped")
    outer.__cause__ = inner
    outer.body = {"error": {"message": KEY}}  # type: ignore[attr-defined]
    outer.add_note(f"url http://x:{PASSWORD}@h")
    Redactor([KEY]).exception(outer)
    assert_clean("".join(traceback.format_exception(outer)), str(outer.body))  # type: ignore[attr-defined]


def test_url_credentials_echoed_as_basic_auth_are_redacted() -> None:
    with HostileServer(echo_bearer_token) as server:
        url = server.base_url.replace("http://", f"http://bob:{PASSWORD}@")
        llm = HelloAgentsLLM(base_url=url, api_key=KEY, model="m",
                             retry_policy=RetryPolicy(max_retries=0))  # fmt: skip
        error = failing_call(llm, "invoke")
        echoed = server.requests[0]["headers"]["authorization"]
    encoded = echoed.split()[-1]
    assert "Basic ***" in str(error) or encoded not in str(error)
    for text in renderings(llm, error):
        assert encoded not in text

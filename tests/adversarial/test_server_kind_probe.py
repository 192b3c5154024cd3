"""Asking a server what it is never hangs or raises, whatever it answers.

The probe (hello_agents/local/server_kind.py) runs before the first call to a
self-hosted server; a server that trickles, stalls or answers bytes that are
not HTTP is taken for an unknown kind within the probe's deadline.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from hostile_http import Behaviour, HostileServer, garbage, headers_then_silence, trickle_forever

from hello_agents import HelloAgentsLLM
from hello_agents.core import LLMTimeoutError, RetryPolicy
from hello_agents.local import server_kind as kinds

pytestmark = pytest.mark.timeout(30)


@pytest.fixture(autouse=True)
def fresh_kinds() -> Iterator[None]:
    kinds.forget_server_kinds()
    yield
    kinds.forget_server_kinds()


@pytest.mark.parametrize("behaviour", [trickle_forever, headers_then_silence, garbage])
def test_a_hostile_server_is_an_unknown_kind_within_the_deadline(behaviour: Behaviour) -> None:
    with HostileServer(behaviour) as server:
        started = time.monotonic()
        found = kinds.server_kind(server.base_url)
        elapsed = time.monotonic() - started
        assert found is None
        assert elapsed < kinds.PROBE_DEADLINE_S + 1.0, elapsed
        # Asked once: the answer is kept.
        asked = len(server.requests)
        assert kinds.server_kind(server.base_url) is None
        assert len(server.requests) == asked


def test_a_call_to_a_trickling_server_is_not_held_by_the_probe() -> None:
    with HostileServer(trickle_forever) as server:
        llm = HelloAgentsLLM(
            base_url=server.base_url,
            api_key="k",
            model="m",
            timeout=1.0,
            retry_policy=RetryPolicy(max_retries=0),
        )
        started = time.monotonic()
        with pytest.raises(LLMTimeoutError, match=r"within 1s"):
            llm.invoke([{"role": "user", "content": "hi"}])
    assert time.monotonic() - started < kinds.PROBE_DEADLINE_S + 4.0

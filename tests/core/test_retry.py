"""RetryPolicy: backoff, Retry-After and the total budget."""

from __future__ import annotations

import pytest

from hello_agents.core.retry import RetryPolicy, parse_retry_after


def test_backoff_doubles_with_jitter_and_is_capped() -> None:
    policy = RetryPolicy(initial_delay=1.0, max_delay=3.0)
    assert 0.75 <= policy.delay(1) <= 1.0
    assert 1.5 <= policy.delay(2) <= 2.0
    assert policy.delay(5) == 3.0


def test_retry_after_wins_but_is_capped() -> None:
    policy = RetryPolicy(initial_delay=1.0, max_delay=10.0)
    assert policy.delay(1, retry_after=4.0) == 4.0
    assert policy.delay(1, retry_after=60.0) == 10.0


def test_budgets() -> None:
    policy = RetryPolicy(max_retries=2, total_budget=5.0)
    assert policy.should_retry(1, elapsed=1.0, wait=1.0)
    assert not policy.should_retry(3, elapsed=0.0, wait=0.0)
    assert not policy.should_retry(1, elapsed=4.5, wait=1.0)
    assert RetryPolicy(total_budget=None).should_retry(1, elapsed=1e9, wait=1.0)


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after": "2"}, 2.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(headers: dict[str, str], seconds: float | None) -> None:
    assert parse_retry_after(headers) == seconds


def test_invalid_policies_are_rejected() -> None:
    with pytest.raises(ValueError):
        RetryPolicy(max_retries=-1)
    with pytest.raises(ValueError):
        RetryPolicy(total_budget=0)

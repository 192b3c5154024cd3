"""A corpus written apart about things asked for by their code (``_corpus_codes.py``):
a shop and travel desk whose tools look up orders, tickets, products and flights.

Its correct answers come from requests that mention codes the run does not need (a booking
reference, a seat, another order) beside what they ask; its stopped-short runs never looked
up the code the request was about. With the aids off, every run stands at minimal cost on
the four tool-call strategies; with them on, the corpus is held to the counts it gave when
first run (docs/small-model-aids.md, "How precision is checked"). It is held out: its file
is kept as written (its hash is checked), and its runs are counted, not read.
"""

from __future__ import annotations

import datetime
import hashlib
from pathlib import Path

import _corpus_codes
import pytest
from test_answers_stand import Case, corpus
from test_answers_stand_apart import caught, sent_back, stands_at_minimal_cost

from hello_agents import CalculatorTool
from hello_agents.tools.registry import ToolRegistry

SHA256 = "18f7c03570d63beb45994af4e8030ff8f279c05ff3b544a724ae93afdd640516"
"""The corpus file's hash, taken when it arrived, before its first run."""

MOST_SENT_BACK = 0
"""Correct answers the aids may alter, at most (of the corpus's 80 in ``STAND``): none was
altered on its first run, with ``UnusedCodes`` among the checks, nor before that check."""

FEWEST_CAUGHT = 18
"""Stopped-short runs the aids must act on, at least (of its 40 in ``SHORT``): 18 on its
first run with ``UnusedCodes``, 1 on the code before that check."""


def codes_tools() -> ToolRegistry:
    """The tools the corpus's runs call, returning what its writer was told they return."""
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())

    @registry.tool
    def order_status(order_id: str) -> str:
        """An order's status, items and total.

        Args:
            order_id: The order's id.
        """
        return f"order {order_id.upper()}: shipped 2025-03-14, 3 items, total 4599 cents"

    @registry.tool
    def ticket_info(ticket: str) -> str:
        """A support ticket's state, priority and assignee.

        Args:
            ticket: The ticket's id.
        """
        return f"ticket {ticket.upper()}: open, priority 2, assigned to Dana Whit"

    @registry.tool
    def product_info(sku: str) -> str:
        """A product's price and stock, by its SKU.

        Args:
            sku: The product's SKU.
        """
        return f"{sku.upper()}: price 1250 cents, 17 in stock"

    @registry.tool
    def flight_status(flight: str) -> str:
        """A flight's departure time, gate and status.

        Args:
            flight: The flight number.
        """
        return f"flight {flight.upper()}: departs 14:35 from gate D7, on time"

    @registry.tool
    def weekday(date: str) -> str:
        """The day of the week of a date.

        Args:
            date: The date, YYYY-MM-DD.
        """
        return datetime.date.fromisoformat(date).strftime("%A")

    @registry.tool
    def add_days(date: str, days: int) -> str:
        """The date some days after another.

        Args:
            date: The date, YYYY-MM-DD.
            days: How many days later.
        """
        return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    return registry


STAND = corpus(_corpus_codes.STAND, [], [])
SHORT = corpus(_corpus_codes.SHORT, [], [])


def test_the_corpus_is_as_written() -> None:
    path = Path(_corpus_codes.__file__)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == SHA256


@pytest.mark.parametrize("case", STAND + SHORT, ids=[case.id for case in STAND + SHORT])
def test_without_the_aids_every_run_stands_at_minimal_cost(case: Case) -> None:
    assert stands_at_minimal_cost(case, codes_tools)


def test_with_the_aids_the_counts_hold() -> None:
    assert len(sent_back(STAND, codes_tools)) <= MOST_SENT_BACK
    assert len(caught(SHORT, codes_tools)) >= FEWEST_CAUGHT

"""ContextBuilder at 10, 100 and 1,000 turns: build time, budget adherence, needle survival.

For each history length, several trials plant one "needle" (a fact only one
turn states) at a different position among realistic project-chat turns, then
ask about it. We measure:

* build time per call (median, ms), against the time to count the tokens of the
  whole history once (the least any budget-aware builder must do);
* budget adherence: the largest built context as a share of the budget (must
  be <= 100 %: the run fails otherwise);
* needle survival: how often the needle's fact is in the built context, verbatim
  or in the compressed summary, against the tutorial's rule of keeping the last
  five messages.

Run it with::

    python benchmarks/context_build.py            # 10, 100, 1000 turns, 20 trials each
    python benchmarks/context_build.py --trials 5

Token counts are exact (tiktoken) with the ``tokens`` extra, else estimated.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass

from hello_agents.context import ContextBuilder, ContextConfig
from hello_agents.core.message import Message

TOPICS = [
    "the login page", "the CSV export", "the nightly job", "the API rate limits",
    "the test suite", "the Docker image", "the caching layer", "the billing report",
    # distractors: they share words with the questions below
    "the staging password reset page", "the payments on-call rota", "the vendor contract review",
    "the checkout feature flags", "the map tiles database",
]  # fmt: skip
ACTIONS = [
    "I looked at {topic} again and it still feels slow on large inputs.",
    "Can we split {topic} into smaller pieces before the release?",
    "The review of {topic} found two naming issues and one missing test.",
    "Let's postpone {topic} until the design discussion on Thursday.",
    "I pushed a small fix to {topic}; please have a look when you can.",
    "Lunch today? We could also talk about {topic} on the way.",
]
NEEDLES = [
    ("The staging database password rotates every Tuesday at 09:00.",
     "When does the staging database password rotate?", "Tuesday at 09:00"),
    ("Our on-call escalation number for payments is extension 4471.",
     "What is the on-call escalation number for payments?", "4471"),
    ("The vendor contract for the map tiles expires on 30 November.",
     "When does the map tiles vendor contract expire?", "30 November"),
    ("Feature flag checkout_v2 must stay disabled for Brazilian stores.",
     "Which stores must keep the checkout_v2 feature flag disabled?", "Brazilian"),
]  # fmt: skip
MAX_TOKENS, RESERVE = 2000, 0.2


@dataclass
class Row:
    turns: int
    median_ms: float
    count_ms: float
    worst_share: float
    kept: int
    kept_baseline: int
    trials: int


def history(turns: int, rng: random.Random) -> list[Message]:
    messages = []
    for index in range(turns):
        text = rng.choice(ACTIONS).format(topic=rng.choice(TOPICS))
        messages.append(Message(text, "user" if index % 2 == 0 else "assistant"))
    return messages


def run(
    turn_counts: tuple[int, ...], trials: int, min_relevance: float, seed: int = 7
) -> list[Row]:
    rng = random.Random(seed)
    config = ContextConfig(
        max_tokens=MAX_TOKENS, reserve_ratio=RESERVE, min_relevance=min_relevance
    )
    rows = []
    for turns in turn_counts:
        times, count_times, shares = [], [], []
        kept = kept_baseline = 0
        for trial in range(trials):
            needle, question, fact = NEEDLES[trial % len(NEEDLES)]
            messages = history(turns, rng)
            position = rng.randrange(turns)
            messages[position] = Message(needle, "user")
            builder = ContextBuilder(config=config)
            started = time.perf_counter()
            result = builder.build_result(question, messages, "You are the team's assistant.")
            times.append(time.perf_counter() - started)
            started = time.perf_counter()
            for message in messages:
                builder.count_tokens(message.content)
            count_times.append(time.perf_counter() - started)
            shares.append(result.tokens / result.budget)
            kept += fact in result.text
            kept_baseline += any(fact in m.content for m in messages[-5:])
        rows.append(
            Row(
                turns,
                statistics.median(times) * 1000,
                statistics.median(count_times) * 1000,
                max(shares),
                kept,
                kept_baseline,
                trials,
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 100, 1000])
    arguments = parser.parse_args(argv)
    counter = ContextBuilder().counter
    budget = ContextConfig(max_tokens=MAX_TOKENS, reserve_ratio=RESERVE).budget
    print(
        f"budget {budget} tokens (max_tokens={MAX_TOKENS}, reserve_ratio={RESERVE}); "
        f"token counts {'exact: ' + str(counter.encoding_name) if counter.exact else 'estimated'}"
    )
    over = False
    for min_relevance, label in [
        (0.1, "default (min_relevance=0.1)"),
        (0.0, "every turn a candidate (min_relevance=0): the budget binds"),
    ]:
        print(f"\n{label}")
        print(
            f"{'turns':>6} {'build ms':>9} {'count-all ms':>13} {'ratio':>6} "
            f"{'worst/budget':>13} {'needle kept':>12} {'last-5 rule':>12}"
        )
        for row in run(tuple(arguments.turns), arguments.trials, min_relevance):
            ratio = row.median_ms / row.count_ms if row.count_ms else float("inf")
            over |= row.worst_share > 1.0
            print(
                f"{row.turns:>6} {row.median_ms:>9.1f} {row.count_ms:>13.1f} {ratio:>5.1f}x "
                f"{row.worst_share:>12.1%} {row.kept:>5}/{row.trials:<6} "
                f"{row.kept_baseline:>5}/{row.trials:<6}"
            )
    print("never over budget" if not over else "OVER BUDGET: a built context exceeded it")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())

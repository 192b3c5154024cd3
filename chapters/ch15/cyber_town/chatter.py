"""NPC-to-NPC chatter, batched: one model call writes the exchanges of several pairs.

Every tick the batcher takes the next pairs of NPCs in turn (round robin, so every
pair gets its turn), groups them ``pairs_per_call`` to a call, and makes at most
``calls_per_tick`` model calls: that is the budget, and a tick never exceeds it.
Pairs beyond the budget wait for the next tick. A pair whose lines the model did
not write (or a call that failed) gets lines from presets, without another call.

The reply is read line by line, ``Speaker -> Listener: words``; lines naming
someone outside the call's pairs are dropped.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime

from cyber_town.npcs import NPCRole
from hello_agents.core.llm import BaseLLM

logger = logging.getLogger(__name__)

Pair = tuple[str, str]

CHATTER_SYSTEM_PROMPT = (
    "You write the background chatter of the colleagues in an office town game: short, "
    "natural lines that fit each person's job and mood."
)

CHATTER_USER_PROMPT = """Scene: {scene}

People:
{people}

Write {lines} lines for each of these conversations, taking turns, the first named speaking first:
{pairs}

Write every line as `Speaker -> Listener: words` on its own line, at most 25 words,
in Chinese or English, and nothing else."""

_LINE = re.compile(
    r"^\W*(?P<speaker>[^\s:：>-]+)\s*(?:->|→|对)\s*"  # Speaker ->
    r"(?P<listener>[^\s:：]+)\s*[:：]\s*(?P<text>.+?)\s*$"  # Listener: words
)

LINE_TOKENS = 45  # a line of at most 25 words, in Chinese or English, with its names

PRESET_LINES = (
    "{listener}, got a minute after I finish {activity}?",
    "Sure, {listener}. Give me ten minutes, I'm in the middle of {activity}.",
    "{listener}, did you see the new plan for this week?",
    "Not yet, {listener}. Send it over and I'll read it after {activity}.",
)


@dataclass(frozen=True)
class ChatterLine:
    """One line of chatter."""

    speaker: str
    listener: str
    text: str
    source: str = "model"

    def to_dict(self) -> dict[str, str]:
        """JSON-ready."""
        return asdict(self)


@dataclass
class ChatterTick:
    """What one tick produced, and what it cost.

    Attributes:
        number: The tick's number (from 1).
        at: When it ran.
        scene: The scene given to the model.
        pairs: The pairs that spoke.
        lines: Their lines, in order.
        model_calls: Calls made (never more than the budget).
        budget: The budget of the tick.
        fallback_pairs: Pairs whose lines came from presets.
    """

    number: int
    at: datetime
    scene: str
    pairs: list[Pair] = field(default_factory=list)
    lines: list[ChatterLine] = field(default_factory=list)
    model_calls: int = 0
    budget: int = 0
    fallback_pairs: list[Pair] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "number": self.number,
            "at": self.at.isoformat(timespec="seconds"),
            "scene": self.scene,
            "pairs": [list(pair) for pair in self.pairs],
            "lines": [line.to_dict() for line in self.lines],
            "model_calls": self.model_calls,
            "budget": self.budget,
            "fallback_pairs": [list(pair) for pair in self.fallback_pairs],
        }


def all_pairs(names: Sequence[str]) -> list[Pair]:
    """Every pair of NPCs once, in round-robin order: pairs next to each other share
    nobody where possible, so one call's pairs are different people talking."""
    people: list[str | None] = list(names) + ([None] if len(names) % 2 else [])
    order: list[Pair] = []
    for _ in range(len(people) - 1):
        half = len(people) // 2
        for first, second in zip(people[:half], reversed(people[half:]), strict=True):
            if first is not None and second is not None:
                order.append((first, second))
        people = [people[0], people[-1], *people[1:-1]]  # the circle method: all but one turn
    return order


def plan_batches(
    pairs: Sequence[Pair], cursor: int, calls: int, pairs_per_call: int
) -> tuple[list[list[Pair]], int]:
    """The next pairs in turn, grouped into at most ``calls`` batches.

    Args:
        pairs: Every pair, in order.
        cursor: Where the previous tick stopped.
        calls: The budget: how many batches (model calls) at most.
        pairs_per_call: The most pairs of one batch.

    Returns:
        The batches (no pair twice in one tick) and the cursor for the next tick.
    """
    if not pairs or calls <= 0:
        return [], cursor
    take = min(len(pairs), calls * pairs_per_call)
    chosen = [pairs[(cursor + offset) % len(pairs)] for offset in range(take)]
    batches = [chosen[start : start + pairs_per_call] for start in range(0, take, pairs_per_call)]
    return batches, (cursor + take) % len(pairs)


def parse_chatter(reply: str, pairs: Sequence[Pair], lines_per_pair: int) -> list[ChatterLine]:
    """The lines of ``reply`` that belong to ``pairs`` (``A -> B: words`` either way round).

    At most ``lines_per_pair`` per pair; other lines are dropped.
    """
    wanted = {frozenset(pair) for pair in pairs}
    counts: dict[frozenset[str], int] = {}
    found: list[ChatterLine] = []
    for raw in reply.splitlines():
        match = _LINE.match(raw.strip().strip("`*"))
        if match is None:
            continue
        speaker, listener = match["speaker"].strip("*`"), match["listener"].strip("*`")
        key = frozenset((speaker, listener))
        if speaker == listener or key not in wanted or counts.get(key, 0) >= lines_per_pair:
            continue
        text = re.sub(r"^[\s*`\"“]+|[\s*`\"”]+$", "", match["text"])
        if text:
            counts[key] = counts.get(key, 0) + 1
            found.append(ChatterLine(speaker, listener, text))
    return found


def preset_lines(pair: Pair, roles: dict[str, NPCRole], lines_per_pair: int) -> list[ChatterLine]:
    """Lines for a pair the model did not write, from :data:`PRESET_LINES`."""
    first, second = pair
    out = []
    for index in range(lines_per_pair):
        speaker, listener = (first, second) if index % 2 == 0 else (second, first)
        text = PRESET_LINES[index % len(PRESET_LINES)].format(
            listener=listener, activity=roles[speaker].activity
        )
        out.append(ChatterLine(speaker, listener, text, "preset"))
    return out


def scene_for(hour: int) -> str:
    """The scene of an hour of the day."""
    if 6 <= hour < 9:
        return "early morning, people arrive at the office and get ready for the day"
    if 9 <= hour < 12:
        return "morning work time, everyone is focused and busy"
    if 12 <= hour < 14:
        return "lunch break, people relax and chat"
    if 14 <= hour < 18:
        return "afternoon work time, a coffee helps"
    if 18 <= hour < 21:
        return "evening, people wrap up the day and plan tomorrow"
    return "night, the office is quiet and a few people work late"


class ChatterBatcher:
    """Writes the chatter of NPC pairs, several pairs per model call, under a budget.

    Args:
        llm: The model (``None``: presets only, no call).
        roles: The NPCs by name.
        calls_per_tick: The most model calls per tick (the budget).
        pairs_per_call: Pairs written by one call.
        lines_per_pair: Lines each pair says per tick.
    """

    def __init__(
        self,
        llm: BaseLLM | None,
        roles: dict[str, NPCRole],
        calls_per_tick: int = 1,
        pairs_per_call: int = 3,
        lines_per_pair: int = 2,
    ) -> None:
        self.llm = llm
        self.roles = roles
        self.calls_per_tick = calls_per_tick
        self.pairs_per_call = pairs_per_call
        self.lines_per_pair = lines_per_pair
        self.pairs = all_pairs(list(roles))
        self.ticks = 0
        self.total_calls = 0
        self._cursor = 0

    def tick(self, now: datetime | None = None) -> ChatterTick:
        """One tick: the next pairs speak; at most ``calls_per_tick`` model calls."""
        now = now or datetime.now()
        self.ticks += 1
        budget = self.calls_per_tick if self.llm is not None else 0
        result = ChatterTick(self.ticks, now, scene_for(now.hour), budget=budget)
        batches, self._cursor = plan_batches(
            self.pairs, self._cursor, max(budget, 1), self.pairs_per_call
        )
        for batch in batches:
            written: list[ChatterLine] = []
            if budget > result.model_calls:
                result.model_calls += 1
                self.total_calls += 1
                written = self._write(batch, result.scene)
            for pair in batch:
                lines = [line for line in written if {line.speaker, line.listener} == set(pair)]
                if not lines:
                    result.fallback_pairs.append(pair)
                    lines = preset_lines(pair, self.roles, self.lines_per_pair)
                result.pairs.append(pair)
                result.lines += lines
        return result

    def build_prompt(self, batch: Sequence[Pair], scene: str) -> str:
        """The user message of one call."""
        names = sorted({name for pair in batch for name in pair}, key=list(self.roles).index)
        people = "\n".join(
            f"- {name} ({self.roles[name].title}), at the {self.roles[name].location}, "
            f"{self.roles[name].activity}; {self.roles[name].personality}"
            for name in names
        )
        pairs = "\n".join(f"- {first} and {second}" for first, second in batch)
        return CHATTER_USER_PROMPT.format(
            scene=scene, people=people, lines=self.lines_per_pair, pairs=pairs
        )

    def _write(self, batch: Sequence[Pair], scene: str) -> list[ChatterLine]:
        assert self.llm is not None
        try:
            reply = self.llm.invoke(
                [
                    {"role": "system", "content": CHATTER_SYSTEM_PROMPT},
                    {"role": "user", "content": self.build_prompt(batch, scene)},
                ],
                max_tokens=LINE_TOKENS * self.lines_per_pair * len(batch),
            )
        except Exception as error:  # a failed call costs its place in the budget, no retry
            logger.warning("chatter: the model call failed (%s); using presets", error)
            return []
        return parse_chatter(reply, batch, self.lines_per_pair)


__all__ = [
    "CHATTER_SYSTEM_PROMPT",
    "CHATTER_USER_PROMPT",
    "ChatterBatcher",
    "ChatterLine",
    "ChatterTick",
    "all_pairs",
    "parse_chatter",
    "plan_batches",
    "preset_lines",
    "scene_for",
]

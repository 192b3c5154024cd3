"""Affinity (好感度): how much each NPC likes each player, as explicit, bounded, logged state.

* A score from 0 to 100 per (NPC, player), starting at ``AFFINITY_START`` (50).
* Five levels, the tutorial's: 0-20 陌生 (stranger), 21-40 熟悉 (acquaintance),
  41-60 友好 (friendly), 61-80 亲密 (close), 81-100 挚友 (best friend). The level
  rewrites how the NPC talks (:attr:`AffinityLevel.style`).
* A judge reads each exchange and proposes a change with a sentiment and a reason:
  :class:`RuleJudge` (keywords, no model call) or :class:`ModelJudge` (the model
  answers in JSON, checked against a schema; anything else falls back to the rules).
* :func:`apply_change` bounds every step (``max_step``) and the score (0..100).
* :class:`RelationshipManager` keeps the scores in SQLite (they survive a restart)
  and writes every change, with its reason and who made it, to a log table.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import threading
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field, ValidationError

from hello_agents.core.llm import BaseLLM

logger = logging.getLogger(__name__)

MIN_AFFINITY = 0.0
MAX_AFFINITY = 100.0
DEFAULT_AFFINITY = 50.0
DEFAULT_MAX_STEP = 10

Sentiment = Literal["positive", "neutral", "negative"]


@dataclass(frozen=True)
class AffinityLevel:
    """One of the five levels.

    Attributes:
        name: The tutorial's name (陌生, 熟悉, 友好, 亲密, 挚友).
        english: The same in English.
        upper: The highest score of the level.
        style: How the NPC talks at this level (put into its prompt).
    """

    name: str
    english: str
    upper: float
    style: str


LEVELS: tuple[AffinityLevel, ...] = (
    AffinityLevel(
        "陌生", "stranger", 20,
        "You barely know this player: polite, brief and a little reserved.",
    ),
    AffinityLevel(
        "熟悉", "acquaintance", 40,
        "You have met this player before: polite and friendly, normal small talk.",
    ),
    AffinityLevel(
        "友好", "friendly", 60,
        "You like this player: warm and open, happy to share what you are working on.",
    ),
    AffinityLevel(
        "亲密", "close", 80,
        "You are close to this player: relaxed, joking, sharing personal thoughts.",
    ),
    AffinityLevel(
        "挚友", "best friend", 100,
        "This player is your best friend: very warm, caring, full of trust.",
    ),
)  # fmt: skip


def affinity_level(score: float) -> AffinityLevel:
    """The level of a score (0-20 陌生, 21-40 熟悉, 41-60 友好, 61-80 亲密, 81-100 挚友)."""
    for level in LEVELS:
        if score <= level.upper:
            return level
    return LEVELS[-1]


def apply_change(score: float, change: float, max_step: float = DEFAULT_MAX_STEP) -> float:
    """The score after ``change``: the step cut to ``±max_step``, the result to 0..100."""
    step = max(-max_step, min(max_step, change))
    return max(MIN_AFFINITY, min(MAX_AFFINITY, score + step))


@dataclass(frozen=True)
class AffinityJudgement:
    """What a judge made of one exchange.

    Attributes:
        change: The proposed change (before bounding).
        sentiment: ``positive``, ``neutral`` or ``negative``.
        reason: Why, in a few words (it goes to the log).
        source: Which judge decided (``rules``, ``model``, ``model->rules`` ...).
    """

    change: int
    sentiment: Sentiment
    reason: str
    source: str = "rules"


class AffinityJudge(Protocol):
    """Reads one exchange and proposes an affinity change."""

    def judge(self, npc_name: str, player_message: str, npc_reply: str) -> AffinityJudgement:
        """The judgement of one exchange."""
        ...


# Words that move affinity, in the two languages the town speaks. Strong ones first.
_STRONG_POSITIVE = re.compile(
    r"thank you so much|love (it|this|you)|amazing|awesome|brilliant|you('| a)re the best|"
    r"非常感谢|太感谢|太棒了|太厉害|佩服|崇拜|喜欢你",
    re.IGNORECASE,
)
_POSITIVE = re.compile(
    r"\b(thanks?|great|nice|cool|good job|well done|please|appreciate|interesting|helpful|"
    r"hello|hi|hey)\b|谢谢|感谢|厉害|不错|好棒|辛苦|请问|你好|有意思|学到了",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(
    r"\b(stupid|idiot|useless|boring|shut up|hate|dumb|awful|terrible|rubbish)\b|"
    r"笨|蠢|傻|垃圾|无聊|闭嘴|讨厌|滚|没用|烦",
    re.IGNORECASE,
)


class RuleJudge:
    """The tutorial's three outcomes (+5 / +2 / -3 and worse) from keywords: no model call.

    A strong compliment is +5, a friendly or polite word +2, an insult -5 (-8 with
    several), anything else no change.
    """

    def judge(self, npc_name: str, player_message: str, npc_reply: str) -> AffinityJudgement:
        insults = len(_NEGATIVE.findall(player_message))
        if insults:
            change = -8 if insults > 1 else -5
            return AffinityJudgement(change, "negative", "the player was rude", "rules")
        if _STRONG_POSITIVE.search(player_message):
            return AffinityJudgement(5, "positive", "the player was very kind", "rules")
        if _POSITIVE.search(player_message):
            return AffinityJudgement(2, "positive", "the player was friendly", "rules")
        return AffinityJudgement(0, "neutral", "an ordinary exchange", "rules")


JUDGE_SYSTEM_PROMPT = """You judge how one message of a player changes an NPC's affinity.
Answer with one JSON object and nothing else, of this shape:
{"sentiment": "positive" | "neutral" | "negative",
 "change": <integer from -10 to 10>, "reason": "<at most 12 words>"}
Kind, curious or polite: +2; warm praise or real thanks: +5; rude or hostile: -3 to -10;
ordinary: 0."""

JUDGE_USER_PROMPT = """NPC: {npc_name}
Player: {player_message}
{npc_name}: {npc_reply}"""


class JudgeAnswer(BaseModel):
    """The JSON a model judge must write."""

    sentiment: Sentiment
    change: int = Field(ge=-10, le=10)
    reason: str = Field(min_length=1, max_length=200)


class ModelJudge:
    """Asks the model for a JSON judgement; falls back to :class:`RuleJudge` on anything else.

    Args:
        llm: The model.
        fallback: The judge used when the model's answer is not valid JSON of
            :class:`JudgeAnswer`'s shape (its source then reads ``model->rules``).
    """

    def __init__(self, llm: BaseLLM, fallback: AffinityJudge | None = None) -> None:
        self.llm = llm
        self.fallback = fallback or RuleJudge()

    def judge(self, npc_name: str, player_message: str, npc_reply: str) -> AffinityJudgement:
        prompt = JUDGE_USER_PROMPT.format(
            npc_name=npc_name, player_message=player_message, npc_reply=npc_reply
        )
        try:
            reply = self.llm.invoke(
                [
                    {"role": "system", "content": JUDGE_SYSTEM_PROMPT},
                    {"role": "user", "content": prompt},
                ],
                temperature=0.0,
            )
            answer = parse_judge_answer(reply)
        except (ValidationError, ValueError) as error:
            logger.info("affinity judge: the model's answer is unusable (%s); using rules", error)
            ruled = self.fallback.judge(npc_name, player_message, npc_reply)
            return AffinityJudgement(ruled.change, ruled.sentiment, ruled.reason, "model->rules")
        return AffinityJudgement(answer.change, answer.sentiment, answer.reason.strip(), "model")


def parse_judge_answer(reply: str) -> JudgeAnswer:
    """The first JSON object of ``reply``, validated.

    Raises:
        ValueError: No JSON object in the reply.
        ValidationError: The object has the wrong shape.
    """
    match = re.search(r"\{.*?\}", reply, re.DOTALL)
    if match is None:
        raise ValueError(f"no JSON object in {reply[:80]!r}")
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from error
    return JudgeAnswer.model_validate(data)


@dataclass(frozen=True)
class AffinityChange:
    """One logged change of one (NPC, player) score.

    Attributes:
        npc_name: The NPC.
        player_id: The player.
        old: The score before.
        new: The score after (bounded).
        requested: The change the judge (or the caller) asked for.
        reason: Why.
        sentiment: The judge's sentiment (``set`` for a score set by hand).
        source: Who decided (``rules``, ``model``, ``model->rules``, ``api``).
        at: When (UTC, ISO 8601).
    """

    npc_name: str
    player_id: str
    old: float
    new: float
    requested: float
    reason: str
    sentiment: str
    source: str
    at: str

    @property
    def change_amount(self) -> float:
        """The change actually made (after bounding)."""
        return self.new - self.old

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the levels before and after."""
        return {
            **asdict(self),
            "change_amount": self.change_amount,
            "old_level": affinity_level(self.old).name,
            "new_level": affinity_level(self.new).name,
        }


_SCHEMA = """
CREATE TABLE IF NOT EXISTS affinity (
    npc_name TEXT NOT NULL, player_id TEXT NOT NULL, score REAL NOT NULL,
    interactions INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL,
    PRIMARY KEY (npc_name, player_id)
);
CREATE TABLE IF NOT EXISTS affinity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL,
    npc_name TEXT NOT NULL, player_id TEXT NOT NULL, old REAL NOT NULL, new REAL NOT NULL,
    requested REAL NOT NULL, reason TEXT NOT NULL, sentiment TEXT NOT NULL, source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS affinity_log_by_pair ON affinity_log (npc_name, player_id, id);
"""


class RelationshipManager:
    """The affinity of every (NPC, player), in one SQLite file, with a log of every change.

    The tutorial's methods (``get_affinity``, ``get_affinity_level``,
    ``get_affinity_modifier``, ``analyze_and_update_affinity``, ``set_affinity``,
    ``get_all_affinities``) keep their names and arguments.

    Args:
        path: The database file (``":memory:"`` for none).
        judge: Reads each exchange (:class:`RuleJudge` by default).
        start: The score of a player an NPC has not met.
        max_step: The largest change one exchange can make.
    """

    def __init__(
        self,
        path: str | Path = ":memory:",
        judge: AffinityJudge | None = None,
        start: float = DEFAULT_AFFINITY,
        max_step: float = DEFAULT_MAX_STEP,
    ) -> None:
        if not MIN_AFFINITY <= start <= MAX_AFFINITY:
            raise ValueError(f"start must be between 0 and 100, got {start}")
        if max_step <= 0:
            raise ValueError(f"max_step must be positive, got {max_step}")
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self.judge = judge or RuleJudge()
        self.start = start
        self.max_step = max_step
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()

    # ---- the tutorial's reading methods ---------------------------------------------

    def get_affinity(self, npc_name: str, player_id: str = "player") -> float:
        """The score (``start`` for a player the NPC has not met)."""
        with self._lock:
            return self._score(npc_name, player_id)

    def get_affinity_level(self, affinity: float) -> str:
        """The level's name (陌生, 熟悉, 友好, 亲密 or 挚友)."""
        return affinity_level(affinity).name

    def get_affinity_modifier(self, affinity: float) -> str:
        """How the NPC talks at this score."""
        return affinity_level(affinity).style

    def describe(self, npc_name: str, player_id: str = "player") -> dict[str, Any]:
        """Score, level (both languages), style and number of exchanges."""
        with self._lock:
            row = self._db.execute(
                "SELECT score, interactions FROM affinity WHERE npc_name=? AND player_id=?",
                (npc_name, player_id),
            ).fetchone()
        score, interactions = (row[0], row[1]) if row else (self.start, 0)
        level = affinity_level(score)
        return {
            "affinity": score,
            "level": level.name,
            "level_english": level.english,
            "modifier": level.style,
            "interactions": interactions,
        }

    def get_all_affinities(
        self, player_id: str = "player", npc_names: list[str] | None = None
    ) -> dict[str, dict[str, Any]]:
        """Every NPC's (or the named NPCs') affinity towards one player."""
        with self._lock:
            known = {
                row[0]
                for row in self._db.execute(
                    "SELECT npc_name FROM affinity WHERE player_id=?", (player_id,)
                )
            }
        names = npc_names if npc_names is not None else sorted(known)
        return {name: self.describe(name, player_id) for name in names}

    def history(
        self, npc_name: str | None = None, player_id: str | None = None, limit: int = 50
    ) -> list[AffinityChange]:
        """The logged changes, newest first (of one NPC and/or player when given)."""
        query = "SELECT at, npc_name, player_id, old, new, requested, reason, sentiment, source "
        query += "FROM affinity_log WHERE (?1 IS NULL OR npc_name=?1) "
        query += "AND (?2 IS NULL OR player_id=?2) "
        query += "ORDER BY id DESC LIMIT ?3"
        with self._lock:
            rows = self._db.execute(query, (npc_name, player_id, limit)).fetchall()
        return [
            AffinityChange(
                npc_name=row[1], player_id=row[2], old=row[3], new=row[4], requested=row[5],
                reason=row[6], sentiment=row[7], source=row[8], at=row[0],
            )
            for row in rows
        ]  # fmt: skip

    # ---- changing -------------------------------------------------------------------

    def analyze_and_update_affinity(
        self, npc_name: str, player_message: str, npc_response: str, player_id: str = "player"
    ) -> dict[str, Any]:
        """Judge one exchange and apply the (bounded) change; the tutorial's result keys.

        Returns:
            ``changed``, ``old_affinity``, ``new_affinity``, ``change_amount``,
            ``reason``, ``sentiment``, ``old_level``, ``new_level``, ``source``.
        """
        judgement = self.judge.judge(npc_name, player_message, npc_response)
        change = self.change(
            npc_name, player_id, judgement.change, judgement.reason, judgement.sentiment,
            judgement.source, count_interaction=True,
        )  # fmt: skip
        return {
            "changed": change.change_amount != 0,
            "old_affinity": change.old,
            "new_affinity": change.new,
            "affinity": change.new,
            "change_amount": change.change_amount,
            "reason": change.reason,
            "sentiment": change.sentiment,
            "old_level": affinity_level(change.old).name,
            "new_level": affinity_level(change.new).name,
            "source": change.source,
        }

    def change(
        self,
        npc_name: str,
        player_id: str,
        requested: float,
        reason: str,
        sentiment: str = "neutral",
        source: str = "rules",
        count_interaction: bool = False,
    ) -> AffinityChange:
        """Apply a change (bounded by ``max_step`` and 0..100) and log it, atomically."""
        at = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        with self._lock, self._db:
            old = self._score(npc_name, player_id)
            new = apply_change(old, requested, self.max_step)
            self._write(npc_name, player_id, new, at, count_interaction)
            self._log(at, npc_name, player_id, old, new, requested, reason, sentiment, source)
        return AffinityChange(
            npc_name, player_id, old, new, requested, reason, sentiment, source, at
        )

    def set_affinity(
        self, npc_name: str, affinity: float, player_id: str = "player", reason: str = "set by hand"
    ) -> AffinityChange:
        """Set a score (testing, debugging); logged like any change.

        Raises:
            ValueError: ``affinity`` is outside 0..100.
        """
        if not MIN_AFFINITY <= affinity <= MAX_AFFINITY:
            raise ValueError(f"affinity must be between 0 and 100, got {affinity}")
        at = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        with self._lock, self._db:
            old = self._score(npc_name, player_id)
            self._write(npc_name, player_id, affinity, at, False)
            self._log(at, npc_name, player_id, old, affinity, affinity - old, reason, "set", "api")
        return AffinityChange(
            npc_name, player_id, old, affinity, affinity - old, reason, "set", "api", at
        )

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    # ---- storage (callers hold the lock) --------------------------------------------

    def _score(self, npc_name: str, player_id: str) -> float:
        row = self._db.execute(
            "SELECT score FROM affinity WHERE npc_name=? AND player_id=?", (npc_name, player_id)
        ).fetchone()
        return float(row[0]) if row else self.start

    def _write(self, npc: str, player: str, score: float, at: str, count: bool) -> None:
        self._db.execute(
            "INSERT INTO affinity (npc_name, player_id, score, interactions, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (npc_name, player_id) DO UPDATE SET "
            "score=excluded.score, interactions=interactions+excluded.interactions, "
            "updated_at=excluded.updated_at",
            (npc, player, score, 1 if count else 0, at),
        )

    def _log(self, at: str, npc: str, player: str, old: float, new: float, requested: float,
             reason: str, sentiment: str, source: str) -> None:  # fmt: skip
        self._db.execute(
            "INSERT INTO affinity_log (at, npc_name, player_id, old, new, requested, reason, "
            "sentiment, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (at, npc, player, old, new, requested, reason, sentiment, source),
        )


__all__ = [
    "DEFAULT_AFFINITY",
    "LEVELS",
    "AffinityChange",
    "AffinityJudge",
    "AffinityJudgement",
    "AffinityLevel",
    "JudgeAnswer",
    "ModelJudge",
    "RelationshipManager",
    "RuleJudge",
    "affinity_level",
    "apply_change",
    "parse_judge_answer",
]

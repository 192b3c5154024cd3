"""A scripted town model: replies written from each prompt, offline and the same every time.

What ``llm_mode="scripted"`` (``serve.py --scripted``, ``HELLO_AGENTS_EXAMPLE_LLM=scripted``)
runs on: tests, CI and quick demos. It plays the three roles by reading the prompt:

* an NPC (the persona prompt): answers by quoting the player's message word for word,
  so a test can see whose message a reply answers, and mentions what it remembers;
* the affinity judge: the keyword rules' judgement, as JSON;
* the chatter writer: two lines for each pair the prompt lists, in the asked format.
"""

from __future__ import annotations

import json
import re
from typing import Any

from cyber_town.affinity import JUDGE_SYSTEM_PROMPT, JUDGE_USER_PROMPT, RuleJudge
from cyber_town.chatter import CHATTER_SYSTEM_PROMPT
from hello_agents.testing import ScriptedLLM

_PERSONA = re.compile(r"^You are (?P<name>\S+), the (?P<title>.+?) of the Datawhale office,")
_PAIR = re.compile(r"^- (\S+) and (\S+)$", re.MULTILINE)
_LINES = re.compile(r"^Write (\d+) lines", re.MULTILINE)
_PERSON = re.compile(r"^- (\S+) \(.+?\), at the .+?, (.+?);", re.MULTILINE)
_CHATTER_TEMPLATES = (
    "{listener}，忙完了吗？我还在{activity}。",
    "快了，{listener}！我这边{activity}，等会儿一起喝咖啡？",
    "{listener}，下午的会你参加吗？",
    "参加，{listener}。{activity}告一段落就过去。",
)
_REMEMBERED = re.compile(r"^\[\d\d:\d\d\] The player said: (.+?) / I replied", re.MULTILINE)


def town_reply(request: dict[str, Any]) -> str:
    """The reply to one chat request of the town."""
    messages = request.get("messages", [])
    system = next((m.get("content", "") for m in messages if m.get("role") == "system"), "")
    prompt = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
    persona = _PERSONA.match(system)
    if persona:
        reply = f"{persona['name']} ({persona['title']}) heard you say “{prompt}”."
        remembered = _REMEMBERED.search(system)
        if remembered:
            reply += f" I remember you once said “{remembered.group(1)}”."
        return reply
    if system.startswith(JUDGE_SYSTEM_PROMPT):
        return _judge(prompt)
    if system.startswith(CHATTER_SYSTEM_PROMPT):
        return _chatter(prompt)
    return "I can only play the town's roles."


def scripted_town_llm(calls: int = 100_000) -> ScriptedLLM:
    """A ScriptedLLM answering up to ``calls`` town requests with :func:`town_reply`."""
    return ScriptedLLM([town_reply] * calls, model="scripted-town", temperature=0.0)


def _judge(prompt: str) -> str:
    lines = prompt.splitlines()
    npc = lines[0].removeprefix("NPC: ") if lines else ""
    message = lines[1].removeprefix("Player: ") if len(lines) > 1 else ""
    judgement = RuleJudge().judge(npc, message, "")
    return json.dumps(
        {"sentiment": judgement.sentiment, "change": judgement.change, "reason": judgement.reason}
    )


def _chatter(prompt: str) -> str:
    count_match = _LINES.search(prompt)
    count = int(count_match.group(1)) if count_match else 2
    activities = dict(_PERSON.findall(prompt))
    out = []
    for first, second in _PAIR.findall(prompt):
        for index in range(count):
            speaker, listener = (first, second) if index % 2 == 0 else (second, first)
            template = _CHATTER_TEMPLATES[index % len(_CHATTER_TEMPLATES)]
            text = template.format(listener=listener, activity=activities.get(speaker, "工作"))
            out.append(f"{speaker} -> {listener}: {text}")
    return "\n".join(out)


assert JUDGE_USER_PROMPT.startswith("NPC: {npc_name}\nPlayer: {player_message}")

__all__ = ["scripted_town_llm", "town_reply"]

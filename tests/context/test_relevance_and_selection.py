"""Relevance (BM25, embedders), selection under a budget (greedy, MMR), compression."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hello_agents.context import (
    BM25Scorer,
    ContextConfig,
    ContextPacket,
    EmbeddingScorer,
    extract,
    mmr_select,
    select_within_budget,
    summarize,
    terms,
    truncate_to_tokens,
)
from hello_agents.core.exceptions import ConfigException
from hello_agents.core.tokens import TokenCounter
from hello_agents.testing import ScriptedLLM

count = TokenCounter().count_text


def test_terms_split_words_and_chinese_pairs() -> None:
    assert terms("Pandas memory_usage 优化内存") == [
        "pandas",
        "memory_usage",
        "优化",
        "化内",
        "内存",
    ]


def test_bm25_scores_are_normalised_and_favour_rare_words() -> None:
    documents = [
        "the cat sat on the mat",
        "pandas memory usage can be reduced with categories",
        "the weather is nice",
    ]
    scores = BM25Scorer().score("reduce pandas memory usage", documents)
    assert all(0.0 <= score <= 1.0 for score in scores)
    assert scores[1] == max(scores) and scores[1] > 0.4
    assert scores[0] == scores[2] == 0.0
    assert BM25Scorer().score("", documents) == [0.0, 0.0, 0.0]


def test_an_embedder_plugs_in_as_relevance() -> None:
    vocabulary = ["pandas", "memory", "weather"]

    def embed(texts: list[str]) -> list[list[float]]:  # a tiny real bag-of-words embedder
        return [[float(text.lower().count(word)) for word in vocabulary] for text in texts]

    scorer = EmbeddingScorer(embed)
    scores = scorer.score("pandas memory", ["pandas memory tips", "weather today"])
    assert scores[0] == pytest.approx(1.0) and scores[1] == 0.0
    assert scorer.similarity(["pandas", "pandas memory"])(0, 1) == pytest.approx(0.7071, 1e-3)


def test_an_embedder_object_with_encode_plugs_in_too() -> None:
    class SentenceModel:  # the shape of sentence-transformers' models
        def encode(self, texts: list[str]) -> list[list[float]]:
            return [[1.0, 0.0] if "alpha" in text else [0.0, 1.0] for text in texts]

    assert EmbeddingScorer(SentenceModel()).score("alpha", ["alpha x", "beta"]) == [1.0, 0.0]
    with pytest.raises(TypeError, match="not an embedder"):
        EmbeddingScorer(42)


def test_greedy_selection_skips_a_packet_too_big_and_keeps_going() -> None:
    now = datetime.now()
    packets = [
        ContextPacket("big " * 200, now, relevance_score=0.9),
        ContextPacket("small and relevant", now, relevance_score=0.8),
        ContextPacket("irrelevant", now, relevance_score=0.05),
        ContextPacket("medium " * 5, now, relevance_score=0.5),
    ]
    chosen = select_within_budget(packets, 30, count, min_relevance=0.1)
    assert [p.content.split()[0] for p in chosen] == ["small", "medium"]
    assert sum(count(p.content) for p in chosen) <= 30


def test_mmr_prefers_a_different_item_to_a_near_duplicate() -> None:
    texts = ["deploy on tuesday", "deploy on tuesday morning", "rollback needs approval"]
    similarity = BM25Scorer().similarity(texts)
    picked = mmr_select([0.9, 0.88, 0.6], [5, 5, 5], similarity, budget=10, balance=0.5)
    assert picked == [0, 2]
    assert mmr_select([0.9, 0.88, 0.6], [5, 5, 5], similarity, budget=10, balance=1.0) == [0, 1]


def test_truncate_to_tokens_never_exceeds() -> None:
    text = "word " * 500
    for limit in (0, 3, 10, 77):
        assert count(truncate_to_tokens(text, limit, count)) <= limit
    assert truncate_to_tokens("short", 10, count) == "short"


def test_extract_keeps_the_relevant_sentences_in_order() -> None:
    texts = ["We had lunch. The deploy is on Tuesday.", "It rained. Rollback needs approval."]
    summary = extract(texts, "when is the deploy and who approves rollback", 20, count)
    assert summary == "The deploy is on Tuesday. Rollback needs approval."


def test_summarize_uses_the_llm_then_falls_back() -> None:
    llm = ScriptedLLM(["Deploy Tuesday; rollback needs approval."])
    summary, method = summarize(["The deploy is on Tuesday."], "deploy", 50, count, llm)
    assert (summary, method) == ("Deploy Tuesday; rollback needs approval.", "llm")
    assert "deploy" in llm.calls[0].messages[-1]["content"]
    failing = ScriptedLLM([RuntimeError("model down")])
    summary, method = summarize(["The deploy is on Tuesday."], "deploy", 50, count, failing)
    assert (summary, method) == ("The deploy is on Tuesday.", "extract")


def test_packet_clamps_relevance_and_reads_iso_timestamps() -> None:
    packet = ContextPacket("x", "2025-01-19T15:30:00", 1, 1.7, None)  # type: ignore[arg-type]
    assert packet.relevance_score == 1.0 and packet.metadata == {}
    assert packet.timestamp == datetime(2025, 1, 19, 15, 30)
    assert ContextPacket("y", datetime.now() - timedelta(days=1)).relevance_score is None


@pytest.mark.parametrize(
    "arguments",
    [
        {"max_tokens": 0},
        {"reserve_ratio": 1.0},
        {"min_relevance": 1.5},
        {"relevance_weight": 0.5, "recency_weight": 0.6},
        {"mmr_lambda": -0.1},
    ],
)
def test_config_refuses_bad_values(arguments: dict[str, float]) -> None:
    with pytest.raises(ConfigException):
        ContextConfig(**arguments)  # type: ignore[arg-type]


def test_config_budget_keeps_the_reserve() -> None:
    assert ContextConfig(max_tokens=4000, reserve_ratio=0.15).budget == 3400

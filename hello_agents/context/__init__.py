"""context/: building what the model sees, under a token budget (chapter 9).

* :mod:`~hello_agents.context.packet`: ``ContextPacket`` (one candidate) and ``ContextConfig``;
* :mod:`~hello_agents.context.relevance`: BM25 (built in) or any embedder, for relevance;
* :mod:`~hello_agents.context.selection`: greedy and MMR selection under a budget;
* :mod:`~hello_agents.context.compression`: LLM summary, extractive fallback, truncation;
* :mod:`~hello_agents.context.sources`: reading memory / RAG tools' search results;
* :mod:`~hello_agents.context.builder`: ``ContextBuilder``, the gather-select-structure-compress
  pipeline.
"""

from hello_agents.context.builder import SECTION_TITLES, BuiltContext, ContextBuilder
from hello_agents.context.compression import extract, summarize, truncate_to_tokens
from hello_agents.context.packet import ContextConfig, ContextPacket
from hello_agents.context.relevance import (
    BM25Scorer,
    Embedder,
    EmbeddingScorer,
    RelevanceScorer,
    as_embedder,
    cosine,
    terms,
)
from hello_agents.context.selection import mmr_select, select_within_budget
from hello_agents.context.sources import parse_search_results

__all__ = [
    "SECTION_TITLES",
    "BM25Scorer",
    "BuiltContext",
    "ContextBuilder",
    "ContextConfig",
    "ContextPacket",
    "Embedder",
    "EmbeddingScorer",
    "RelevanceScorer",
    "as_embedder",
    "cosine",
    "extract",
    "mmr_select",
    "parse_search_results",
    "select_within_budget",
    "summarize",
    "terms",
    "truncate_to_tokens",
]

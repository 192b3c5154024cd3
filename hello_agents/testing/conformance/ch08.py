"""The checks for chapter 8's exercises: working memory, a chunker, a retriever, a tool action.

* :func:`check_working_memory`: a class like :class:`~hello_agents.memory.WorkingMemory`
  (``cls(config)``, ``add(MemoryItem)``, ``all()``, ``search(query, limit)``);
* :func:`check_chunker`: a function like :func:`~hello_agents.memory.rag.chunk_text`
  (``chunker(text, chunk_size, chunk_overlap)`` -> chunks or strings);
* :func:`check_retriever`: a function like :func:`~hello_agents.memory.text.rank_documents`
  (``retrieve(query, documents, limit)`` -> positions, best first);
* :func:`check_memory_tool_action`: a ``MemoryTool`` subclass with a ``recent`` action.
"""

from __future__ import annotations

import itertools
import tempfile
from datetime import datetime, timedelta
from typing import Any

from hello_agents.memory.item import MemoryConfig, MemoryItem
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

# ---- working memory ----------------------------------------------------------------


def _contents(values: Any) -> list[str]:
    """Texts out of whatever a search or listing returned (items, scored items, strings)."""
    texts = []
    for value in values or []:
        value = getattr(value, "item", value)
        texts.append(str(getattr(value, "content", value)))
    return texts


def check_working_memory(cls: type, *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a working-memory class: capacity, TTL, token budget, search.

    Args:
        cls: Built as ``cls(MemoryConfig(...))``; needs ``add(item)``, ``all()`` and
            ``search(query, limit=...)``.
        raise_on_failure: Raise ConformanceError when a case fails.
    """

    def make(**settings: Any) -> Any:
        return cls(MemoryConfig(**settings))

    def add_and_list() -> None:
        memory = make()
        memory_id = memory.add(MemoryItem("the user is called Ada", importance=0.5))
        expect(isinstance(memory_id, str), "add() returns the memory's id", short(memory_id))
        got = _contents(memory.all())
        expect(got == ["the user is called Ada"], "all() lists the added memory", short(got))

    def capacity() -> None:
        memory = make(working_memory_capacity=2)
        memory.add(MemoryItem("essential fact", importance=0.9))
        memory.add(MemoryItem("small talk", importance=0.1))
        memory.add(MemoryItem("current task", importance=0.6))
        got = sorted(_contents(memory.all()))
        expect(
            got == ["current task", "essential fact"],
            "with capacity 2, the least important item is dropped",
            short(got),
            "after adding, while there are too many items, remove the one with the lowest "
            "(importance, timestamp).",
        )

    def ttl() -> None:
        memory = make(working_memory_ttl_minutes=10)
        stale = MemoryItem("an old note", timestamp=datetime.now() - timedelta(minutes=11))
        memory.add(stale)
        memory.add(MemoryItem("a fresh note"))
        got = _contents(memory.all())
        expect(
            got == ["a fresh note"],
            "items older than the TTL are gone",
            short(got),
            "before answering, drop items whose timestamp is older than now - TTL.",
        )

    def token_budget() -> None:
        memory = make(working_memory_tokens=6)
        memory.add(MemoryItem("one two three four", importance=0.2))
        memory.add(MemoryItem("five six seven eight", importance=0.8))
        got = _contents(memory.all())
        expect(
            got == ["five six seven eight"],
            "over the token budget (6 words), the least important item is dropped",
            short(got),
            "count tokens with hello_agents.memory.text.tokenize and evict like for capacity.",
        )

    def search() -> None:
        memory = make()
        memory.add(MemoryItem("we chose Qdrant as the vector store", importance=0.5))
        memory.add(MemoryItem("lunch is at noon", importance=0.5))
        memory.add(MemoryItem("the vector size is 384", importance=0.9))
        got = _contents(memory.search("vector store", limit=2))
        expect(
            got[:1] == ["we chose Qdrant as the vector store"] and "lunch is at noon" not in got,
            "search ranks the best match first and leaves out unrelated items",
            short(got),
            "score each item (BM25 or word overlap), keep those above 0, sort best first.",
        )
        expect(len(memory.search("vector", limit=1)) == 1, "search honours limit", "more")

    cases = [
        Case(
            "add() and all()",
            add_and_list,
            "store the item in a dict by its id and return the id; all() returns the stored items.",
            expected="add() returns a str id and all() lists exactly ['the user is called Ada']",
        ),
        Case(
            "capacity evicts the least important",
            capacity,
            "after each add, while more than working_memory_capacity items are kept, remove the "
            "one with the lowest (importance, timestamp).",
            expected=(
                "with capacity 2, after adding importance 0.9, 0.1 and 0.6, all() keeps 'essential"
                " fact' and 'current task'"
            ),
        ),
        Case(
            "items expire after the TTL",
            ttl,
            "before answering, drop items whose timestamp is older than now - "
            "working_memory_ttl_minutes.",
            expected=(
                "with a 10-minute TTL, an item 11 minutes old is gone and all() lists only ['a "
                "fresh note']"
            ),
        ),
        Case(
            "the token budget evicts too",
            token_budget,
            "count tokens with hello_agents.memory.text.tokenize; while over "
            "working_memory_tokens, evict the least important item.",
            expected=(
                "with a 6-token budget, two 4-word items leave only the more important 'five six "
                "seven eight'"
            ),
        ),
        Case(
            "search ranks by relevance",
            search,
            "score each item against the query (BM25 or word overlap, see "
            "hello_agents.memory.text), keep scores above 0, sort best first, cut to limit.",
            expected=(
                "search('vector store', limit=2) returns 'we chose Qdrant as the vector store' "
                "first, without 'lunch is at noon'; limit=1 gives one item"
            ),
        ),
    ]
    return run_cases("working_memory", cls, cases, raise_on_failure=raise_on_failure)


# ---- the chunker -------------------------------------------------------------------

_DOCUMENT = (
    "# Alpha\n\n"
    + "\n\n".join(f"Alpha paragraph {n} talks about apples and more apples." for n in range(12))
    + "\n\n# Beta\n\n"
    + "\n\n".join(f"Beta paragraph {n} talks about bananas." for n in range(3))
)


def _texts(chunks: Any) -> list[str]:
    return [str(getattr(chunk, "text", chunk)) for chunk in chunks or []]


def check_chunker(chunker: Any, *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a chunking function: sizes, coverage, sections, overlap.

    Args:
        chunker: ``chunker(text, chunk_size, chunk_overlap)`` returning chunks
            (objects with ``.text``) or strings.
        raise_on_failure: Raise ConformanceError when a case fails.
    """

    def sizes() -> None:
        texts = _texts(chunker(_DOCUMENT, 200, 40))
        too_big = [t for t in texts if len(t) > 200]
        expect(
            bool(texts) and not too_big, "every chunk has at most 200 characters", short(too_big)
        )

    def coverage() -> None:
        texts = "\n".join(_texts(chunker(_DOCUMENT, 200, 40)))
        lost = [f"paragraph {n}" for n in range(12) if f"Alpha paragraph {n} " not in texts]
        expect(not lost, "every paragraph is in some chunk", f"missing: {lost}")

    def sections() -> None:
        mixed = [t for t in _texts(chunker(_DOCUMENT, 200, 40)) if "apples" in t and "bananas" in t]
        expect(
            not mixed,
            "no chunk mixes two sections (# Alpha and # Beta)",
            short(mixed),
            "split at headings first, then pack each section's paragraphs.",
        )

    def overlap() -> None:
        texts = [t for t in _texts(chunker(_DOCUMENT, 200, 40)) if "apples" in t]
        shared = all(a[-20:].strip()[-10:] in b for a, b in itertools.pairwise(texts))
        expect(
            len(texts) > 2 and shared,
            "consecutive chunks of a section share their boundary text (overlap 40)",
            short(texts[:2]),
            "start each new chunk with the last chunk_overlap characters of the previous one.",
        )

    def empty() -> None:
        got = _texts(chunker("", 200, 40))
        expect(got == [], "an empty text gives no chunks", short(got))

    cases = [
        Case(
            "chunks respect chunk_size",
            sizes,
            "pack paragraphs into a chunk until the next would not fit, then start a new chunk; "
            "split a paragraph longer than chunk_size.",
            expected=(
                "chunker(document, 200, 40) returns at least one chunk, none longer than 200 "
                "characters"
            ),
        ),
        Case(
            "nothing is lost",
            coverage,
            "keep every paragraph: each one must end up in some chunk.",
            expected="each of the 12 'Alpha paragraph N' lines appears in some chunk",
        ),
        Case(
            "chunks stay within a section",
            sections,
            "split the text at Markdown headings first, then pack each section's paragraphs "
            "separately.",
            expected=(
                "no chunk holds both the '# Alpha' text (apples) and the '# Beta' text (bananas)"
            ),
        ),
        Case(
            "chunks overlap",
            overlap,
            "start each new chunk of a section with the last chunk_overlap characters of the "
            "previous one.",
            expected=(
                "more than 2 Alpha chunks, each starting with the end of the one before (overlap "
                "40)"
            ),
        ),
        Case(
            "empty text",
            empty,
            "return [] when the text has no content.",
            expected="chunker('', 200, 40) returns []",
        ),
    ]
    return run_cases("chunker", chunker, cases, raise_on_failure=raise_on_failure)


# ---- the retriever -----------------------------------------------------------------

_CORPUS = [
    "The kettle must be descaled every month with vinegar.",
    "Our warranty lasts two years from the date of purchase.",
    "The kettle holds 1.7 litres of water.",
    "Shipping is free for orders over fifty euros.",
    "退货请在三十天内联系客服。",
]


# Four texts of one length, each sharing one query word: only idf can tell them
# apart. The rare one sits in the middle, so no tie-breaking order puts it first.
_RARE_TERM_CORPUS = [
    "the kettle is red",
    "the kettle is blue",
    "the descaler is green",
    "the kettle is white",
]


def check_retriever(retrieve: Any, *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a lexical retriever: ranking, limit, no-match, Chinese text.

    Args:
        retrieve: ``retrieve(query, documents, limit)`` returning positions in
            ``documents``, best first.
        raise_on_failure: Raise ConformanceError when a case fails.
    """

    def ranks() -> None:
        got = list(retrieve("how long is the warranty", _CORPUS, 3))
        expect(got[:1] == [1], "the warranty text ranks first", short(got))

    def rare_terms_weigh_more() -> None:
        got = list(retrieve("kettle descaler", _RARE_TERM_CORPUS, 4))
        expect(
            got[:1] == [2],
            "the text with the rare term (descaler) beats those with the common one (kettle)",
            short(got),
            "weigh each term by its inverse document frequency (idf), as BM25 does.",
        )

    def limit() -> None:
        got = list(retrieve("the kettle", _CORPUS, 1))
        expect(len(got) == 1, "at most limit positions", short(got))

    def no_match() -> None:
        got = list(retrieve("zebra", _CORPUS, 3))
        expect(got == [], "a query sharing no word with any text finds nothing", short(got))

    def chinese() -> None:
        got = list(retrieve("退货", _CORPUS, 3))
        expect(
            got[:1] == [4],
            "a Chinese query finds the Chinese text",
            short(got),
            "split Chinese into characters (and pairs): it has no spaces.",
        )

    cases = [
        Case(
            "ranks the matching text first",
            ranks,
            "score each text by the query terms it shares and return positions best first.",
            expected=(
                "retrieve('how long is the warranty', corpus, 3) starts with position 1 (the "
                "warranty text)"
            ),
        ),
        Case(
            "rare terms weigh more",
            rare_terms_weigh_more,
            "weigh each term by its inverse document frequency (idf), as BM25 does.",
            expected=(
                "retrieve('kettle descaler', texts, 4) starts with position 2, the one text "
                "with 'descaler', among texts of one length where 'kettle' is in three"
            ),
        ),
        Case(
            "honours limit",
            limit,
            "cut the ranking to the first limit positions.",
            expected="retrieve('the kettle', corpus, 1) returns exactly one position",
        ),
        Case(
            "no match, no result",
            no_match,
            "leave out texts whose score is 0.",
            expected="retrieve('zebra', corpus, 3) returns []",
        ),
        Case(
            "works on Chinese",
            chinese,
            "split Chinese into characters (and pairs), as hello_agents.memory.text.tokenize does:"
            " it has no spaces.",
            expected="retrieve('退货', corpus, 3) starts with position 4 (the Chinese text)",
        ),
    ]
    return run_cases("retriever", retrieve, cases, raise_on_failure=raise_on_failure)


# ---- a MemoryTool action -----------------------------------------------------------


def check_memory_tool_action(cls: type, *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a MemoryTool subclass that adds a ``recent`` action.

    ``run({"action": "recent", "limit": n})`` lists the ``n`` newest memories, newest
    first; ``run_structured`` gives them in ``data["results"]`` (dicts with ``content``).

    Args:
        cls: Built as ``cls(memory_config=..., embedder=None)``.
        raise_on_failure: Raise ConformanceError when a case fails.
    """

    def make() -> Any:
        folder = tempfile.mkdtemp(prefix="ch08-check-")
        tool = cls(memory_config=MemoryConfig(storage_path=folder), embedder=None)
        for n, content in enumerate(["first note", "second note", "third note"]):
            item = MemoryItem(content, timestamp=datetime.now() + timedelta(seconds=n))
            tool.memory_manager.memory("episodic").add(item)
        return tool

    def lists_newest_first() -> None:
        text = make().run({"action": "recent", "limit": 2})
        expect(
            "third note" in text and "second note" in text and "first note" not in text,
            "the 2 newest memories, and not the oldest",
            short(text),
            "sort memory_manager.get_all() by timestamp, newest first, keep limit.",
        )
        expect(text.index("third note") < text.index("second note"), "newest first", short(text))

    def structured() -> None:
        result = make().run_structured({"action": "recent", "limit": 3})
        contents = [hit.get("content") for hit in getattr(result, "data", {}).get("results", [])]
        expect(
            contents == ["third note", "second note", "first note"],
            'data["results"] lists the memories as dicts, newest first',
            short(contents),
            "return ActionResult('recent', True, text, {'results': [item.to_dict() ...]}).",
        )

    def in_the_schema() -> None:
        action = next(p for p in make().get_parameters() if p.name == "action")
        expect(
            "recent" in (action.enum or []),
            "the action is in the tool's schema (so the guard lets models call it)",
            short(action.enum),
            "register it with self.add_action('recent', self._recent).",
        )

    def others_still_work() -> None:
        tool = make()
        expect("Memory added" in tool.run({"action": "add", "content": "x"}), "add still works", "")
        error = tool.run({"action": "nope"})
        expect(
            error.startswith("Error:") and "recent" in error,
            "unknown actions list recent",
            short(error),
        )

    cases = [
        Case(
            "recent lists the newest memories",
            lists_newest_first,
            "in the recent handler, sort memory_manager.get_all() by timestamp, newest first, and "
            "keep limit.",
            expected=(
                "run({'action': 'recent', 'limit': 2}) names 'third note' before 'second note', "
                "and not 'first note'"
            ),
        ),
        Case(
            "recent returns structured data",
            structured,
            "return an ActionResult whose data is {'results': [item.to_dict() ...]}, newest first.",
            expected=(
                "run_structured({'action': 'recent', 'limit': 3}).data['results'] contents are "
                "['third note', 'second note', 'first note']"
            ),
        ),
        Case(
            "recent is in the schema",
            in_the_schema,
            "register the action with self.add_action('recent', handler) in __init__.",
            expected="the 'action' parameter of get_parameters() has 'recent' in its enum",
        ),
        Case(
            "the other actions still work",
            others_still_work,
            "call super().__init__(...) first and only add to the actions.",
            expected=(
                "action 'add' still answers 'Memory added...', and an unknown action returns "
                "'Error: ...' listing 'recent'"
            ),
        ),
    ]
    return run_cases("memory_tool_action", cls, cases, raise_on_failure=raise_on_failure)


__all__ = [
    "check_chunker",
    "check_memory_tool_action",
    "check_retriever",
    "check_working_memory",
]

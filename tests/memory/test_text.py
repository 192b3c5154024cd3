from hello_agents.memory.text import BM25Index, tokenize


def test_tokenize_splits_words_and_chinese_characters_with_pairs() -> None:
    assert tokenize("The Memory system") == ["memory", "system"]
    assert tokenize("descaling descaled descale ships shipping") == ["descal"] * 3 + ["ship"] * 2
    assert tokenize("记忆系统") == ["记忆", "忆系", "系统"]
    assert tokenize("书") == ["书"]


def test_bm25_ranks_the_document_sharing_rare_terms_first() -> None:
    index = BM25Index()
    index.add("a", "qdrant stores vectors for similarity search")
    index.add("b", "sqlite stores rows")
    index.add("c", "the weather is nice")
    assert [doc for doc, _ in index.search("vector similarity with qdrant")] == ["a"]
    assert index.search("stores")[0][0] in {"a", "b"}


def test_bm25_forgets_removed_documents() -> None:
    index = BM25Index()
    index.add("a", "apples and pears")
    index.remove("a")
    assert index.search("apples") == []
    assert len(index) == 0

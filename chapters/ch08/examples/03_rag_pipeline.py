"""Chapter 8.4: RAG, from documents to answers with citations.

Loads the chapter's small corpus (Markdown, HTML, JSON, CSV; English and Chinese),
searches it three ways, and answers with sources. The model runs at temperature 0, so its
query rephrasings (MQE), imagined answer (HyDE) and answer are the same on every run; if
the answer does not cite the passage it comes from, the example stops with exit code 1 and
names the settings that work.

Run:  python chapters/ch08/examples/03_rag_pipeline.py
"""

from example_llm import CORPUS, banner, data_folder, give_up, make_llm

from hello_agents.tools import RAGTool

llm = make_llm(
    [
        # MQE: three rephrasings of the question.
        "overdue book penalty\nlate return charge\nfine per day for late items",
        # HyDE: a passage that might answer it.
        "Items returned after the due date are charged a small fee per day, up to a maximum.",
        # The answer, citing passage [1].
        "Late adult items cost 20 cents a day, capped at 5 euros per item.\nSources: [1]",
    ],
    temperature=0,  # the same rephrasings, passages and answer on every run
)
print(banner(llm))

rag_tool = RAGTool(knowledge_base_path=data_folder("03_rag"), rag_namespace="library", llm=llm)
for path in sorted(CORPUS.iterdir()):
    print(rag_tool.run({"action": "add_document", "file_path": str(path), "chunk_size": 500}))
print(
    rag_tool.run(
        {
            "action": "add_text",
            "document_id": "note",
            "text": "The library's cat is called Dewey and sleeps by the returns desk.",
        }
    )
)
print(rag_tool.run({"action": "stats"}))

# Search: hybrid (vectors + BM25) by default.
print(rag_tool.run({"action": "search", "query": "What is the Wi-Fi called?", "limit": 1}))
# A question in Chinese ("May I eat in the library?") finds the Chinese handbook's rule.
# (The small embedding model matches within a language far better than across: a
# Chinese question about an English page is best asked with MQE, whose rephrasings
# can be English.)
hits = rag_tool.run_structured({"action": "search", "query": "馆内可以吃东西吗？", "limit": 1})
print("Chinese question ->", [(h["document_id"], h["heading"]) for h in hits.data["results"]])

# Ask, with MQE and HyDE widening the search (they need the LLM).
answer = rag_tool.run_structured(
    {
        "action": "ask",
        "question": "What happens if I bring a book back late?",
        "limit": 3,
        "enable_advanced_search": True,
    }
)
print(answer.text)
# The passages the answer cites by number, [1] to [3]: not always the first one.
passages = answer.data["citations"]
for number in answer.data["cited"]:
    print(
        f"cited [{number}]:",
        passages[number - 1]["document_id"],
        ">",
        passages[number - 1]["heading"],
    )
if not answer.data["cited"]:
    print("cited: none (the answer names no passage by its number)")
# Did the model do its part: an answer in words, citing the late-fees passage it came from?
cited_headings = [passages[number - 1]["heading"] for number in answer.data["cited"]]
if not any(heading.endswith("Late fees") for heading in cited_headings):
    give_up(f"its answer cites {cited_headings or 'no passage'}, not the late-fees rule")
if len(answer.text.split("Sources:")[0].split()) < 4:
    give_up(f"its answer {answer.text.splitlines()[0]!r} gives citations but no answer")

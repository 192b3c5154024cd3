"""The prompts the RAG pipeline sends to the LLM (override them on the pipeline)."""

ANSWER_PROMPT = """Answer the question in one to three sentences, using only the numbered passages
below. If the passages do not contain the answer, say that the knowledge base does not cover it.
Then, on a last line, write "Sources:" and the numbers of the passages you used, as in
"Sources: [2]" or "Sources: [1][3]".

Passages:
{passages}

Question: {question}
Answer:"""

MQE_PROMPT = """Write {count} different search queries that would find documents answering
the question below. Use other words than the question, one query per line, no numbering.

Question: {question}
Queries:"""

HYDE_PROMPT = """Write a short passage (three or four sentences) that would answer the
question below, as it might appear in a reference document. Write only the passage.

Question: {question}
Passage:"""

"""The prompts the RAG pipeline sends to the LLM (override them on the pipeline)."""

ANSWER_PROMPT = """Answer the question using only the numbered passages below.
Cite every passage you use by its number in square brackets, like [1] or [2][3].
If the passages do not contain the answer, say that the knowledge base does not cover it.

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

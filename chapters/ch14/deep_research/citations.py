"""Citations that hold: every ``[n]`` of a report names a page read in this run.

The writer cites with the numbers the run gave its sources. After it writes,
:func:`finalize_report` measures what it wrote (how many markers, how many name
a source that was read), removes markers that name nothing, renumbers the rest
1, 2, 3 ... in order of first citation, and replaces whatever reference list the
model wrote with one built from the sources themselves: exactly the cited ones,
each linked to its address. The measurement is reported, so a repair is never
silent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from deep_research.models import CitationCheck, Source

# [3], [1, 2], [1，2]; not a Markdown link's label such as [1](http://...).
CITATION = re.compile(r"\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\](?!\()")
REFERENCE_HEADING = re.compile(
    r"^\s{0,3}(?:#{1,6}\s*|\*\*)\s*(?:references?|sources?|bibliography|works cited|"
    r"参考文献|参考资料|参考来源|引用来源|来源|资料来源)\s*(?:\*\*)?\s*[:：]?\s*$",
    re.IGNORECASE | re.MULTILINE,
)

# "[1] https://...", "- [2]: Title (www...)": one entry of a reference list, wherever it is.
REFERENCE_ENTRY = re.compile(
    r"^[ \t]{0,3}(?:[-*][ \t]*)?\[\d{1,3}\]:?[ \t]+[^\n]*?(?:https?://|www\.)[^\n]*(?:\n|$)",
    re.IGNORECASE | re.MULTILINE,
)


def cited_numbers(text: str) -> list[int]:
    """Every number cited in ``text``, in order, repeats included (``[1, 2]`` gives 1, 2)."""
    return [int(n) for match in CITATION.finditer(text) for n in re.split(r"[,，、]", match[1])]


def measure(text: str, known: Iterable[int]) -> tuple[int, int, list[int]]:
    """How the citations of ``text`` fare against the numbers of the sources read.

    Args:
        text: A summary or report body.
        known: The numbers of the sources read.

    Returns:
        ``(markers, resolved, unresolved)``: how many numbers are cited, how many of
        them are known, and the unknown ones (each once, in order).
    """
    allowed = set(known)
    numbers = cited_numbers(text)
    unresolved = list(dict.fromkeys(n for n in numbers if n not in allowed))
    return len(numbers), sum(1 for n in numbers if n in allowed), unresolved


def strip_reference_list(text: str) -> str:
    """``text`` without a reference list the model wrote: a "References" heading to the
    end, and any line that is a reference entry (``[1] https://...``), since the list
    is built from the pages themselves (a small model writes addresses it never read)."""
    match = REFERENCE_HEADING.search(text)
    body = text[: match.start()] if match else text
    return re.sub(r"\n{3,}", "\n\n", REFERENCE_ENTRY.sub("", body)).rstrip()


def rewrite_citations(text: str, rename: Callable[[int], int | None]) -> str:
    """Each citation marker with its numbers renamed; a number renamed to ``None`` is dropped,
    and a marker left empty is removed with the space before it."""

    def replace(match: re.Match[str]) -> str:
        kept = [rename(int(n)) for n in re.split(r"[,，、]", match[1])]
        numbers = list(dict.fromkeys(n for n in kept if n is not None))
        return "".join(f"[{n}]" for n in numbers)

    rewritten = CITATION.sub(replace, text)
    return re.sub(r"[ \t]+([.,;:!?。，；：！？])", r"\1", rewritten) if rewritten != text else text


_WORD = re.compile(r"[a-z0-9]{3,}|[\u4e00-\u9fff]{2,}")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])[ \t]+")
_COMMON = frozenset([
    "the", "and", "for", "are", "was", "were", "with", "that", "this", "from", "have", "has",
    "had", "not", "but", "its", "their", "they", "which", "when", "where", "what", "who",
    "into", "than", "then", "them", "these", "those", "also", "can", "may", "such", "one",
    "two",
])  # fmt: skip
ATTRIBUTION_SHARE = 0.7
"""The share of a sentence's words one source must hold for the sentence to cite it."""


def _words(text: str) -> set[str]:
    found = set()
    for word in _WORD.findall(text.lower()):
        if word.isascii():
            if word not in _COMMON:
                found.add(word)
        else:  # a run of CJK characters: its pairs of characters
            found.update(word[i : i + 2] for i in range(len(word) - 1))
    return found


def attribute(text: str, sources: Mapping[int, Source]) -> tuple[str, int]:
    """Cite the sentences that carry no citation but were plainly taken from one source.

    A sentence (of five words or more, outside headings) cites source ``n`` when at
    least :data:`ATTRIBUTION_SHARE` of its words are in that source's text and no
    other source holds as many: what a small model copies from a page, it often
    forgets to cite. Sentences that already cite, and those drawn from no single
    source, are left as they are.

    Returns:
        ``(text with the added markers, how many were added)``.
    """
    vocabulary = {number: _words(f"{s.title} {s.content}") for number, s in sources.items()}
    added = 0

    def cite(sentence: str) -> str:
        nonlocal added
        words = _words(sentence)
        if len(words) < 5 or CITATION.search(sentence):
            return sentence
        shares = sorted(
            ((len(words & known) / len(words), number) for number, known in vocabulary.items()),
            reverse=True,
        )
        if not shares or shares[0][0] < ATTRIBUTION_SHARE:
            return sentence
        if len(shares) > 1 and shares[1][0] == shares[0][0]:
            return sentence  # two sources hold it equally: no one to credit
        added += 1
        body = sentence.rstrip()
        stop = body[-1] if body and body[-1] in ".!?。！？" else ""
        return f"{body[: len(body) - len(stop)]} [{shares[0][1]}]{stop}"

    lines = []
    for line in text.split("\n"):
        if line.lstrip().startswith("#") or not line.strip():
            lines.append(line)
        else:
            lines.append(" ".join(cite(part) for part in _SENTENCE_END.split(line)))
    return "\n".join(lines), added


def clean_summary(summary: str, allowed: Iterable[int]) -> tuple[str, list[int]]:
    """A task summary with its list of sources removed and markers naming no source of
    the task dropped.

    Returns:
        ``(summary, unresolved numbers)``.
    """
    allowed_set = set(allowed)
    body = strip_reference_list(summary)
    _, _, unresolved = measure(body, allowed_set)
    return rewrite_citations(body, lambda n: n if n in allowed_set else None), unresolved


def finalize_report(
    report: str, sources: Mapping[int, Source], *, attribute_citations: bool = False
) -> tuple[str, list[Source], CitationCheck]:
    """The report with citations that all resolve and the reference list they name.

    Args:
        report: The writer's Markdown.
        sources: Every source read in the run, by number.
        attribute_citations: Also cite the sentences taken from one source that the
            writer left uncited (:func:`attribute`), after measuring its own.

    Returns:
        ``(report with its "## References" list, the cited sources renumbered as
        in the report, the check of what the writer wrote)``.
    """
    body = strip_reference_list(report)
    markers, resolved, unresolved = measure(body, sources)
    added = 0
    if attribute_citations:
        body = rewrite_citations(body, lambda n: n if n in sources else None)
        body, added = attribute(body, sources)
    order: dict[int, int] = {}
    for number in cited_numbers(body):
        if number in sources and number not in order:
            order[number] = len(order) + 1
    final_body = rewrite_citations(body, order.get)
    cited = [
        Source(
            new, sources[old].title, sources[old].url, sources[old].content, sources[old].task_id
        )
        for old, new in order.items()
    ]
    references = "\n".join(f"[{s.number}] [{s.title or s.url}]({s.url})" for s in cited)
    final = f"{final_body}\n\n## References\n\n{references}\n" if cited else f"{final_body}\n"
    check = CitationCheck(
        markers=markers,
        resolved=resolved,
        unresolved=tuple(unresolved),
        sources_read=len(sources),
        sources_cited=len(cited),
        renumbered=any(old != new for old, new in order.items()),
        attributed=added,
    )
    return final, cited, check


__all__ = [
    "ATTRIBUTION_SHARE",
    "CITATION",
    "attribute",
    "cited_numbers",
    "clean_summary",
    "finalize_report",
    "measure",
    "rewrite_citations",
    "strip_reference_list",
]

"""The report of a run: figures, a markdown page with tables, and SVG plots.

:func:`summary` computes the figures (accuracy overall, per category and per
level; latency percentiles; tokens). :func:`write_report` writes
``report.md`` beside two self-contained SVG files (accuracy by category, latency
histogram) drawn here by hand: no plotting library, no network, viewable in any
browser or markdown renderer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any

from hello_agents.evaluation.execution import TaskResult


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile (0-1) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(results: Sequence[TaskResult]) -> dict[str, Any]:
    """The figures of a run.

    Returns:
        ``total``, ``correct``, ``accuracy``, ``partial``, ``errors``,
        ``by_category`` and ``by_level`` (each ``{name: {total, correct, accuracy}}``),
        ``latency`` (``mean``, ``p50``, ``p90``, ``p99``, ``max`` seconds) and
        ``tokens`` (``prompt``, ``completion``, ``total``, ``per_task``).
    """
    total = len(results)
    correct = sum(result.correct for result in results)
    latencies = [result.latency for result in results]
    prompt = sum(result.prompt_tokens for result in results)
    completion = sum(result.completion_tokens for result in results)
    return {
        "total": total,
        "correct": correct,
        "accuracy": correct / total if total else 0.0,
        "partial": sum(result.partial for result in results),
        "errors": sum(result.error is not None for result in results),
        "by_category": _grouped(results, lambda r: r.category),
        "by_level": _grouped(
            [r for r in results if r.level is not None], lambda r: f"level {r.level}"
        ),
        "latency": {
            "mean": sum(latencies) / total if total else 0.0,
            "p50": percentile(latencies, 0.5),
            "p90": percentile(latencies, 0.9),
            "p99": percentile(latencies, 0.99),
            "max": max(latencies, default=0.0),
        },
        "tokens": {
            "prompt": prompt,
            "completion": completion,
            "total": prompt + completion,
            "per_task": (prompt + completion) / total if total else 0.0,
        },
    }


def _grouped(results: Sequence[TaskResult], key: Any) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[TaskResult]] = {}
    for result in results:
        groups.setdefault(str(key(result)), []).append(result)
    return {
        name: {
            "total": len(members),
            "correct": sum(m.correct for m in members),
            "accuracy": sum(m.correct for m in members) / len(members),
        }
        for name, members in sorted(groups.items())
    }


def render_markdown(
    results: Sequence[TaskResult],
    *,
    title: str = "Evaluation report",
    details: dict[str, str] | None = None,
    plots: dict[str, str] | None = None,
) -> str:
    """The report page as markdown: overview, tables, plots, then every task.

    Args:
        results: The run's results.
        title: The page title.
        details: Extra ``name: value`` lines for the overview (data set, agent...).
        plots: ``caption: relative path`` of images to embed.
    """
    figures = summary(results)
    lines = [f"# {title}", ""]
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    overview = {"generated": stamp, **(details or {})}
    lines += [f"- **{name}**: {value}" for name, value in overview.items()]
    lines += [
        f"- **tasks**: {figures['total']} ({figures['errors']} raised an error)",
        f"- **accuracy**: {figures['accuracy']:.1%} ({figures['correct']}/{figures['total']})",
        "",
        "## Accuracy by category",
        "",
        "| category | correct | total | accuracy |",
        "|---|---:|---:|---:|",
    ]
    for name, group in figures["by_category"].items():
        lines.append(
            f"| {name} | {group['correct']} | {group['total']} | {group['accuracy']:.1%} |"
        )
    if figures["by_level"]:
        lines += ["", "## Accuracy by level", "", "| level | correct | total | accuracy |"]
        lines.append("|---|---:|---:|---:|")
        for name, group in figures["by_level"].items():
            lines.append(
                f"| {name} | {group['correct']} | {group['total']} | {group['accuracy']:.1%} |"
            )
    latency, tokens = figures["latency"], figures["tokens"]
    lines += [
        "",
        "## Latency (seconds per task)",
        "",
        "| mean | p50 | p90 | p99 | max |",
        "|---:|---:|---:|---:|---:|",
        "| " + " | ".join(f"{latency[k]:.3f}" for k in ("mean", "p50", "p90", "p99", "max")) + " |",
        "",
        "## Tokens",
        "",
        "| prompt | completion | total | per task |",
        "|---:|---:|---:|---:|",
        f"| {tokens['prompt']} | {tokens['completion']} | {tokens['total']} | "
        f"{tokens['per_task']:.1f} |",
    ]
    if tokens["total"] == 0:
        lines += ["", "(the server reported no token usage)"]
    for caption, path in (plots or {}).items():
        lines += ["", f"![{caption}]({path})"]
    lines += [
        "",
        "## Tasks",
        "",
        "| id | category | correct | predicted | expected | seconds | note |",
        "|---|---|:---:|---|---|---:|---|",
    ]
    for result in results:
        note = result.error or (result.check if not result.correct else "")
        lines.append(
            f"| {_cell(result.id)} | {_cell(result.category)} | "
            f"{'✅' if result.correct else '❌'} | {_cell(result.predicted)} | "
            f"{_cell(result.expected)} | {result.latency:.3f} | {_cell(note)} |"
        )
    return "\n".join(lines) + "\n"


def _cell(value: Any, limit: int = 80) -> str:
    text = " ".join(str(value).split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---- plots ------------------------------------------------------------------------------------


def bar_chart_svg(values: dict[str, float], *, title: str, percent: bool = True) -> str:
    """A horizontal bar chart (values 0-1 when ``percent``) as a standalone SVG."""
    width, bar_height, left, gap = 560, 22, 170, 8
    height = 40 + len(values) * (bar_height + gap) + 10
    biggest = 1.0 if percent else max(values.values(), default=1.0) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="22" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    span = width - left - 70
    for index, (label, value) in enumerate(values.items()):
        y = 36 + index * (bar_height + gap)
        length = max(0.0, value / biggest) * span
        shown = f"{value:.0%}" if percent else f"{value:g}"
        parts += [
            f'<text x="{left - 6}" y="{y + 15}" text-anchor="end">{escape(label[:26])}</text>',
            f'<rect x="{left}" y="{y}" width="{span}" height="{bar_height}" fill="#eeeeee"/>',
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_height}" fill="#4c78a8"/>',
            f'<text x="{left + span + 6}" y="{y + 15}">{shown}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def histogram_svg(values: Sequence[float], *, title: str, bins: int = 12) -> str:
    """A histogram of ``values`` (e.g. latencies) as a standalone SVG."""
    width, height, left, bottom, top = 560, 260, 50, 40, 36
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="22" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    if values:
        low, high = min(values), max(values)
        step = (high - low) / bins if high > low else 1.0
        counts = [0] * bins
        for value in values:
            counts[min(bins - 1, int((value - low) / step))] += 1
        plot_width, plot_height = width - left - 20, height - top - bottom
        tallest = max(counts) or 1
        column = plot_width / bins
        for index, count in enumerate(counts):
            bar = count / tallest * plot_height
            x = left + index * column
            parts.append(
                f'<rect x="{x + 1:.1f}" y="{top + plot_height - bar:.1f}" '
                f'width="{column - 2:.1f}" height="{bar:.1f}" fill="#f58518"/>'
            )
            if count:
                parts.append(
                    f'<text x="{x + column / 2:.1f}" y="{top + plot_height - bar - 3:.1f}" '
                    f'text-anchor="middle">{count}</text>'
                )
        axis_y = top + plot_height
        parts += [
            f'<line x1="{left}" y1="{axis_y}" x2="{left + plot_width}" y2="{axis_y}" '
            'stroke="black"/>',
            f'<text x="{left}" y="{axis_y + 16}">{low:.2f}s</text>',
            f'<text x="{left + plot_width}" y="{axis_y + 16}" text-anchor="end">{high:.2f}s</text>',
            f'<text x="{left + plot_width / 2}" y="{axis_y + 32}" text-anchor="middle">'
            "seconds per task</text>",
        ]
    else:
        parts.append('<text x="10" y="60">no tasks</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_report(
    results: Sequence[TaskResult],
    directory: str | Path,
    *,
    title: str = "Evaluation report",
    details: dict[str, str] | None = None,
) -> Path:
    """Write ``report.md``, ``accuracy.svg`` and ``latency.svg`` into ``directory``.

    Returns:
        The path of ``report.md``.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    figures = summary(results)
    accuracy = {name: group["accuracy"] for name, group in figures["by_category"].items()}
    (target / "accuracy.svg").write_text(
        bar_chart_svg(accuracy, title="Accuracy by category"), encoding="utf-8"
    )
    (target / "latency.svg").write_text(
        histogram_svg([r.latency for r in results], title="Latency distribution"),
        encoding="utf-8",
    )
    page = render_markdown(
        results,
        title=title,
        details=details,
        plots={"accuracy by category": "accuracy.svg", "latency distribution": "latency.svg"},
    )
    report = target / "report.md"
    report.write_text(page, encoding="utf-8")
    return report


__all__ = [
    "bar_chart_svg",
    "histogram_svg",
    "percentile",
    "render_markdown",
    "summary",
    "write_report",
]

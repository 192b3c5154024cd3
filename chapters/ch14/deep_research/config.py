"""The research app's settings, from the environment (``.env``) or from code.

The names are the tutorial's (``SEARCH_API``, ``MAX_WEB_RESEARCH_LOOPS``,
``FETCH_FULL_PAGE``, ``TASK_CONCURRENCY``, ``ENABLE_NOTES``, ``NOTES_WORKSPACE``,
``LLM_PROVIDER``, ``LLM_MODEL_ID`` ...), plus the limits this version adds
(``MAX_MODEL_CALLS``, ``MAX_TOKENS_PER_SOURCE``, ``MAX_RESULTS``) and the offline
search settings (``SEARCH_CORPUS_DIR``, ``SEARXNG_URL``).

With nothing set, a run searches the sample corpus shipped with hello-agents
(``SEARCH_API=local``) and talks to the model ``HelloAgentsLLM()`` finds: a
configured provider, else the embedded local model.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from hello_agents.tools.builtin.search import BACKENDS, SAMPLE_CORPUS

LLM_MODES = ("auto", "scripted", "embedded", "configured")
ATTRIBUTION_SETTINGS = ("auto", "on", "off")


@dataclass(frozen=True)
class Configuration:
    """Settings of a research run.

    Attributes:
        search_api: The search backend or chain (``local``, ``searxng``, ``tavily``,
            ``duckduckgo``, ``advanced`` ...).
        search_corpus_dir: The folder the ``local`` backend searches.
        searxng_url: The SearXNG-compatible service (``None``: ``SEARXNG_URL`` or its default).
        max_results: Results read per search.
        max_tokens_per_source: Each source cut to about this many tokens.
        fetch_full_page: Read each result's whole page instead of its extract.
        search_timeout: Seconds each search request may take.
        max_web_research_loops: Searches a task may try (the first query, then
            re-planned ones) before it is skipped.
        task_concurrency: Tasks researched at the same time.
        max_model_calls: Model calls a run may make in all.
        summary_max_tokens: The longest task summary, in tokens: a small model that
            repeats itself stops there, and the writer's prompt stays within a
            small context (4,096 tokens on the embedded model).
        report_max_tokens: The longest report the writer may write, in tokens.
        attribute_citations: Cite the sentences of summaries and report that carry
            no citation but were plainly taken from one source read in the run
            (counted apart in the citation check): ``on``, ``off``, or ``auto``,
            on only for a small model, as the small-model aids decide.
        repair_citations: Ask the writer once more when its report cites none of
            the notes, then use the cited summaries: ``on``, ``off``, or ``auto``,
            on only for a small model, as the small-model aids decide.
        enable_notes: Save each task and the report with NoteTool.
        notes_workspace: Where the notes go.
        trace_dir: Where the HTML trace of each run goes (``None``: none written).
        llm_mode: ``auto`` (a configured provider, else the embedded model),
            ``scripted`` (offline replies written for tests and demos),
            ``embedded`` or ``configured``.
        llm_provider: Passed to ``HelloAgentsLLM(provider=...)``.
        llm_model_id: The model name.
        llm_api_key: The key (kept out of every message and log).
        llm_base_url: The API root.
        llm_timeout: Seconds a model call may take.
        temperature: The model's temperature.
        strip_thinking_tokens: Remove ``<think>...</think>`` from replies.
        cors_allow_origins: Origins the HTTP API allows (comma-separated in the env).
    """

    search_api: str = "local"
    search_corpus_dir: str = str(SAMPLE_CORPUS)
    searxng_url: str | None = None
    max_results: int = 3
    max_tokens_per_source: int = 300
    fetch_full_page: bool = False
    search_timeout: float = 10.0
    max_web_research_loops: int = 3
    task_concurrency: int = 3
    max_model_calls: int = 30
    summary_max_tokens: int = 400
    report_max_tokens: int = 1200
    attribute_citations: str = "auto"
    repair_citations: str = "auto"
    enable_notes: bool = True
    notes_workspace: str = "./notes"
    trace_dir: str | None = None
    llm_mode: str = "auto"
    llm_provider: str | None = None
    llm_model_id: str | None = None
    llm_api_key: str | None = None
    llm_base_url: str | None = None
    llm_timeout: float | None = None
    temperature: float = 0.0
    strip_thinking_tokens: bool = True
    cors_allow_origins: str = "*"

    def __post_init__(self) -> None:
        if self.search_api not in BACKENDS:
            raise ValueError(f"SEARCH_API={self.search_api!r}: choose one of {', '.join(BACKENDS)}")
        for name in ("attribute_citations", "repair_citations"):
            if getattr(self, name) not in ATTRIBUTION_SETTINGS:
                raise ValueError(
                    f"{name.upper()}={getattr(self, name)!r}: "
                    f"choose one of {', '.join(ATTRIBUTION_SETTINGS)}"
                )
        if self.llm_mode not in LLM_MODES:
            raise ValueError(f"llm_mode={self.llm_mode!r}: choose one of {', '.join(LLM_MODES)}")
        for name in ("max_results", "max_tokens_per_source", "max_web_research_loops",
                     "task_concurrency", "max_model_calls", "summary_max_tokens",
                     "report_max_tokens"):  # fmt: skip
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")

    @classmethod
    def from_env(
        cls, overrides: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
    ) -> Configuration:
        """Settings from environment variables (upper-case field names), then ``overrides``.

        Args:
            overrides: Field values that win over the environment.
            env: The environment (``os.environ`` by default).

        Returns:
            The configuration.

        Raises:
            ValueError: A value that cannot be read or is out of range.
        """
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for field in fields(cls):
            raw = env.get(field.name.upper())
            if raw is None or raw.strip() == "":
                continue
            values[field.name] = _read(field.name, raw.strip(), field.default)
        if "llm_mode" not in values and env.get("HELLO_AGENTS_EXAMPLE_LLM"):
            values["llm_mode"] = env["HELLO_AGENTS_EXAMPLE_LLM"].strip().lower()
        if "search_api" not in values and env.get("SEARXNG_URL"):
            values["search_api"] = "searxng"
        return cls(**{**values, **(overrides or {})})

    def with_overrides(self, **changes: Any) -> Configuration:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def allowed_origins(self) -> list[str]:
        """``cors_allow_origins`` as a list."""
        return [origin.strip() for origin in self.cors_allow_origins.split(",") if origin.strip()]

    def __repr__(self) -> str:
        shown = {f.name: getattr(self, f.name) for f in fields(self)}
        shown["llm_api_key"] = "***" if self.llm_api_key else None
        return "Configuration(" + ", ".join(f"{k}={v!r}" for k, v in shown.items()) + ")"


def _read(name: str, raw: str, default: Any) -> Any:
    """An environment string as the type of the field's default."""
    if isinstance(default, bool):
        if raw.lower() in ("1", "true", "yes", "on"):
            return True
        if raw.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"{name.upper()}={raw!r}: use true or false")
    try:
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float) or name in ("llm_timeout",):
            return float(raw)
    except ValueError:
        raise ValueError(f"{name.upper()}={raw!r} is not a number") from None
    lowered = ("search_api", "llm_mode", "attribute_citations", "repair_citations")
    return raw.lower() if name in lowered else raw


__all__ = ["LLM_MODES", "Configuration"]

"""MemoryTool: the agent's memory as one tool with actions (the tutorial's API).

Call it as the chapter does::

    memory_tool.run({"action": "add", "content": "...", "memory_type": "episodic"})
    memory_tool.execute("search", query="...", limit=3)

Both return text for the model. :meth:`MemoryTool.run_structured` returns an
:class:`~hello_agents.tools.builtin.action_result.ActionResult` whose ``data``
holds the same facts for code (ids, hits with scores, counts).

Arguments the tool does not declare (``task_type``, ``location``, ``concept`` ...)
are kept as the memory's metadata when the tool is called directly, as the
tutorial's examples do. Through a ``ToolRegistry`` (a model's call) the schema
guard refuses unknown fields: a model passes them inside ``metadata``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hello_agents.memory.errors import MemoryException
from hello_agents.memory.item import MEMORY_TYPES, MemoryConfig, MemoryItem, ScoredMemory
from hello_agents.memory.manager import _DEFAULT_EMBEDDER, MemoryManager
from hello_agents.tools.base import ToolParameter
from hello_agents.tools.builtin.action_result import ActionResult, missing
from hello_agents.tools.builtin.action_tool import ActionHandler, ActionTool
from hello_agents.tools.builtin.parameters import optional

MEMORY_ACTIONS = (
    "add",
    "search",
    "summary",
    "stats",
    "update",
    "remove",
    "forget",
    "consolidate",
    "clear_all",
)
FORGET_STRATEGIES = ("importance_based", "time_based", "capacity_based")

DESCRIPTION = (
    "Remember and recall information across the conversation and across sessions "
    "(working memory lasts this session; episodic and semantic memory persist). "
    "Actions: add (content, memory_type, importance), search (query, limit, memory_type, "
    "min_importance), summary (limit), stats, update (memory_id, content, importance), "
    "remove (memory_id), forget (strategy, threshold, max_age_days), consolidate "
    "(from_type, to_type, importance_threshold), clear_all."
)

_TYPE_LABELS = {
    "working": "working",
    "episodic": "episodic",
    "semantic": "semantic",
    "perceptual": "perceptual",
}


class MemoryTool(ActionTool):
    """The memory system as a tool named ``memory``.

    Args:
        user_id: Whose memories these are.
        memory_config: The settings (storage folder, capacities, TTL ...).
        memory_types: The kinds to enable (default: working, episodic, semantic).
        embedder: The embedding model (default: ``EMBED_MODEL_TYPE`` or the local
            model when installed); None for lexical search only.
        session_id: The session stamped on new episodic memories (default: a new one).
        memory_manager: An existing manager to use instead of building one.
        default_memory_type: The kind ``add`` stores into when the call names none:
            ``"working"`` as in the tutorial (kept for this session only), or
            ``"episodic"`` / ``"semantic"`` for an agent that should remember across
            runs. Default: working when enabled, else the first enabled kind.

    Raises:
        MemoryException: A memory type is unknown, or ``default_memory_type`` is not
            one of the enabled kinds.
    """

    def __init__(
        self,
        user_id: str = "default_user",
        memory_config: MemoryConfig | None = None,
        memory_types: list[str] | None = None,
        embedder: Any = _DEFAULT_EMBEDDER,
        session_id: str | None = None,
        memory_manager: MemoryManager | None = None,
        default_memory_type: str | None = None,
    ) -> None:
        super().__init__("memory", DESCRIPTION)
        self.user_id = user_id
        self.memory_config = memory_config or MemoryConfig()
        self.memory_types = list(memory_types or ["working", "episodic", "semantic"])
        unknown = [t for t in self.memory_types if t not in MEMORY_TYPES]
        if unknown:
            raise MemoryException(
                f"unknown memory types {unknown}: use some of {', '.join(MEMORY_TYPES)}"
            )
        if default_memory_type is None:
            default_memory_type = (
                "working" if "working" in self.memory_types else self.memory_types[0]
            )
        if default_memory_type not in self.memory_types:
            raise MemoryException(
                f"default_memory_type {default_memory_type!r} is not enabled: "
                f"use one of {', '.join(self.memory_types)} or add it to memory_types"
            )
        self.default_memory_type = default_memory_type
        self.current_session_id = session_id or datetime.now().strftime("session_%Y%m%d_%H%M%S")
        self.memory_manager = memory_manager or MemoryManager(
            self.memory_config,
            user_id=user_id,
            enable_working="working" in self.memory_types,
            enable_episodic="episodic" in self.memory_types,
            enable_semantic="semantic" in self.memory_types,
            enable_perceptual="perceptual" in self.memory_types,
            embedder=embedder,
            session_id=self.current_session_id,
        )
        self._handlers: dict[str, ActionHandler] = {
            "add": self._add,
            "search": self._search,
            "summary": self._summary,
            "stats": self._stats,
            "update": self._update,
            "remove": self._remove,
            "forget": self._forget,
            "consolidate": self._consolidate,
            "clear_all": self._clear_all,
        }

    def add_action(self, name: str, handler: ActionHandler) -> None:
        """Teach the tool a new action (or replace one).

        Args:
            name: The action's name, as the model will write it.
            handler: Takes the call's arguments (``None`` values removed) and returns
                an :class:`ActionResult`.
        """
        self._handlers[name] = handler
        self._input_model = None  # the action enum changed: rebuild the schema

    # -- the tool contract ------------------------------------------------------------

    def get_parameters(self) -> list[ToolParameter]:
        kinds = list(self.memory_types)
        return [
            ToolParameter(
                name="action", type="string", description="What to do.", enum=list(self._handlers)
            ),
            optional("content", "string", "add/update: the text to remember."),
            optional(
                "memory_type",
                "string",
                f"add: the kind (default {self.default_memory_type}; {_lifetimes(kinds)}); "
                "search: only this kind.",
                enum=kinds,
            ),
            optional("importance", "number", "add/update: 0 (trivial) to 1 (essential)."),
            optional("query", "string", "search: what to look for."),
            optional("limit", "integer", "search/summary: how many results."),
            optional("min_importance", "number", "search: skip less important memories."),
            optional("memory_id", "string", "update/remove: the memory's id."),
            optional(
                "strategy",
                "string",
                "forget: how to choose what to forget.",
                enum=list(FORGET_STRATEGIES),
            ),
            optional(
                "threshold", "number", "forget importance_based: forget below this importance."
            ),
            optional("max_age_days", "number", "forget time_based: forget older than this."),
            optional(
                "from_type", "string", "consolidate: the source kind (default working).", enum=kinds
            ),
            optional(
                "to_type", "string", "consolidate: the target kind (default episodic).", enum=kinds
            ),
            optional(
                "importance_threshold",
                "number",
                "consolidate: move memories at least this important.",
            ),
            optional(
                "metadata",
                "object",
                "add/update: extra facts (session_id, entities, modality, file_path).",
            ),
        ]

    # -- the actions ------------------------------------------------------------------

    def _add(self, p: dict[str, Any]) -> ActionResult:
        if not p.get("content") and not p.get("file_path"):
            return missing("add", "content", '{"action": "add", "content": "The user likes tea"}')
        memory_type = str(p.get("memory_type") or self.default_memory_type)
        declared = {parameter.name for parameter in self.get_parameters()}
        metadata = {k: v for k, v in p.items() if k not in declared}
        metadata.update(p.get("metadata") or {})
        if memory_type == "episodic":
            metadata.setdefault("session_id", self.current_session_id)
        importance = p.get("importance")
        memory_id = self.memory_manager.add_memory(
            str(p.get("content") or ""),
            memory_type,
            None if importance is None else float(importance),
            metadata,
        )
        found = self.memory_manager.find(memory_id)
        stored = found[1] if found else None
        text = f"Memory added to {memory_type} memory (id: {memory_id})"
        if stored is not None:
            text += f", importance {stored.importance:.2f}"
        text += "."
        durable = [kind for kind in ("episodic", "semantic") if kind in self.memory_types]
        if memory_type == "working" and durable:
            # Said to the model, which otherwise believes it has remembered for good.
            text += (
                " Working memory lasts for this session only; to remember it in later "
                f"sessions, add it with memory_type {' or '.join(durable)}."
            )
        return ActionResult(
            "add",
            True,
            text,
            {"memory_id": memory_id, "memory": stored.to_dict() if stored else None},
        )

    def _search(self, p: dict[str, Any]) -> ActionResult:
        query = str(p.get("query") or "").strip()
        limit = int(p.get("limit") or 5)
        memory_type = p.get("memory_type")
        memory_types = [str(memory_type)] if memory_type else None
        min_importance = float(p.get("min_importance") or 0.0)
        filters: dict[str, Any] = {
            k: p[k] for k in ("session_id", "modality", "target_modality") if k in p
        }
        if not query:
            # The tutorial lists one kind's memories with an empty query.
            matches = self._listing(memory_types, limit, min_importance, filters)
        else:
            matches = self.memory_manager.retrieve_memories(
                query,
                memory_types=memory_types,
                limit=limit,
                min_importance=min_importance,
                **filters,
            )
        results = [match.to_dict() for match in matches]
        what = f"for {query!r}" if query else f"of kind {memory_type}" if memory_type else "stored"
        if not matches:
            text = f"No memories match {query!r}." if query else f"No memories {what}."
            return ActionResult("search", True, text, {"query": query, "results": []})
        lines = [f"Found {len(matches)} memories {what}:"]
        lines += [f"{n}. {_describe(match)}" for n, match in enumerate(matches, 1)]
        return ActionResult("search", True, "\n".join(lines), {"query": query, "results": results})

    def _listing(
        self,
        memory_types: list[str] | None,
        limit: int,
        min_importance: float,
        filters: dict[str, Any],
    ) -> list[ScoredMemory]:
        """Memories without a query: the most important first, then the newest."""
        items = [
            item
            for item in self.memory_manager.get_all(memory_types)
            if item.importance >= min_importance
            and all(item.metadata.get(key) == value for key, value in filters.items())
        ]
        items.sort(key=lambda item: (item.importance, item.timestamp), reverse=True)
        return [ScoredMemory(item, item.importance) for item in items[:limit]]

    def _summary(self, p: dict[str, Any]) -> ActionResult:
        limit = int(p.get("limit") or 10)
        items = self.memory_manager.get_all()
        counts = {kind: 0 for kind in self.memory_manager.memory_types}
        for item in items:
            counts[item.memory_type] = counts.get(item.memory_type, 0) + 1
        top = sorted(items, key=lambda i: (i.importance, i.timestamp), reverse=True)[:limit]
        lines = [
            f"Memory summary for {self.user_id}: {len(items)} memories "
            + "("
            + ", ".join(f"{kind} {count}" for kind, count in counts.items())
            + ")."
        ]
        if top:
            lines.append(f"The {len(top)} most important:")
            lines += [
                f"{n}. {_describe(ScoredMemory(item, item.importance))}"
                for n, item in enumerate(top, 1)
            ]
        return ActionResult(
            "summary",
            True,
            "\n".join(lines),
            {"total": len(items), "counts": counts, "top": [item.to_dict() for item in top]},
        )

    def _stats(self, p: dict[str, Any]) -> ActionResult:
        stats = self.memory_manager.get_memory_stats()
        per_type = ", ".join(
            f"{kind} {entry['count']}" for kind, entry in stats["memories_by_type"].items()
        )
        text = (
            f"Memory stats for {self.user_id}: {stats['total_memories']} memories ({per_type}); "
            f"session {self.current_session_id}; embedder {stats['embedder']}."
        )
        return ActionResult("stats", True, text, stats | {"session_id": self.current_session_id})

    def _update(self, p: dict[str, Any]) -> ActionResult:
        if not p.get("memory_id"):
            return missing(
                "update", "memory_id", '{"action": "update", "memory_id": "...", "importance": 0.9}'
            )
        memory_id = str(p["memory_id"])
        importance = p.get("importance")
        changed = self.memory_manager.update_memory(
            memory_id,
            content=p.get("content"),
            importance=None if importance is None else float(importance),
            metadata=p.get("metadata"),
        )
        if not changed:
            return ActionResult.failure(
                "update", f"no memory has id {memory_id!r}; search first to find ids"
            )
        return ActionResult(
            "update", True, f"Memory {memory_id} updated.", {"memory_id": memory_id}
        )

    def _remove(self, p: dict[str, Any]) -> ActionResult:
        if not p.get("memory_id"):
            return missing("remove", "memory_id", '{"action": "remove", "memory_id": "..."}')
        memory_id = str(p["memory_id"])
        if not self.memory_manager.remove_memory(memory_id):
            return ActionResult.failure(
                "remove", f"no memory has id {memory_id!r}; search first to find ids"
            )
        return ActionResult(
            "remove", True, f"Memory {memory_id} removed.", {"memory_id": memory_id}
        )

    def _forget(self, p: dict[str, Any]) -> ActionResult:
        strategy = str(p.get("strategy") or "importance_based")
        if strategy not in FORGET_STRATEGIES:
            return ActionResult.failure(
                "forget", f"unknown strategy {strategy!r}: use {', '.join(FORGET_STRATEGIES)}"
            )
        count = self.memory_manager.forget_memories(
            strategy, float(p.get("threshold", 0.1)), float(p.get("max_age_days", 30))
        )
        return ActionResult(
            "forget",
            True,
            f"Forgot {count} memories ({strategy}).",
            {"forgotten": count, "strategy": strategy},
        )

    def _consolidate(self, p: dict[str, Any]) -> ActionResult:
        from_type = str(p.get("from_type") or "working")
        to_type = str(p.get("to_type") or "episodic")
        threshold = float(p.get("importance_threshold", 0.7))
        count = self.memory_manager.consolidate_memories(from_type, to_type, threshold)
        return ActionResult(
            "consolidate",
            True,
            f"Consolidated {count} memories from {from_type} to {to_type} "
            f"(importance >= {threshold}).",
            {"consolidated": count, "from_type": from_type, "to_type": to_type},
        )

    def _clear_all(self, p: dict[str, Any]) -> ActionResult:
        before = len(self.memory_manager.get_all())
        self.memory_manager.clear_all_memories()
        return ActionResult(
            "clear_all", True, f"Cleared all {before} memories.", {"cleared": before}
        )


_LIFETIMES = {
    "working": "working lasts this session only",
    "episodic": "episodic keeps events across sessions",
    "semantic": "semantic keeps facts across sessions",
    "perceptual": "perceptual keeps files and media across sessions",
}


def _lifetimes(kinds: list[str]) -> str:
    """How long each enabled kind keeps what it is given, for the model."""
    return ", ".join(_LIFETIMES[kind] for kind in kinds if kind in _LIFETIMES)


def _describe(match: ScoredMemory) -> str:
    item: MemoryItem = match.item
    when = item.timestamp.strftime("%Y-%m-%d %H:%M")
    return (
        f"[{_TYPE_LABELS.get(item.memory_type, item.memory_type)}] {item.content} "
        f"(importance {item.importance:.2f}, score {match.score:.2f}, {when}, id {item.id})"
    )


__all__ = ["FORGET_STRATEGIES", "MEMORY_ACTIONS", "MemoryTool"]

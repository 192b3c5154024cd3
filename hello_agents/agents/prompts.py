"""Prompt templates: named placeholders, checked early, filled safely.

Agents keep their templates as module constants with ``{placeholder}`` fields.
:func:`render` fills only the placeholders it is given by name, so a template
may contain other braces (a JSON example, a code snippet) without escaping,
and text inserted by a placeholder (a user question full of braces) is never
interpreted again. :func:`check_template` rejects, when an agent is built, a
custom template that lacks a placeholder the agent needs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from hello_agents.core.exceptions import AgentException

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders a template uses."""
    return set(_PLACEHOLDER.findall(template))


def check_template(template: str, required: Iterable[str], name: str) -> str:
    """Return ``template`` if it has every required placeholder.

    Args:
        template: The template text.
        required: Placeholders the agent fills and needs the model to see.
        name: The template's name, for the error message.

    Raises:
        AgentException: If a required placeholder is missing.
    """
    missing = sorted(set(required) - placeholders(template))
    if missing:
        needed = ", ".join("{" + field + "}" for field in sorted(required))
        raise AgentException(
            f"prompt template {name!r} is missing {', '.join('{' + m + '}' for m in missing)}; "
            f"it must contain {needed}"
        )
    return template


def merge_prompts(
    defaults: Mapping[str, str],
    custom: Mapping[str, str] | None,
    required: Mapping[str, Iterable[str]],
) -> dict[str, str]:
    """Default templates overridden by ``custom`` ones, each checked.

    Raises:
        AgentException: For an unknown template key or a missing placeholder.
    """
    unknown = sorted(set(custom or {}) - set(defaults))
    if unknown:
        raise AgentException(
            f"unknown prompt name(s) {', '.join(unknown)}; expected some of: "
            f"{', '.join(sorted(defaults))}"
        )
    merged = {**defaults, **(custom or {})}
    return {key: check_template(text, required.get(key, ()), key) for key, text in merged.items()}


def render(template: str, **values: object) -> str:
    """Fill the named placeholders of ``template``; leave every other brace alone."""

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        return str(values[key]) if key in values else match.group(0)

    return _PLACEHOLDER.sub(fill, template)


__all__ = ["check_template", "merge_prompts", "placeholders", "render"]

"""The orchestrator schema: one structured model call picks a tool and fills its arguments.

:func:`build_orchestrator_model` turns the registered tools into one pydantic
model whose ``tool_call`` field is a discriminated union: one variant per tool,
each ``{"tool_name": <literal name>, "arguments": <that tool's input model>}``.
Ask a model for JSON matching ``model_json_schema()`` (structured output /
JSON mode), and the ``tool_name`` literal tells pydantic - and you - which tool
it chose. :func:`parse_tool_choice` reads the answer and :func:`run_tool_choice`
runs it through the registry, guard included.

    ToolChoice
    └── tool_call: GetWeatherCall | SearchCall | ...   (discriminator: tool_name)
        ├── tool_name: Literal["get_weather"]
        └── arguments: GetWeatherArguments
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, ValidationError, create_model

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.arguments import describe_validation_error
from hello_agents.tools.base import ToolResult, camel_case
from hello_agents.tools.registry import ToolProvider

ORCHESTRATOR = "orchestrator"  # the tool_name of results about the choice itself


def build_orchestrator_model(
    registry: ToolProvider, *, tool_names: Iterable[str] | None = None, name: str = "ToolChoice"
) -> type[BaseModel]:
    """Build the model of "which tool, with which arguments".

    Args:
        registry: Where the tools are registered (a registry or a view of one).
        tool_names: The tools to offer (all registered tools when None).
        name: The model's class name (its title in the JSON Schema).

    Returns:
        A pydantic model with one field, ``tool_call``: a union over the tools,
        discriminated by the literal ``tool_name`` field of each variant.

    Raises:
        ToolException: There are no tools, or a name is not registered.
    """
    names = list(tool_names) if tool_names is not None else registry.list_tools()
    variants: list[type[BaseModel]] = []
    for tool_name in names:
        tool = registry.get_tool(tool_name)
        if tool is None:
            raise ToolException(f"Cannot build the orchestrator: no tool named {tool_name!r}.")
        name_literal: Any = Literal[tool.name]  # built at run time, one per tool
        variants.append(
            create_model(
                f"{camel_case(tool.name)}Call",
                __doc__=tool.description,
                tool_name=(name_literal, Field(description="The tool to call.")),
                arguments=(tool.input_model(), Field(description="Its arguments.")),
            )
        )
    if not variants:
        raise ToolException("Cannot build the orchestrator: the registry has no tools.")
    choice: Any = variants[0]
    if len(variants) > 1:
        choice = Annotated[Union[tuple(variants)], Field(discriminator="tool_name")]  # noqa: UP007
    return create_model(
        name,
        __doc__="Pick the one tool that best serves the request and fill in its arguments.",
        tool_call=(choice, Field(description="The chosen tool and its arguments.")),
    )


def parse_tool_choice(
    model: type[BaseModel], raw: str | Mapping[str, Any] | BaseModel
) -> BaseModel | ToolResult:
    """Read a model's answer into the orchestrator model.

    Args:
        model: The class from :func:`build_orchestrator_model`.
        raw: The answer: JSON text, a dict, or an already parsed instance.

    Returns:
        The parsed choice, or a failed result (``invalid_json`` or
        ``invalid_arguments``) whose content tells the model what to fix.
    """
    if isinstance(raw, BaseModel):
        return raw
    try:
        if isinstance(raw, str):
            return model.model_validate_json(raw)
        return model.model_validate(dict(raw))
    except ValidationError as error:
        if any(item["type"] == "json_invalid" for item in error.errors()):
            return ToolResult.failure(
                ORCHESTRATOR,
                "invalid_json",
                f"The tool choice is not valid JSON: {error.errors()[0]['msg']}. Answer with "
                'one JSON object: {"tool_call": {"tool_name": ..., "arguments": {...}}}.',
            )
        schema = model.model_json_schema()
        problems = [describe_validation_error(item, schema) for item in error.errors()]
        return ToolResult.failure(
            ORCHESTRATOR,
            "invalid_arguments",
            "The tool choice does not fit the schema:\n"
            + "\n".join(f"- {problem}" for problem in problems)
            + "\nFix these fields and answer again.",
        )


def run_tool_choice(
    registry: ToolProvider,
    choice: str | Mapping[str, Any] | BaseModel,
    *,
    model: type[BaseModel] | None = None,
    timeout: float | None = None,
) -> ToolResult:
    """Run the tool a parsed (or raw) choice names, through the registry's guard.

    Args:
        registry: Where the tool is registered.
        choice: An instance of the orchestrator model, or raw JSON/dict to parse
            with ``model``.
        model: The orchestrator model; needed only when ``choice`` is raw.
        timeout: Seconds the tool may take.

    Returns:
        The tool's result, or a failed result if the choice itself is invalid.

    Raises:
        ToolException: ``choice`` is raw and no ``model`` was given.
    """
    if not isinstance(choice, BaseModel):
        if model is None:
            raise ToolException("run_tool_choice needs model= to parse a raw choice.")
        parsed = parse_tool_choice(model, choice)
        if isinstance(parsed, ToolResult):
            return parsed
        choice = parsed
    parsed_choice: Any = choice  # a dynamically built model: its fields are not known statically
    call = getattr(parsed_choice, "tool_call", None)
    if not isinstance(call, BaseModel):
        raise ToolException(f"{type(choice).__name__} is not an orchestrator model instance.")
    call_fields: Any = call
    return registry.execute(
        call_fields.tool_name,
        call_fields.arguments.model_dump(mode="json", exclude_unset=True),
        timeout=timeout,
    )


__all__ = ["ORCHESTRATOR", "build_orchestrator_model", "parse_tool_choice", "run_tool_choice"]

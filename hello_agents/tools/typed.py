"""Typed tools: the JSON Schema comes from Python types, the description from the docstring.

Two ways to write one, next to the tutorial's hand-declared :class:`~hello_agents.tools.base.Tool`:

* :func:`tool` turns a typed function (sync or ``async``) into a :class:`FunctionTool`.
  Parameter types, defaults, ``Literal``/``Enum`` choices and nested pydantic models
  all reach the schema; the docstring's first part is the tool description and its
  ``Args:`` section describes the parameters.
* :class:`ModelTool` is schema-first (as in atomic-agents): the arguments are one
  pydantic model, given as the generic parameter, and the class docstring is the
  description.

The docstring is mandatory in both: it is the text the model reads to decide when
to call the tool, so a tool without one is refused when it is defined.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import warnings
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar, get_args, get_origin, get_type_hints, overload

from pydantic import BaseModel, ConfigDict, Field, create_model

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import (
    Tool,
    ToolParameter,
    camel_case,
    parameters_from_schema,
    render_value,
)

InputT = TypeVar("InputT", bound=BaseModel)
ResultT = TypeVar("ResultT")

_SECTION_HEADER = re.compile(
    r"^\s*(Args|Arguments|Parameters|Returns?|Yields?|Raises|Examples?|Notes?|Attributes)\s*:\s*$"
)
_ARGUMENT_LINE = re.compile(r"^\s*\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


def parse_docstring(docstring: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into its summary and per-argument text.

    Args:
        docstring: The raw ``__doc__``, or None.

    Returns:
        ``(summary, descriptions)``: the text before the first section header, and
        a map from argument name to its description in the ``Args:`` section.
    """
    summary: list[str] = []
    descriptions: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    entry_indent = 0
    for line in inspect.cleandoc(docstring or "").splitlines():
        header = _SECTION_HEADER.match(line)
        if header:
            section, current = header.group(1), None
            continue
        if section is None:
            summary.append(line)
            continue
        if section not in ("Args", "Arguments", "Parameters") or not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        entry = _ARGUMENT_LINE.match(line)
        if entry and (current is None or indent <= entry_indent):
            current, entry_indent = entry.group(1), indent
            descriptions[current] = entry.group(2).strip()
        elif current is not None:  # a continuation line of the current argument
            descriptions[current] = f"{descriptions[current]} {line.strip()}".strip()
    paragraphs = "\n".join(summary).strip().split("\n\n")
    text = "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)
    return text.strip(), descriptions


def clean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop the ``title`` keys pydantic adds: they repeat the names and cost tokens.

    Args:
        schema: A JSON Schema produced by ``model_json_schema()``.

    Returns:
        A copy without titles (field names inside ``properties`` are kept).
    """
    cleaned: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key in ("properties", "$defs") and isinstance(value, dict):
            cleaned[key] = {name: clean_schema(sub) for name, sub in value.items()}
        elif isinstance(value, dict):
            cleaned[key] = clean_schema(value)
        elif isinstance(value, list):
            cleaned[key] = [clean_schema(v) if isinstance(v, dict) else v for v in value]
        else:
            cleaned[key] = value
    return cleaned


def run_coroutine_sync(awaitable: Awaitable[ResultT]) -> ResultT:
    """Run a coroutine to completion from synchronous code.

    Args:
        awaitable: The coroutine to run.

    Returns:
        Its result. When this thread already runs an event loop (sync code called
        from async code), the coroutine runs on a fresh loop in a worker thread.
    """

    async def wrapper() -> ResultT:
        return await awaitable

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(wrapper())
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="hello-agents-async-tool") as pool:
        return pool.submit(asyncio.run, wrapper()).result()


def _arguments_model(
    function: Callable[..., Any], tool_name: str, descriptions: dict[str, str], strict: bool
) -> type[BaseModel]:
    """Build the pydantic model of a function's parameters (one field each)."""
    try:
        hints = get_type_hints(function, include_extras=True)
    except Exception as error:  # unresolvable forward reference, usually
        raise ToolException(
            f"Cannot read the type hints of tool {tool_name!r}: {error}. "
            "Define the types it uses at module level."
        ) from error
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError) as error:  # some builtins have no readable signature
        raise ToolException(
            f"Cannot read the signature of tool {tool_name!r}: {error}. Wrap it in a "
            "function with named, typed parameters."
        ) from error
    fields: dict[str, Any] = {}
    for parameter in parameters:
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise ToolException(
                f"Tool {tool_name!r} takes *{parameter.name}: a tool needs named, "
                "typed parameters the model can fill in."
            )
        if parameter.kind is parameter.POSITIONAL_ONLY:
            raise ToolException(
                f"Tool {tool_name!r}: parameter {parameter.name!r} is positional-only; "
                "tools are called with keyword arguments."
            )
        annotation = hints.get(parameter.name)
        if annotation is None:
            if strict:
                raise ToolException(
                    f"Tool {tool_name!r}: parameter {parameter.name!r} has no type "
                    "annotation; the schema is generated from the types."
                )
            annotation = str  # the tutorial's Callable[[str], str] functions
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        description = descriptions.get(parameter.name)
        fields[parameter.name] = (annotation, Field(default, description=description))
    with warnings.catch_warnings():
        # A parameter called "schema" or "json" shadows a BaseModel method; harmless here,
        # since arguments are read back by field name, so the warning is only noise.
        warnings.filterwarnings("ignore", message=".*shadows an attribute", category=UserWarning)
        return create_model(
            camel_case(tool_name) + "Arguments", __config__=ConfigDict(extra="forbid"), **fields
        )


class TypedTool(Tool):
    """A tool whose arguments are described by a pydantic model (its schema is generated).

    The shared half of :class:`FunctionTool` and :class:`ModelTool`: the schema,
    the tutorial's parameter list and validation all come from
    :meth:`~hello_agents.tools.base.Tool.input_model`, which subclasses set in ``__init__``.
    """

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema generated from the input model (without pydantic's titles).

        Generated once per tool (agents ask for it on every request) and kept as
        JSON text, so that each caller gets its own copy at the cost of one parse.
        """
        cached: str | None = self.__dict__.get("_input_schema")
        if cached is None:
            cached = json.dumps(clean_schema(self.input_model().model_json_schema()))
            self.__dict__["_input_schema"] = cached
        schema: dict[str, Any] = json.loads(cached)
        return schema

    def get_parameters(self) -> list[ToolParameter]:
        """The tutorial's parameter list, read back from the generated schema."""
        return parameters_from_schema(self.input_schema())

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Validate arguments against the input model; omitted ones get their defaults.

        Args:
            arguments: The parsed, not yet trusted arguments.

        Returns:
            Every field's validated value (nested models stay models).

        Raises:
            pydantic.ValidationError: The arguments do not fit the model.
        """
        validated = self.input_model().model_validate(arguments)
        return {name: getattr(validated, name) for name in type(validated).model_fields}

    def run(self, parameters: dict[str, Any]) -> str:
        """The tutorial contract: validate, call, and render the result as text.

        Args:
            parameters: Arguments by name.

        Returns:
            The result as text (JSON for structured values).

        Raises:
            pydantic.ValidationError: The arguments do not fit the input model.
        """
        return render_value(self.invoke(self.validate_arguments(parameters)))


class FunctionTool(TypedTool):
    """A tool made from a typed Python function.

    Args:
        function: The function (sync or ``async``) that does the work.
        name: The tool name; the function's name when not given.
        description: What the tool does; the docstring's summary when not given.
        timeout: Seconds one call may take (see :attr:`Tool.timeout`).
        require_annotations: Refuse parameters without a type annotation. When
            False they are taken as strings, as in the tutorial's ``Callable[[str], str]``.

    Raises:
        ToolException: There is no description (no docstring), a parameter has no
            type, or the signature has ``*args``/``**kwargs``.
    """

    def __init__(
        self,
        function: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        timeout: float | None = None,
        require_annotations: bool = True,
    ) -> None:
        tool_name = name or function.__name__
        summary, argument_descriptions = parse_docstring(function.__doc__)
        description = description or summary
        if not description:
            raise ToolException(
                f"Tool {tool_name!r} has no docstring. The docstring is the description the "
                "model reads to decide when to call the tool: add one (and an Args: section "
                "for the parameters)."
            )
        super().__init__(tool_name, description)
        self.function = function
        self.timeout = timeout
        self.is_async = inspect.iscoroutinefunction(function)
        self._input_model = _arguments_model(
            function, tool_name, argument_descriptions, require_annotations
        )
        parameters = list(inspect.signature(function).parameters.values())
        text_types = (inspect.Parameter.empty, str, "str")
        if (
            not require_annotations
            and len(parameters) == 1
            and parameters[0].annotation in text_types
        ):
            self.text_parameter = parameters[0].name  # the tutorial's Callable[[str], str]

    def invoke(self, arguments: dict[str, Any]) -> Any:
        """Call the function with validated keyword arguments.

        Args:
            arguments: Output of :meth:`validate_arguments`.

        Returns:
            The function's return value (an ``async`` function is run to completion).
        """
        if self.is_async:
            return run_coroutine_sync(self.function(**arguments))
        return self.function(**arguments)

    async def ainvoke(self, arguments: dict[str, Any]) -> Any:
        """Await an ``async`` function natively (a sync one is simply called).

        Args:
            arguments: Output of :meth:`validate_arguments`.

        Returns:
            The function's return value.
        """
        if self.is_async:
            return await self.function(**arguments)
        return self.function(**arguments)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the wrapped function directly, as if it were not decorated."""
        return self.function(*args, **kwargs)


@overload
def tool(function: Callable[..., Any], /) -> FunctionTool: ...


@overload
def tool(
    *, name: str | None = None, description: str | None = None, timeout: float | None = None
) -> Callable[[Callable[..., Any]], FunctionTool]: ...


def tool(
    function: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    timeout: float | None = None,
) -> FunctionTool | Callable[[Callable[..., Any]], FunctionTool]:
    """Turn a typed function into a tool: ``@tool`` or ``@tool(name=..., timeout=...)``.

    Args:
        function: The function, when used as a bare ``@tool``.
        name: The tool name; the function's name by default.
        description: Overrides the docstring summary.
        timeout: Seconds one call may take.

    Returns:
        A :class:`FunctionTool` (still callable like the function), or a decorator
        that makes one.

    Raises:
        ToolException: The function has no docstring or untyped parameters.
    """

    def decorate(target: Callable[..., Any]) -> FunctionTool:
        return FunctionTool(target, name=name, description=description, timeout=timeout)

    if function is not None:
        return decorate(function)
    return decorate


class ModelTool(TypedTool, Generic[InputT]):
    """A schema-first tool: its arguments are one pydantic model.

    Subclass ``ModelTool[YourInput]``, write a class docstring (the description the
    model reads; mandatory) and implement :meth:`call` (sync or ``async``). The tool
    name is the class attribute ``name`` if set, else the class name in snake_case
    without a ``Tool`` suffix.

    Args:
        name: Overrides the tool name.
        description: Overrides the class docstring.
        timeout: Seconds one call may take.

    Raises:
        ToolException: When the subclass is defined without a docstring.
    """

    arguments_model: type[BaseModel]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            origin = get_origin(base)
            if isinstance(origin, type) and issubclass(origin, ModelTool):
                (argument,) = get_args(base)
                if isinstance(argument, type) and issubclass(argument, BaseModel):
                    cls.arguments_model = argument
        if not hasattr(cls, "arguments_model"):  # an intermediate generic base class
            return
        if not (cls.__doc__ or "").strip():
            raise ToolException(
                f"Tool class {cls.__name__} has no docstring. The docstring is the "
                "description the model reads to decide when to call the tool: add one."
            )
        cls.is_async = inspect.iscoroutinefunction(cls.call)

    def __init__(
        self,
        name: str | None = None,
        description: str | None = None,
        *,
        timeout: float | None = None,
    ) -> None:
        cls = type(self)
        default_name = getattr(cls, "name", None)
        if not isinstance(default_name, str):
            base_name = re.sub(r"Tool$", "", cls.__name__) or cls.__name__
            default_name = re.sub(r"(?<!^)(?=[A-Z])", "_", base_name).lower()
        super().__init__(name or default_name, description or inspect.cleandoc(cls.__doc__ or ""))
        self.timeout = timeout if timeout is not None else cls.timeout
        self._input_model = cls.arguments_model

    @abstractmethod
    def call(self, arguments: InputT) -> Any:
        """Do the work: ``def call`` or ``async def call``.

        Args:
            arguments: The validated input model.

        Returns:
            Text, a pydantic model, or any JSON-friendly value.
        """

    def _as_model(self, arguments: dict[str, Any]) -> InputT:
        model: InputT = self.input_model().model_validate(arguments)  # type: ignore[assignment]
        return model

    def invoke(self, arguments: dict[str, Any]) -> Any:
        """Build the input model and call :meth:`call` (awaiting it if async).

        Args:
            arguments: Output of :meth:`validate_arguments`.

        Returns:
            What :meth:`call` returned.
        """
        result = self.call(self._as_model(arguments))
        if inspect.isawaitable(result):
            return run_coroutine_sync(result)
        return result

    async def ainvoke(self, arguments: dict[str, Any]) -> Any:
        """The async twin of :meth:`invoke`: an async :meth:`call` is awaited here."""
        result = self.call(self._as_model(arguments))
        if inspect.isawaitable(result):
            return await result
        return result


__all__ = [
    "FunctionTool",
    "ModelTool",
    "TypedTool",
    "clean_schema",
    "parse_docstring",
    "run_coroutine_sync",
    "tool",
]

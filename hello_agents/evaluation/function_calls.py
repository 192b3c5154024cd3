"""Function-calling accuracy as BFCL measures it: AST matching of calls.

A prediction is a list of :class:`FunctionCall` (a name and its arguments). The
ground truth is BFCL's *possible answer* format: one entry per expected call,
``{"function_name": {"param": [accepted values...]}}``, where the accepted
values of a parameter are alternatives and ``""`` among them means the
parameter may be left out.

:func:`check_calls` applies BFCL's rules:

* the function name must be the expected one (``math.factorial`` also matches
  ``math_factorial``: OpenAI-style APIs forbid dots in tool names);
* every required parameter (from the function's schema) is given, and no
  parameter outside the schema or outside the possible answer;
* each value has the schema's type (an int is accepted where a float is expected,
  never a bool for a number) and equals one of the accepted values; strings are
  compared case-insensitively, ignoring spaces and ``,./-_*^`` (``April 1, 2024``
  equals ``april 1 2024``), lists element by element, dicts key by key;
* a parameter of the possible answer that was not given must allow ``""``.

Per category (BFCL's names, or any name containing them such as ``simple_python``
or ``live_parallel_multiple``):

* ``simple``: exactly one call, matching the one expected;
* ``multiple``: exactly one call, the right one of several functions offered;
* ``parallel`` and ``parallel_multiple``: as many calls as expected, each expected
  call matched by a different predicted one, in any order;
* ``irrelevance``: no call at all (none of the functions fits the question);
* ``relevance``: at least one call, whatever its arguments.

:func:`parse_function_calls` reads calls from a model's text: JSON
(``[{"name": ..., "arguments": {...}}]``) or Python call syntax
(``get_weather(city="Paris")``, parsed with :mod:`ast`; literal arithmetic such
as ``2+3`` is evaluated, so it equals ``5``).
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hello_agents.tools.arguments import parse_expression
from hello_agents.tools.builtin.calculator import CalculatorError, evaluate

CATEGORIES: tuple[str, ...] = (
    "simple",
    "multiple",
    "parallel",
    "parallel_multiple",
    "irrelevance",
    "relevance",
)
# BFCL's parameter types, and the JSON Schema types that mean the same.
_PYTHON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "float": float,
    "number": float,
    "boolean": bool,
    "array": list,
    "tuple": list,
    "dict": dict,
    "object": dict,
}
_STRING_NOISE = re.compile(r"[ ,./\-_*^]")


@dataclass(frozen=True)
class FunctionCall:
    """One call: a function name and its arguments."""

    name: str
    arguments: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """``{"name": ..., "arguments": {...}}``."""
        return {"name": self.name, "arguments": dict(self.arguments)}


@dataclass(frozen=True)
class CallCheck:
    """The verdict on one sample's calls.

    Attributes:
        valid: The prediction matches the ground truth.
        error: Why not (empty when valid).
        error_type: A short stable label, e.g. ``wrong_count``, ``wrong_name``,
            ``missing_required``, ``unexpected_param``, ``type_error``, ``value_error``.
    """

    valid: bool
    error: str = ""
    error_type: str = ""


OK = CallCheck(True)


def category_kind(category: str) -> str:
    """The matching rule a category name asks for (one of :data:`CATEGORIES`).

    >>> category_kind("live_parallel_multiple")
    'parallel_multiple'
    >>> category_kind("simple_python")
    'simple'
    """
    name = category.lower()
    if "irrelevance" in name:
        return "irrelevance"
    if "relevance" in name:
        return "relevance"
    if "parallel" in name and "multiple" in name:
        return "parallel_multiple"
    if "parallel" in name:
        return "parallel"
    if "multiple" in name:
        return "multiple"
    return "simple"


def check_calls(
    functions: Sequence[Mapping[str, Any]],
    predicted: Sequence[FunctionCall],
    ground_truth: Sequence[Mapping[str, Mapping[str, list[Any]]]],
    category: str = "simple",
) -> CallCheck:
    """Whether ``predicted`` matches ``ground_truth`` under ``category``'s rule.

    Args:
        functions: The functions offered (name, description, JSON-Schema ``parameters``).
        predicted: The calls the model made.
        ground_truth: BFCL possible answers, one per expected call (empty for irrelevance).
        category: A BFCL category name (see :func:`category_kind`).

    Returns:
        The verdict, with the first reason for a failure.
    """
    kind = category_kind(category)
    if kind == "irrelevance":
        if predicted:
            names = ", ".join(call.name for call in predicted)
            return CallCheck(False, f"no call was expected, got {names}", "irrelevance_called")
        return OK
    if kind == "relevance":
        return OK if predicted else CallCheck(False, "a call was expected, got none", "no_call")
    if len(predicted) != len(ground_truth):
        return CallCheck(
            False,
            f"expected {len(ground_truth)} call(s), got {len(predicted)}",
            "wrong_count",
        )
    if kind in ("simple", "multiple"):
        return check_call(functions, predicted[0], ground_truth[0])
    return _check_unordered(functions, predicted, ground_truth)


def _check_unordered(
    functions: Sequence[Mapping[str, Any]],
    predicted: Sequence[FunctionCall],
    ground_truth: Sequence[Mapping[str, Mapping[str, list[Any]]]],
) -> CallCheck:
    used: set[int] = set()
    for index, expected in enumerate(ground_truth):
        reasons: list[str] = []
        for position, call in enumerate(predicted):
            if position in used:
                continue
            verdict = check_call(functions, call, expected)
            if verdict.valid:
                used.add(position)
                break
            reasons.append(f"call {position}: {verdict.error}")
        else:
            name = next(iter(expected), "?")
            detail = "; ".join(reasons) or "every call was already matched"
            return CallCheck(
                False, f"no call matches expected call {index} ({name}): {detail}", "no_match"
            )
    return OK


def check_call(
    functions: Sequence[Mapping[str, Any]],
    call: FunctionCall,
    expected: Mapping[str, Mapping[str, list[Any]]],
) -> CallCheck:
    """One predicted call against one possible answer ``{name: {param: [values]}}``.

    Args:
        functions: The functions offered (the expected one's schema is looked up here).
        call: The predicted call.
        expected: The possible answer for this call.

    Returns:
        The verdict.
    """
    (expected_name, accepted), *_ = expected.items()
    if not same_name(call.name, expected_name):
        return CallCheck(False, f"called {call.name!r}, expected {expected_name!r}", "wrong_name")
    schema = _find_schema(functions, expected_name)
    properties: Mapping[str, Any] = schema.get("properties", {})
    for required in schema.get("required", []):
        if required not in call.arguments:
            return CallCheck(False, f"missing required parameter {required!r}", "missing_required")
    for name, value in call.arguments.items():
        if name not in properties or name not in accepted:
            return CallCheck(False, f"unexpected parameter {name!r}", "unexpected_param")
        declared = str(properties[name].get("type", "any"))
        item_type = str((properties[name].get("items") or {}).get("type", "any"))
        verdict = check_value(name, value, accepted[name], declared, item_type)
        if not verdict.valid:
            return verdict
    for name, values in accepted.items():
        if name not in call.arguments and "" not in values:
            return CallCheck(False, f"parameter {name!r} was not given", "missing_param")
    return OK


def same_name(predicted: str, expected: str) -> bool:
    """Names match exactly, or once dots are written as underscores."""
    return predicted == expected or predicted == expected.replace(".", "_")


def _find_schema(functions: Sequence[Mapping[str, Any]], name: str) -> Mapping[str, Any]:
    for function in functions:
        if function.get("name") == name:
            parameters: Mapping[str, Any] = function.get("parameters") or {}
            return parameters
    return {}


def check_value(
    name: str, value: Any, accepted: list[Any], declared: str = "any", item_type: str = "any"
) -> CallCheck:
    """One argument against its accepted values, with BFCL's type and string rules.

    Args:
        name: The parameter name (for the message).
        value: The value the model gave.
        accepted: The accepted values (``""`` means "may be left out").
        declared: The schema type (``string``, ``integer``, ``float``, ``array``...).
        item_type: For arrays, the items' type.

    Returns:
        The verdict.
    """
    if declared in ("float", "number") and type(value) is int:
        value = float(value)
    if isinstance(value, tuple):
        value = list(value)
    expected_type = _PYTHON_TYPES.get(declared)
    if expected_type is not None and not _has_type(value, expected_type):
        return CallCheck(
            False,
            f"parameter {name!r} should be {declared}, got {type(value).__name__} {value!r}",
            "type_error",
        )
    if (
        declared in ("array", "tuple")
        and item_type in ("float", "number")
        and isinstance(value, list)
    ):
        value = [float(item) if type(item) is int else item for item in value]
    options = [option for option in accepted if not (isinstance(option, str) and option == "")]
    if any(_equal(value, option) for option in options):
        return OK
    return CallCheck(
        False, f"parameter {name!r} = {value!r}, expected one of {options!r}", "value_error"
    )


def _has_type(value: Any, expected: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return expected is bool
    if expected is float:
        return isinstance(value, float)
    return isinstance(value, expected)


def standardize_string(text: str) -> str:
    """BFCL's string comparison form: lower case, no spaces or ``,./-_*^``, ``'`` as ``"``.

    >>> standardize_string("April 1, 2024")
    'april12024'
    """
    return _STRING_NOISE.sub("", text).lower().replace("'", '"')


def _equal(value: Any, option: Any) -> bool:
    if isinstance(value, str) and isinstance(option, str):
        return standardize_string(value) == standardize_string(option)
    if isinstance(value, list) and isinstance(option, list):
        return len(value) == len(option) and all(
            _equal(v, o) for v, o in zip(value, option, strict=True)
        )
    if isinstance(value, dict) and isinstance(option, dict):
        return _dict_equal(value, option)
    if isinstance(value, bool) or isinstance(option, bool):
        return value is option
    if isinstance(value, (int, float)) and isinstance(option, (int, float)):
        return math.isclose(value, option, rel_tol=1e-9, abs_tol=1e-12)
    return bool(value == option)


def _dict_equal(value: dict[str, Any], option: dict[str, Any]) -> bool:
    # In possible answers a nested dict's values are lists of accepted values too.
    for key, given in value.items():
        if key not in option:
            return False
        choices = option[key] if isinstance(option[key], list) else [option[key]]
        if not any(_equal(given, choice) for choice in choices if choice != ""):
            return False
    return all(
        key in value or (isinstance(choices, list) and "" in choices)
        for key, choices in option.items()
    )


# ---- reading calls from text ----------------------------------------------------------------

_NAMES = {"true": True, "false": False, "null": None, "none": None}


def parse_function_calls(text: str) -> list[FunctionCall]:
    """The calls written in a model's reply (none found: an empty list).

    JSON is tried first (a list or one object; ``name`` with ``arguments`` or
    ``parameters``, or BFCL's ``{"name": {args}}``), then Python call syntax,
    inside a fenced block or not.

    >>> parse_function_calls('[{"name": "f", "arguments": {"x": 1}}]')
    [FunctionCall(name='f', arguments={'x': 1})]
    >>> parse_function_calls("f(x=2+3, unit='cm')")
    [FunctionCall(name='f', arguments={'x': 5, 'unit': 'cm'})]
    """
    for candidate in _candidates(text):
        calls = _calls_from_json(candidate)
        if calls is None:
            calls = _calls_from_python(candidate)
        if calls:
            return calls
    return []


def _candidates(text: str) -> list[str]:
    fenced = re.findall(r"```(?:[\w-]+)?\s*\n?(.*?)```", text, re.DOTALL)
    found = [block.strip() for block in fenced]
    stripped = text.strip()
    found.append(stripped)
    for opener, closer in (("[", "]"), ("{", "}")):
        start, end = stripped.find(opener), stripped.rfind(closer)
        if 0 <= start < end:
            found.append(stripped[start : end + 1])
    found.extend(line.strip() for line in stripped.splitlines() if "(" in line)
    return [candidate for candidate in found if candidate]


def _calls_from_json(text: str) -> list[FunctionCall] | None:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return None
    items = data if isinstance(data, list) else [data]
    calls: list[FunctionCall] = []
    for item in items:
        call = _call_from_object(item)
        if call is None:
            return None
        calls.append(call)
    return calls


def _call_from_object(item: Any) -> FunctionCall | None:
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("function"), dict):  # OpenAI's {"type": "function", "function": {...}}
        item = item["function"]
    if isinstance(item.get("name"), str):
        arguments = item.get("arguments", item.get("parameters", {}))
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except json.JSONDecodeError:
                return None
        return FunctionCall(item["name"], dict(arguments)) if isinstance(arguments, dict) else None
    if len(item) == 1:
        ((name, arguments),) = item.items()
        if isinstance(arguments, dict):
            return FunctionCall(str(name), dict(arguments))
    return None


def _calls_from_python(text: str) -> list[FunctionCall] | None:
    try:
        tree = parse_expression(text.strip())
    except SyntaxError:
        return None
    nodes = tree.body.elts if isinstance(tree.body, (ast.List, ast.Tuple)) else [tree.body]
    calls: list[FunctionCall] = []
    for node in nodes:
        if not isinstance(node, ast.Call) or node.args:
            return None
        try:
            arguments = {
                keyword.arg: _literal(keyword.value)
                for keyword in node.keywords
                if keyword.arg is not None
            }
        except ValueError:
            return None
        calls.append(FunctionCall(ast.unparse(node.func), arguments))
    return calls


def _literal(node: ast.AST) -> Any:
    """A constant expression's value: literals, containers, signs and arithmetic."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return [_literal(element) for element in node.elts]
    if isinstance(node, ast.Dict):
        return {
            _literal(key): _literal(value)
            for key, value in zip(node.keys, node.values, strict=True)
            if key is not None
        }
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _literal(node.operand)
        if isinstance(operand, (int, float)) and not isinstance(operand, bool):
            return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp):  # arithmetic, e.g. x=2+3: the calculator's safe evaluator
        try:
            return evaluate(ast.unparse(node))
        except CalculatorError as error:
            raise ValueError(f"not a constant expression: {error}") from error
    if isinstance(node, ast.Name) and node.id.lower() in _NAMES:
        return _NAMES[node.id.lower()]
    raise ValueError(f"not a constant expression: {ast.unparse(node)}")


__all__ = [
    "CATEGORIES",
    "CallCheck",
    "FunctionCall",
    "category_kind",
    "check_call",
    "check_calls",
    "check_value",
    "parse_function_calls",
    "same_name",
    "standardize_string",
]

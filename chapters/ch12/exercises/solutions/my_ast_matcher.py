"""Exercise 1, a model answer: BFCL's AST matching of function calls.

python chapters/ch12/exercises/solutions/my_ast_matcher.py
"""

from __future__ import annotations

import re
from typing import Any

TYPES: dict[str, type] = {
    "string": str,
    "integer": int,
    "float": float,
    "number": float,
    "boolean": bool,
    "array": list,
    "dict": dict,
    "object": dict,
}


def standardize(text: str) -> str:
    """BFCL's string form: lower case, without spaces and the characters ,./-_*^."""
    return re.sub(r"[ ,./\-_*^]", "", text).lower()


def has_type(value: Any, declared: str) -> bool:
    wanted = TYPES.get(declared)
    if wanted is None:  # "any", or a type we do not know: no check
        return True
    if isinstance(value, bool):
        return wanted is bool
    if wanted is float:
        return isinstance(value, (int, float))
    return isinstance(value, wanted)


def equal(value: Any, option: Any) -> bool:
    if isinstance(value, str) and isinstance(option, str):
        return standardize(value) == standardize(option)
    if isinstance(value, list) and isinstance(option, list):
        return len(value) == len(option) and all(map(equal, value, option))
    return bool(value == option)


def value_matches(value: Any, accepted: list[Any], declared: str) -> bool:
    """Right type, and equal to one of the accepted values ("" only marks "optional")."""
    if not has_type(value, declared):
        return False
    return any(equal(value, option) for option in accepted if option != "")


def call_matches(function: dict[str, Any], call: dict[str, Any], expected: dict[str, Any]) -> bool:
    """One predicted call against one possible answer."""
    (name, accepted), *_ = expected.items()
    if call.get("name") != name:
        return False
    schema = function.get("parameters", {})
    properties = schema.get("properties", {})
    arguments = call.get("arguments") or {}
    if any(required not in arguments for required in schema.get("required", [])):
        return False
    for parameter, value in arguments.items():
        if parameter not in properties or parameter not in accepted:
            return False
        if not value_matches(value, accepted[parameter], properties[parameter].get("type", "")):
            return False
    return all(parameter in arguments or "" in values for parameter, values in accepted.items())


def my_check_calls(
    functions: list[dict[str, Any]],
    predicted: list[dict[str, Any]],
    ground_truth: list[dict[str, Any]],
    category: str = "simple",
) -> bool:
    """The verdict for a sample, by BFCL's category rules."""
    if "irrelevance" in category:
        return not predicted
    if len(predicted) != len(ground_truth):
        return False
    schemas = {function["name"]: function for function in functions}
    unused = list(range(len(predicted)))
    for expected in ground_truth:
        function = schemas.get(next(iter(expected)), {})
        match = next((i for i in unused if call_matches(function, predicted[i], expected)), None)
        if match is None:
            return False
        unused.remove(match)  # each predicted call answers one expected call only
    return True


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("ast_matcher", my_check_calls))

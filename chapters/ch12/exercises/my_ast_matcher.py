"""Exercise 1: my_check_calls, BFCL's AST matching of function calls.

BFCL does not compare a model's call as text: ``f(b=2, a=1)`` and ``f(a=1, b=2)``
are the same call. It compares the *structure*: the function name, then each
argument against a list of accepted values (the "possible answer"), where ``""``
in the list means the argument may be left out:

    ground_truth = [{"get_weather": {"city": ["Beijing"], "unit": ["celsius", ""]}}]

Fill in the TODOs, then check your function:

    python chapters/ch12/exercises/my_ast_matcher.py

A model answer is in solutions/my_ast_matcher.py: try first.
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


def value_matches(value: Any, accepted: list[Any], declared: str) -> bool:
    """TODO 1: does ``value`` have the schema type ``declared`` and equal one of
    ``accepted`` (ignoring the "" marker)?

    - an int is fine where a float is declared; a bool is never a number
      (``isinstance(True, int)`` is True in Python: test bool first);
    - strings compare through standardize().
    """
    raise NotImplementedError("TODO: value_matches")


def call_matches(function: dict[str, Any], call: dict[str, Any], expected: dict[str, Any]) -> bool:
    """TODO 2: one predicted ``call`` ({"name", "arguments"}) against one possible answer
    ``expected`` ({name: {param: [accepted values]}}), with ``function`` the schema.

    Fail on: another name; a required parameter (``function["parameters"]["required"]``)
    missing; an argument not in the schema's properties or not in the possible answer;
    a value that does not match; an expected parameter not given whose accepted
    values do not contain "".
    """
    raise NotImplementedError("TODO: call_matches")


def my_check_calls(
    functions: list[dict[str, Any]],
    predicted: list[dict[str, Any]],
    ground_truth: list[dict[str, Any]],
    category: str = "simple",
) -> bool:
    """TODO 3: the verdict for a whole sample.

    - "irrelevance": right only when nothing was called;
    - otherwise there must be as many calls as expected ones;
    - "simple" / "multiple": the one call matches the one expected;
    - "parallel" / "parallel_multiple": every expected call is matched by a different
      predicted call, in any order.
    Find each expected call's schema in ``functions`` by its name.
    """
    raise NotImplementedError("TODO: my_check_calls")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("ast_matcher", my_check_calls))

"""Python's own parser, safe to use from many threads at once.

Several parts read text with :mod:`ast`: the calculator (an expression), the
parsers of model replies (a Python literal where JSON was expected, a call
written as ``f(1, 2)``), the evaluation of function calls. Tools run in worker
threads, so these parses happen at the same time. On CPython 3.11, two threads
building syntax trees at once can fail with ``SystemError: AST constructor
recursion depth mismatch``; and ``warnings.catch_warnings`` changes state shared
by every thread. Every parse in the package goes through this module, under one
lock (a parse of the short texts involved takes microseconds).
"""

from __future__ import annotations

import ast
import threading
import warnings
from typing import Any

_LOCK = threading.Lock()


def parse_expression(text: str) -> ast.Expression:
    """``ast.parse(text, mode="eval")``, one thread at a time, without the
    ``SyntaxWarning`` Python prints for texts like ``5apples``.

    Raises:
        SyntaxError: ``text`` is not one expression.
        RecursionError, MemoryError: ``text`` is nested too deep for the parser.
    """
    with _LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        return ast.parse(text, mode="eval")


def literal(text: str) -> Any:
    """The value of a Python literal, as ``ast.literal_eval`` reads it.

    Raises:
        ValueError, TypeError: ``text`` is an expression but not a literal.
        SyntaxError, RecursionError, MemoryError: as :func:`parse_expression`.
    """
    return ast.literal_eval(parse_expression(text.lstrip(" \t")))


__all__ = ["literal", "parse_expression"]

"""Names a package imports on first access, so that importing it stays light.

A package whose names pull optional packages (a protocol SDK, torch) lists them,
name -> module, and sets ``__getattr__ = lazy_names(__name__, TABLE)``: Python
calls it for a name the package does not have yet (PEP 562).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` that imports each name of ``modules`` when first read.

    Args:
        package: The package's ``__name__``, for the error message.
        modules: Each lazy name and the module that defines it.

    Returns:
        The function to assign to the package's ``__getattr__``.
    """

    def __getattr__(name: str) -> Any:
        if name in modules:
            return getattr(importlib.import_module(modules[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__

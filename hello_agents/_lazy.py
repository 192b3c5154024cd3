"""Imports done on demand, so that importing hello-agents stays light.

* :func:`lazy_names`: a package whose names pull optional packages (a protocol SDK,
  torch) lists them, name -> module, and sets ``__getattr__ = lazy_names(__name__,
  TABLE)``: Python calls it for a name the package does not have yet (PEP 562).
* :func:`require`: import an optional module inside the code that needs it, with an
  error that names the pip extra installing it.
* :func:`import_module_or_file`: import what a command line names, a dotted module
  or a ``.py`` file.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from hello_agents.core.exceptions import ConfigException


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


def require(module: str, extra: str, needed_for: str = "") -> ModuleType:
    """Import an optional module, or say which extra installs it.

    Args:
        module: The dotted module name, e.g. ``"mcp.client.stdio"``.
        extra: The pip extra that installs it, e.g. ``"mcp"``.
        needed_for: What needs it, to start the message (e.g. "MCP support needs the
            official MCP SDK"); empty: the message starts with the module.

    Returns:
        The imported module.

    Raises:
        ConfigException: The module is not installed; the message names the extra.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = f"{module} could not be imported: {error}"
        reason = f"{needed_for} ({missing})" if needed_for else missing
        raise ConfigException(
            f'{reason}. Install it with: pip install "hello-agents[{extra}]"'
        ) from error


def import_module_or_file(location: str) -> ModuleType:
    """Import a dotted module name, or a ``.py`` file by its path.

    Like ``python -m`` and ``python file.py``, the current directory (for a module)
    or the file's own folder (for a file) goes on ``sys.path``, so the code imported
    can import its neighbours.

    Args:
        location: ``package.module`` or ``path/to/file.py``.

    Returns:
        The module.

    Raises:
        ImportError: The file does not exist, is not Python, or the module is not found.
    """
    if not location.endswith(".py"):
        if "" not in sys.path:
            sys.path.insert(0, "")
        return importlib.import_module(location)
    path = Path(location).resolve()
    if not path.is_file():
        raise ImportError(f"no such file: {path}")
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module

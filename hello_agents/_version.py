"""The version of hello-agents: the one place it is written (pyproject.toml reads it).

Versions follow the tutorial's chapters: 0.1.x is chapter 7, and each chapter
added raises the minor version (docs/versions.md). Bump it here, nowhere else.
"""

__version__ = "0.10.0"

"""``hello-agents new capstone NAME``: a capstone folder that passes its own checks.

Chapter 16 submits a project as ``{github_user}-{Project}/``. The folder written
here has everything the chapter asks for, filled in with a small working
application to replace piece by piece::

    octocat-StudyBuddy/
    ├── README.md            the chapter's sections, each with a starting point
    ├── requirements.txt     hello-agents pinned to this version line, and pytest
    ├── .env.example         the provider settings, as placeholders
    ├── .gitignore           .env, traces, caches
    ├── app.py               tool, agent, traced runs, evaluation hook, model choice
    ├── main.ipynb           the notebook: the tool, a traced answer, the evaluation
    ├── data/eval_tasks.jsonl
    ├── outputs/.gitkeep
    ├── pytest.ini
    └── tests/test_app.py    offline tests on a scripted model

Every file is rendered from ``hello_agents/capstone/templates/`` with
:class:`string.Template` (``${project}``, ``${user}``, ...).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from string import Template

from hello_agents._version import __version__
from hello_agents.core.exceptions import HelloAgentsException

DEFAULT_DESCRIPTION = "a tool-using assistant built on hello-agents."

# template file -> path in the capstone folder
FILES = {
    "README.md.tmpl": "README.md",
    "requirements.txt.tmpl": "requirements.txt",
    "env.example.tmpl": ".env.example",
    "gitignore.tmpl": ".gitignore",
    "app.py.tmpl": "app.py",
    "pytest.ini.tmpl": "pytest.ini",
    "test_app.py.tmpl": "tests/test_app.py",
    "eval_tasks.jsonl.tmpl": "data/eval_tasks.jsonl",
}
NOTEBOOK_TEMPLATE = "main_notebook.tmpl"
NOTEBOOK = "main.ipynb"
NAME_PART = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9_.]*[A-Za-z0-9])?$")
USER_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$")


class CapstoneError(HelloAgentsException):
    """A capstone folder cannot be written as asked (a bad name, a folder in the way)."""


def version_range(version: str = __version__) -> str:
    """The requirement range of this version line, from ``version`` on: ``>=0.8,<1``.

    The line only grows (a chapter, once in, works in every later version), so a
    capstone made on 0.8 keeps working on 0.9; the upper bound keeps out the
    reference package's 1.x releases, and the lower one its 0.1 and 0.2 releases.
    """
    major, minor = version.split(".")[:2]
    return f">={major}.{minor},<{int(major) + 1}"


def folder_name(name: str, user: str | None = None) -> tuple[str, str, str]:
    """The folder's name, the GitHub user and the project, from the command's arguments.

    Args:
        name: ``Project`` with ``user`` given, else ``user-Project``.
        user: The GitHub user name.

    Raises:
        CapstoneError: The names do not make a ``{user}-{Project}`` folder name.
    """
    if user is None:
        if "-" not in name:
            raise CapstoneError(
                f"{name!r} names no GitHub user: give --user YOUR_GITHUB_NAME, or name the "
                "capstone YOUR_GITHUB_NAME-Project (the chapter's {user}-{Project})"
            )
        user, project = name.split("-", 1)
    else:
        project = name
    if not USER_NAME.match(user):
        raise CapstoneError(
            f"{user!r} is not a GitHub user name (letters, digits and single hyphens)"
        )
    if not all(NAME_PART.match(part) for part in project.split("-")):
        raise CapstoneError(
            f"{project!r} is not a project name: use letters and digits (StudyBuddy), "
            "without spaces"
        )
    return f"{user}-{project}", user, project


def new_capstone(
    name: str,
    directory: str | Path = ".",
    *,
    user: str | None = None,
    description: str = DEFAULT_DESCRIPTION,
) -> Path:
    """Write a capstone folder ``{user}-{Project}`` inside ``directory``.

    Args:
        name: The project (``StudyBuddy``) with ``user``, else ``octocat-StudyBuddy``.
        directory: Where the folder goes (created if needed).
        user: The GitHub user name.
        description: The one-line description for the README and the notebook.

    Returns:
        The folder written.

    Raises:
        CapstoneError: A bad name, or a folder of that name that is not empty
            (nothing is overwritten).
    """
    folder, user, project = folder_name(name, user)
    target = Path(directory) / folder
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise CapstoneError(f"{target} already exists and is not empty: nothing was written")
    values = {
        "project": project,
        "user": user,
        "folder": folder,
        "description": description.strip() or DEFAULT_DESCRIPTION,
        "version": __version__,
        "version_range": version_range(),
    }
    rendered = {
        destination: render_template(template, values) for template, destination in FILES.items()
    }
    rendered[NOTEBOOK] = notebook_json(render_template(NOTEBOOK_TEMPLATE, values))
    rendered["outputs/.gitkeep"] = ""
    for relative, text in rendered.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return target


def render_template(template: str, values: dict[str, str]) -> str:
    """The text of ``templates/template`` with ``values`` substituted."""
    folder = resources.files("hello_agents.capstone") / "templates"
    text = (folder / template).read_text(encoding="utf-8")
    return Template(text).substitute(values)


def notebook_json(source: str) -> str:
    """A Jupyter notebook (nbformat 4.5, no outputs) from percent-format ``source``.

    ``# %%`` starts a code cell and ``# %% [markdown]`` a Markdown cell whose lines
    are comments (``# `` is removed).
    """
    cells = []
    for number, block in enumerate(re.split(r"^# %%", source, flags=re.M)[1:], start=1):
        header, _, body = block.partition("\n")
        markdown = header.strip() == "[markdown]"
        lines = body.strip("\n").splitlines()
        if markdown:
            lines = [re.sub(r"^# ?", "", line) for line in lines]
        text = [line + "\n" for line in lines]
        if text:
            text[-1] = text[-1].rstrip("\n")
        cell: dict[str, object] = {
            "cell_type": "markdown" if markdown else "code",
            "id": f"cell-{number}",
            "metadata": {},
            "source": text,
        }
        if not markdown:
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


__all__ = ["CapstoneError", "folder_name", "new_capstone", "notebook_json", "version_range"]

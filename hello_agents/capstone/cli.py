"""``hello-agents new capstone NAME``: the ``new`` command's arguments and handler."""

from __future__ import annotations

import argparse
import sys

NEW_EPILOG = """examples:
  hello-agents new capstone StudyBuddy --user octocat      writes ./octocat-StudyBuddy/
  hello-agents new capstone octocat-StudyBuddy --dir Co-creation-projects

Then, in the folder: python -m pytest, and hello-agents doctor --capstone ."""


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    """``new capstone NAME [--dir PATH] [--user USER] [--description TEXT]``."""
    kinds = parser.add_subparsers(required=True, metavar="KIND")
    capstone = kinds.add_parser(
        "capstone",
        help="a chapter-16 project folder, {github_user}-{Project}",
        description="Write a capstone folder that passes hello-agents doctor --capstone.",
        epilog=NEW_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    capstone.add_argument("name", help="Project (with --user), or user-Project")
    capstone.add_argument("--dir", default=".", metavar="PATH", help="where to write it (.)")
    capstone.add_argument("--user", help="your GitHub user name")
    capstone.add_argument("--description", help="one line saying what the project does")


def run(arguments: argparse.Namespace) -> int:
    """Write the capstone folder and say what to do next."""
    from hello_agents.capstone.scaffold import DEFAULT_DESCRIPTION, new_capstone

    folder = new_capstone(
        arguments.name,
        arguments.dir,
        user=arguments.user,
        description=arguments.description or DEFAULT_DESCRIPTION,
    )
    sys.stdout.write(
        f"wrote {folder}\n"
        "next:\n"
        f"  cd {folder}\n"
        "  python -m pytest                      # offline, on a scripted model\n"
        "  hello-agents doctor --capstone .      # ready to submit?\n"
    )
    return 0

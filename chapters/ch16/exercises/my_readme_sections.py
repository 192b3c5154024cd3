"""Exercise 2: my_missing_sections, the README check of the capstone checker.

The chapter's README template has sections a reviewer looks for. Given a README's text,
return the English names of the required sections (README_SECTIONS below) that no
heading names, in that order. A heading is a line starting with # to ######; it names a
section when, compared on letters and digits only (no spaces, punctuation or emoji),
lower-cased, it contains the section's English or Chinese name: "## 📝 项目简介" and
"### QUICK START" both count. (hello-agents's own version is missing_sections in
hello_agents/capstone/checks.py.)

Fill in the TODOs, then check your function:

    python chapters/ch16/exercises/my_readme_sections.py

A model answer is in solutions/my_readme_sections.py: try first.
"""

from __future__ import annotations

README_SECTIONS = [
    ("Introduction", "项目简介"),
    ("Core features", "核心功能"),
    ("Tech stack", "技术栈"),
    ("Quick start", "快速开始"),
    ("Usage", "使用示例"),
    ("Highlights", "项目亮点"),
    ("Evaluation", "性能评估"),
    ("Future plans", "未来计划"),
    ("License", "许可证"),
    ("Author", "作者"),
]


def normalize(text: str) -> str:
    """TODO 1: text with only its letters and digits, lower-cased ("📝 Quick start!" ->
    "quickstart"). Hint: unicodedata.category(character) starts with "L" or "N"."""
    raise NotImplementedError("TODO: normalize")


def my_missing_sections(readme: str) -> list[str]:
    """TODO 2: the English names of the sections no heading of readme names."""
    raise NotImplementedError("TODO: my_missing_sections")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("readme_sections", my_missing_sections))

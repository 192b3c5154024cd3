"""Exercise 2, a model answer: my_missing_sections, the README check of the capstone checker.

Run it: python chapters/ch16/exercises/solutions/my_readme_sections.py
"""

from __future__ import annotations

import re
import unicodedata

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
    """text with only its letters and digits, lower-cased."""
    return "".join(
        character
        for character in text.lower()
        if unicodedata.category(character)[0] in "LN" and not character.isspace()
    )


def my_missing_sections(readme: str) -> list[str]:
    """The English names of the sections no heading of readme names."""
    headings = [normalize(h) for h in re.findall(r"^#{1,6}\s+(.+)$", readme, re.M)]
    return [
        english
        for english, chinese in README_SECTIONS
        if not any(normalize(english) in h or normalize(chinese) in h for h in headings)
    ]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("readme_sections", my_missing_sections))

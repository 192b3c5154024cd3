"""The checks for chapter 16's exercises: two checks of the capstone checker.

* ``secret_scan``: ``func(text) -> list[int]``; the numbers (from 1) of the lines of
  ``text`` that hold a credential: an OpenAI key (``sk-`` then 20 or more letters,
  digits, ``-`` or ``_``), a Tavily key (``tvly-`` ...), a private key block
  (``-----BEGIN ... PRIVATE KEY-----``), or a random-looking value (16 characters or
  more, with digits, Shannon entropy of at least 3 bits per character) assigned to a
  variable whose name holds ``KEY``, ``TOKEN``, ``SECRET`` or ``PASSWORD``. Placeholders
  (``your_api_key_here``, ``sk-xxxx...``, ``<paste it>``, an empty value,
  ``os.environ[...]``) are no secret. Each line once, in order; never the secret itself.
* ``readme_sections``: ``func(readme) -> list[str]``; the English names of the
  sections of :data:`~hello_agents.capstone.checks.README_SECTIONS` that the README's
  headings lack, in that order. A heading matches in English or in Chinese, whatever
  its level, case, emoji or punctuation (``## 📝 项目简介`` is Introduction).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

# Made-up credentials, written in pieces so that no file holds one whole.
OPENAI_KEY = "sk-" + "proj-4fG7hK2mN9pQ1rS5tU8vW3xY6zA0bC4dE7fG"
TAVILY_KEY = "tvly-" + "dev-8Hq2Lm4Np6Rs8Tu0Vw2Xy4Za"
RANDOM_VALUE = "Q2x9Vb7Tn3" + "Mk8Jh4Gf6Ds1Aq5Zw0Ec"
PRIVATE_KEY = "-----BEGIN RSA " + "PRIVATE KEY-----"
SECRETS = (OPENAI_KEY, TAVILY_KEY, RANDOM_VALUE)

TEMPLATE_HEADINGS = (
    "Introduction (项目简介)",
    "Core features (核心功能)",
    "Tech stack (技术栈)",
    "Quick start (快速开始)",
    "Usage (使用示例)",
    "Highlights (项目亮点)",
    "Evaluation (性能评估)",
    "Future plans (未来计划)",
    "License (许可证)",
    "Author (作者)",
)
CHINESE_HEADINGS = (
    "📝 项目简介",
    "✨ 核心功能",
    "🛠️ 技术栈",
    "🚀 快速开始",
    "📖 使用示例",
    "🎯 项目亮点",
    "📊 性能评估",
    "🔮 未来计划",
    "📄 许可证",
    "👤 作者",
)


def check_secret_scan(
    func: Callable[[str], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a secret scanner ``func(text) -> list[int]`` (the lines holding a secret)."""

    def case(text: str, wanted: list[int], what: str) -> None:
        got = func(text)
        shown = short(got)
        leaked = [secret for secret in SECRETS if secret in repr(got)]
        expect(not leaked, f"{what}: line numbers only", "the secret itself in the result")
        expect(list(got) == wanted if isinstance(got, (list, tuple)) else False,
               f"{what}: {wanted}", f"{shown} for {short(text)}")  # fmt: skip

    def known_formats() -> None:
        text = f"# settings\nOPENAI_API_KEY={OPENAI_KEY}\nx = 1\nkey = '{TAVILY_KEY}'\n"
        case(text, [2, 4], "an OpenAI key on line 2, a Tavily key on line 4")

    def private_key() -> None:
        case(f"notes\n{PRIVATE_KEY}\nMIIEow...\n", [2], "a private key block on line 2")

    def assignments() -> None:
        text = f'LLM_API_KEY = "{RANDOM_VALUE}"\nclient_secret: {RANDOM_VALUE}\nTIMEOUT=60\n'
        case(text, [1, 2], "random values assigned to LLM_API_KEY and client_secret")

    def placeholders() -> None:
        text = (
            "LLM_API_KEY=your_api_key_here\nOPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx\n"
            "TAVILY_API_KEY=\nSECRET=<paste it>\napi_key = os.environ['LLM_API_KEY']\n"
        )
        case(text, [], "placeholders are no secret")

    def ordinary_values() -> None:
        text = "MAX_TOKENS=1200\ntoken_budget = 4096\npassword_hint = correcthorsebattery\n"
        case(text, [], "numbers and words assigned to token-like names are no secret")

    def once_per_line() -> None:
        case(f'OPENAI_API_KEY = "{OPENAI_KEY}"  # and again {OPENAI_KEY}', [1],
             "a line with two secrets listed once")  # fmt: skip

    cases = [
        Case("known key formats", known_formats,
             r"re.search(r'\bsk-[A-Za-z0-9_-]{20,}') and r'\btvly-[A-Za-z0-9-]{16,}', line by "
             "line (enumerate(text.splitlines(), start=1)).", expected="[2, 4]"),
        Case("private key blocks", private_key,
             "look for '-----BEGIN' ... 'PRIVATE KEY-----'.", expected="[2]"),
        Case("secret-named variables", assignments,
             r"match NAME = value or NAME: value; the name holds KEY, TOKEN, SECRET or "
             "PASSWORD (any case); the value is 16+ characters, has a digit, and its "
             "entropy -sum(p*log2(p)) over its characters is >= 3.",
             expected="[1, 2]"),
        Case("placeholders", placeholders,
             "skip values holding 'your', '<', 'environ', or made of a few repeated "
             "characters (sk-xxxx).", expected="[]"),
        Case("ordinary values", ordinary_values,
             "a short value, or one without digits, is not random enough.", expected="[]"),
        Case("one entry per line", once_per_line, "add each line number once.",
             expected="[1]"),
    ]  # fmt: skip
    return run_cases("secret_scan", func, cases, raise_on_failure=raise_on_failure)


def check_readme_sections(
    func: Callable[[str], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check ``func(readme) -> list[str]``, the required sections a README lacks."""
    from hello_agents.capstone.checks import README_SECTIONS

    names = [section.name for section in README_SECTIONS]

    def readme(headings: tuple[str, ...] | list[str], level: str = "##") -> str:
        body = "".join(f"{level} {heading}\n\nSome text.\n\n" for heading in headings)
        return f"# My project\n\n{body}"

    def case(text: str, wanted: list[str], what: str) -> None:
        got = func(text)
        expect(list(got) == wanted if isinstance(got, (list, tuple)) else False,
               f"{what}: {wanted}", short(got))  # fmt: skip

    def complete() -> None:
        case(readme(TEMPLATE_HEADINGS), [], "the template's headings")

    def chinese() -> None:
        case(readme(CHINESE_HEADINGS), [], "the chapter's Chinese headings with emoji")

    def missing() -> None:
        headings = [h for h in TEMPLATE_HEADINGS if not h.startswith(("Usage", "License"))]
        case(readme(headings), ["Usage", "License"], "Usage and License missing")

    def other_levels_and_case() -> None:
        headings = [heading.upper() for heading in TEMPLATE_HEADINGS]
        case(readme(headings, level="###"), [], "### and upper case")

    def text_is_no_heading() -> None:
        text = "# P\n\nIntroduction, features, tech stack, quick start, usage, highlights.\n"
        case(text, names, "words in a paragraph are no headings")

    cases = [
        Case("the template's headings", complete,
             r"read headings with re.findall(r'^#{1,6}\s+(.+)$', readme, re.M).",
             expected="[]"),
        Case("Chinese headings", chinese,
             "compare letters and digits only: keep characters whose unicodedata.category "
             "starts with L or N, lower-cased; accept the English or the Chinese name.",
             expected="[]"),
        Case("missing sections", missing, "list the missing names in README_SECTIONS order.",
             expected="['Usage', 'License']"),
        Case("heading levels and case", other_levels_and_case,
             "any level from # to ######, any case.", expected="[]"),
        Case("paragraph text", text_is_no_heading, "only lines starting with # are headings.",
             expected="all ten names"),
    ]  # fmt: skip
    return run_cases("readme_sections", func, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_readme_sections", "check_secret_scan"]

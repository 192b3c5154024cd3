"""Find credentials in text before it is published: API keys, tokens, private keys.

A capstone is submitted as a pull request to a public repository, so a key
left in a notebook's output, a script or a ``.env.example`` is a leaked key.
:func:`scan_text` looks for two kinds of evidence, line by line:

* **known credential formats**: the patterns of the maintained ``detect-secrets``
  library (AWS, GitHub, GitLab, Slack, Stripe, Twilio, SendGrid, npm and PyPI
  tokens, JSON web tokens, passwords in URLs, private-key blocks and more; the
  ``ch16`` extra installs it), and the providers the chapters use that it does not
  know: OpenAI's current keys (``sk-proj-...``), Anthropic, Tavily (``tvly-...``),
  ModelScope (``ms-`` + a UUID), Hugging Face and Google;
* **an assignment of a random-looking value to a secret-named variable**:
  ``LLM_API_KEY = "..."``, ``"token": "..."``, ``PASSWORD: ...`` whose value is
  long enough and varied enough (its Shannon entropy) to be a real credential.

``detect-secrets``'s keyword and entropy plugins are not used: they are made for a
baseline that people audit, and flag placeholders (``LLM_API_KEY=your_api_key_here``
in a ``.env.example``) that a pass-or-fail check must let through. Placeholders pass:
``your_api_key_here``, ``sk-xxxx``, ``<your key>``, ``${LLM_API_KEY}``,
``os.environ["LLM_API_KEY"]``, AWS's documented example key... A
:class:`SecretFinding` says where a secret is and what kind it is, never what it
is: the value is not kept, so no report, log or exception can print it.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import ConfigException

KNOWN_FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("an Anthropic API key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("an OpenAI API key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("a Tavily API key", re.compile(r"\btvly-(?:dev-|prod-)?[A-Za-z0-9]{16,}")),
    (
        "a ModelScope token",
        re.compile(r"\bms-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"),
    ),
    ("a Hugging Face token", re.compile(r"\bhf_[A-Za-z0-9]{30,}")),
    ("a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}")),
)
"""The providers' key formats that ``detect-secrets`` does not know, with the words a
finding names each by."""

LIBRARY_PLUGINS_LEFT_OUT = ("IPPublicDetector",)
"""``detect-secrets`` pattern plugins not used: an IP address is no credential."""
UNFILTERED_PLUGINS = ("PrivateKeyDetector",)
"""Plugins whose match is a marker (``BEGIN ... PRIVATE KEY``), not the secret itself,
so the placeholder test does not apply to it."""

SECRET_NAME = re.compile(
    r"(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|passwd|private[_-]?key|credential"
    r"|access[_-]?key|auth)",
    re.IGNORECASE,
)
"""A variable or key whose value is a credential: ``LLM_API_KEY``, ``client_secret`` ..."""

# NAME = value, NAME: value, "name": "value", name="value", export NAME=..., and the same
# inside a notebook's JSON strings (os.environ[\"NAME\"] = \"value\").
ASSIGNMENT = re.compile(
    r"""(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)[\\"'\]]*\s*(?::|=|:=)\s*\\?["']?(?:Bearer\s+)?"""
    r"""(?P<value>[^"'\\\s,;)}\]#]+)"""
)

PLACEHOLDER_WORDS = (
    "your",
    "xxx",
    "example",
    "placeholder",
    "changeme",
    "change_me",
    "replace",
    "dummy",
    "fake",
    "test",
    "sample",
    "redacted",
    "here",
    "todo",
    "none",
    "null",
    "secret",
    "token",
    "key",
    "...",
    "***",
    "<",
    "${",
    "{{",
    "environ",
    "getenv",
)
"""A value holding one of these is a placeholder, not a credential."""

MIN_SECRET_LENGTH = 16
MIN_ENTROPY = 3.0
"""Bits per character above which a value looks random (English words score about
2.5 to 3, a random base64 or hex key about 4 to 6)."""


@dataclass(frozen=True)
class SecretFinding:
    """Where a secret was found: the line, and what kind it looks like (never the value).

    Attributes:
        line: The line number, from 1.
        kind: What it looks like, for people ("an OpenAI API key").
        length: How many characters the secret has (to tell two findings apart).
    """

    line: int
    kind: str
    length: int

    def describe(self, file: str) -> str:
        """``file:line: kind (N characters)``, for a report."""
        return f"{file}:{self.line}: {self.kind} ({self.length} characters)"


def shannon_entropy(text: str) -> float:
    """The Shannon entropy of ``text``'s characters, in bits per character."""
    if not text:
        return 0.0
    counts = Counter(text)
    total = len(text)
    return -sum(count / total * math.log2(count / total) for count in counts.values())


def is_placeholder(value: str) -> bool:
    """Whether ``value`` is a stand-in for a credential rather than one.

    Repeated characters (``sk-xxxxxxxx``, ``0000...``) and words meant for a human
    (``your_api_key_here``, ``<paste it>``) are placeholders.
    """
    lowered = value.lower()
    if any(word in lowered for word in PLACEHOLDER_WORDS):
        return True
    body = re.sub(r"^[a-z]+-", "", lowered)  # the sk- / tvly- prefix
    return len(set(body)) <= 4


def looks_random(value: str) -> bool:
    """A value long and varied enough to be a generated credential."""
    if len(value) < MIN_SECRET_LENGTH or is_placeholder(value):
        return False
    if not re.search(r"\d", value) and not re.search(r"[A-Z].*[a-z]|[a-z].*[A-Z]", value):
        return False  # one-case letters only: a word or a name
    return shannon_entropy(value) >= MIN_ENTROPY


@functools.lru_cache(maxsize=1)
def library_formats() -> tuple[tuple[str, bool, re.Pattern[str]], ...]:
    """The credential patterns of ``detect-secrets``'s plugins: (kind, filtered, pattern).

    Raises:
        ConfigException: ``detect-secrets`` (the ``ch16`` extra) is not installed.
    """
    try:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
        from detect_secrets.plugins.base import RegexBasedDetector
    except ImportError as missing:
        raise ConfigException(
            "the secret scan needs detect-secrets (the ch16 extra): "
            'pip install -e ".[ch16]" from the root of your hello-agents clone'
        ) from missing
    formats = []
    plugins: dict[str, Any] = get_mapping_from_secret_type_to_class()
    for secret_type, plugin in sorted(plugins.items()):
        name = plugin.__name__
        if not issubclass(plugin, RegexBasedDetector) or name in LIBRARY_PLUGINS_LEFT_OUT:
            continue
        for pattern in plugin().denylist:
            formats.append(
                (f"a {secret_type} (detect-secrets)", name not in UNFILTERED_PLUGINS, pattern)
            )
    return tuple(formats)


def scan_line(line: str) -> Iterator[tuple[str, int]]:
    """The secrets of one line, as ``(kind, length)``; each one once."""
    found_spans: list[tuple[int, int]] = []

    def new(span: tuple[int, int]) -> bool:
        return not any(start < span[1] and span[0] < end for start, end in found_spans)

    for kind, pattern in KNOWN_FORMATS:
        for match in pattern.finditer(line):
            if not new(match.span()):
                continue  # sk-ant-... is Anthropic's, not also OpenAI's
            if not looks_random(match.group(0)):
                continue  # sk-xxxx, or words that happen to start like a key
            found_spans.append(match.span())
            yield kind, len(match.group(0))
    for kind, filtered, pattern in library_formats():
        for match in pattern.finditer(line):
            if not new(match.span()) or (filtered and is_placeholder(match.group(0))):
                continue  # found already, or AKIAXXXX..., AWS's documented example key
            found_spans.append(match.span())
            yield kind, len(match.group(0))
    for match in ASSIGNMENT.finditer(line):
        if not new(match.span("value")):
            continue
        name = match.group("name")
        if not SECRET_NAME.search(name):
            continue
        value = match.group("value")
        if looks_random(value):
            found_spans.append(match.span("value"))
            yield f"a value assigned to {name}", len(value)


def scan_text(text: str) -> list[SecretFinding]:
    """Every secret in ``text``, line by line.

    Args:
        text: The text of a file (a notebook's JSON, outputs included, is text too).

    Returns:
        The findings in line order, each without the secret's value.
    """
    findings: list[SecretFinding] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for kind, length in scan_line(line):
            findings.append(SecretFinding(number, kind, length))
    return findings


__all__ = [
    "KNOWN_FORMATS",
    "SecretFinding",
    "is_placeholder",
    "library_formats",
    "looks_random",
    "scan_line",
    "scan_text",
    "shannon_entropy",
]

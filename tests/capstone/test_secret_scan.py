"""The secret scan finds real-looking credentials, passes placeholders, and never keeps
a secret's value. The keys below are made up, and written in pieces so that this file
itself holds none."""

from __future__ import annotations

import pytest

from hello_agents.capstone.secrets import scan_text, shannon_entropy

OPENAI = "sk-" + "proj-4fG7hK2mN9pQ1rS5tU8vW3xY6zA0bC4dE7fG"
RANDOM = "Q2x9Vb7Tn3" + "Mk8Jh4Gf6Ds1Aq5Zw0Ec"

FOUND = {
    "openai": (f"OPENAI_API_KEY={OPENAI}", "an OpenAI API key"),
    "openai in code": (f'client = OpenAI(api_key="{OPENAI}")', "an OpenAI API key"),
    "anthropic": ("key = 'sk-" + "ant-api03-" + RANDOM + "'", "an Anthropic API key"),
    "tavily": ("TAVILY_API_KEY=tvly-" + "dev-8Hq2Lm4Np6Rs8Tu0Vw2Xy4Za", "a Tavily API key"),
    "modelscope": ("ms-" + "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d", "a ModelScope token"),
    "github": ("ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "a GitHub Token (detect-secrets)"),
    "hugging face": ("hf_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6", "a Hugging Face token"),
    "aws": (
        "aws_access_key_id = " + "AKIA" + "Q2X9VB7TN3MK8JH4",
        "a AWS Access Key (detect-secrets)",
    ),
    "private key": ("-----BEGIN RSA " + "PRIVATE KEY-----", "a Private Key (detect-secrets)"),
    # formats only the library knows
    "stripe": (
        "STRIPE = " + "sk_live_" + "4fG7hK2mN9pQ1rS5tU8vW3xY",
        "a Stripe Access Key (detect-secrets)",
    ),
    "slack": ("hook = " + "xoxb-" + "1234567890-Q2x9Vb7Tn3Mk", "a Slack Token (detect-secrets)"),
    "password in a url": (
        "DB = postgres://app:" + "Q2x9Vb7Tn3Mk8J" + "@db.internal:5432/app",
        "a Basic Auth Credentials (detect-secrets)",
    ),
    "generic assignment": (f'LLM_API_KEY = "{RANDOM}"', "a value assigned to LLM_API_KEY"),
    "yaml": (f"  client_secret: {RANDOM}", "a value assigned to client_secret"),
    "json": (f'{{"auth_token": "{RANDOM}"}}', "a value assigned to auth_token"),
    "bearer header": (f'"Authorization": "Bearer {RANDOM}"', "a value assigned to Authorization"),
    "notebook source": (
        f'    "os.environ[\\"LLM_API_KEY\\"] = \\"{RANDOM}\\"\\n",',
        "a value assigned to LLM_API_KEY",
    ),
}

PLACEHOLDERS = [
    "LLM_API_KEY=your_api_key_here",
    "OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "LLM_API_KEY=",
    "LLM_API_KEY=<paste your key>",
    "api_key = os.environ['LLM_API_KEY']",
    'api_key=os.getenv("LLM_API_KEY")',
    "LLM_API_KEY=${LLM_API_KEY}",
    "MAX_TOKENS=1200",
    "token_budget = 4096",
    "LLM_BASE_URL=https://api.openai.com/v1",
    'sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
    "model = 'sk-learn-compatible-model-v'",
    "password_hint = correcthorsebatterystaple",
    "The task-specific-instructions-for-the-agent are below.",
    "aws_access_key_id = AKIA" + "IOSFODNN7EXAMPLE",  # AWS's documented example
    "aws_access_key_id = AKIA" + "XXXXXXXXXXXXXXXX",
    "server = 192.168.1.20",
]


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_credential_is_found_and_named(name: str) -> None:
    line, kind = FOUND[name]
    findings = scan_text(f"first line\n{line}\n")
    assert [(finding.line, finding.kind) for finding in findings] == [(2, kind)]


@pytest.mark.parametrize("line", PLACEHOLDERS)
def test_placeholders_and_ordinary_values_pass(line: str) -> None:
    assert scan_text(line) == []


def test_a_finding_never_holds_the_secret() -> None:
    [finding] = scan_text(f"OPENAI_API_KEY={OPENAI}")
    shown = f"{finding!r} {finding.describe('app.py')}"
    assert OPENAI not in shown and OPENAI[3:15] not in shown
    assert finding.describe("app.py") == "app.py:1: an OpenAI API key (44 characters)"


def test_one_secret_is_reported_once() -> None:
    assert len(scan_text(f'OPENAI_API_KEY = "{OPENAI}"')) == 1


def test_the_library_patterns_are_read_from_detect_secrets() -> None:
    from hello_agents.capstone.secrets import library_formats

    kinds = {kind for kind, _, _ in library_formats()}
    assert {"a GitHub Token (detect-secrets)", "a JSON Web Token (detect-secrets)"} <= kinds
    assert len(kinds) >= 20 and not any("Public IP" in kind for kind in kinds)


def test_entropy_tells_random_from_words() -> None:
    assert shannon_entropy("") == 0.0
    assert shannon_entropy("aaaa") == 0.0
    assert shannon_entropy(RANDOM) > 4 > shannon_entropy("correcthorsebatterystaple")

"""Reading requirement lines: the small fallback parser agrees with ``packaging``.

``hello_agents.extras`` uses ``packaging`` when it is installed (it is, wherever
pytest is) and its own small parser otherwise; each case runs both ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hello_agents import extras
from hello_agents.core.exceptions import ConfigException
from hello_agents.extras import (
    Requirement,
    check_requirement,
    marker_applies,
    parse_requirement,
    version_key,
    version_satisfies,
)

ENVIRONMENT = {"python_version": "3.11", "python_full_version": "3.11.7", "sys_platform": "linux"}


@pytest.fixture(params=[True, False], ids=["packaging", "fallback"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(extras, "PACKAGING", request.param)
    yield "packaging" if request.param else "fallback"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("openai<4,>=3.50", Requirement("openai", (), "<4,>=3.50")),
        (
            "tavily-python<0.9,>=0.8.5; extra == 'search'",
            Requirement("tavily-python", (), "<0.9,>=0.8.5", "extra == 'search'"),
        ),
        (
            'hello-agents[search,local]; extra == "ch07"',
            Requirement("hello-agents", ("local", "search"), "", 'extra == "ch07"'),
        ),
        ("xllamacpp==2026.10.11549", Requirement("xllamacpp", (), "==2026.10.11549")),
        ("pluggy", Requirement("pluggy")),
    ],
)
def test_requirement_lines_are_split_into_their_parts(
    parser: str, line: str, expected: Requirement
) -> None:
    parsed = parse_requirement(line)
    assert (parsed.name, parsed.extras, parsed.specifier) == (
        expected.name,
        expected.extras,
        expected.specifier,
    )
    assert parsed.marker.replace("'", '"') == expected.marker.replace("'", '"')


@pytest.mark.parametrize(
    ("version", "specifier", "expected"),
    [
        ("0.8.5", "<0.9,>=0.8.5", True),
        ("0.9.0", "<0.9,>=0.8.5", False),
        ("0.8.4", ">=0.8.5", False),
        ("2026.10.11549", "==2026.10.11549", True),
        ("1.0", "==1.0.0", True),
        ("1.0.1", "==1.0.*", True),
        ("1.1", "==1.0.*", False),
        ("1.1", "!=1.0.*", True),
        ("2.4.2", "~=2.4", True),
        ("3.0", "~=2.4", False),
        ("2.4.9", "~=2.4.2", True),
        ("2.5.0", "~=2.4.2", False),
        ("1.0rc1", "<1.0", False),  # PEP 440: not a pre-release of the excluded version
        ("0.9rc1", "<1.0", True),
        ("1.0rc1", ">=1.0", False),
        ("1.0.post1", ">1.0", False),  # ... nor a post-release
        ("1.0.post1", ">=1.0", True),
        ("1.0.1", ">1.0", True),
        ("1.0.dev3", "<1.0a1", True),
        ("1!0.1", ">=2026", True),
        ("0.1.0", "", True),
        ("not-a-version", ">=1", False),
    ],
)
def test_versions_satisfy_specifiers_as_pip_decides(
    parser: str, version: str, specifier: str, expected: bool
) -> None:
    assert version_satisfies(version, specifier) is expected


@pytest.mark.parametrize(
    ("marker", "extra", "expected"),
    [
        ("", None, True),
        ("", "ch07", False),
        ('extra == "ch07"', "ch07", True),
        ("extra == 'ch07'", "search", False),
        ("extra == 'ch07'", None, False),
        ('extra == "Local_Small"', "local-small", True),
        ('python_version < "3.12" and extra == "ch08"', "ch08", True),
        ('python_version >= "3.12" and extra == "ch08"', "ch08", False),
        ('python_version < "3.12"', None, True),
        ('python_version < "3.12"', "ch08", False),  # a plain dependency, not the extra's
        ('(sys_platform == "win32" or sys_platform == "linux") and extra == "x"', "x", True),
        ('sys_platform != "linux" and extra == "x"', "x", False),
        ('"linux" in sys_platform and extra == "x"', "x", True),
        ('python_full_version >= "3.11.7" and extra == "x"', "x", True),
    ],
)
def test_markers_say_which_extra_a_requirement_belongs_to(
    parser: str, marker: str, extra: str | None, expected: bool
) -> None:
    assert marker_applies(marker, extra, ENVIRONMENT) is expected


def test_the_fallback_orders_versions_like_pep_440() -> None:
    ordered = ["1.0.dev1", "1.0a1", "1.0b2", "1.0rc1", "1.0", "1.0.post1", "1.1", "2!0.1"]
    assert sorted(ordered, key=version_key) == ordered


@pytest.mark.parametrize("bad", ["python_version <", "(extra == 'x'", "unknown_var == 'x'"])
def test_the_fallback_rejects_markers_it_cannot_read(
    bad: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extras, "PACKAGING", False)
    with pytest.raises(ConfigException):
        marker_applies(bad, "x", ENVIRONMENT)


def test_a_package_that_fails_to_import_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "broken_for_doctor"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('missing libfoo.so')\n", "utf-8")
    info = tmp_path / "broken_for_doctor-1.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken-for-doctor\nVersion: 1.2\n", "utf-8"
    )
    (info / "RECORD").write_text(
        "broken_for_doctor/__init__.py,,\nbroken_for_doctor-1.2.dist-info/METADATA,,\n", "utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    status = check_requirement(Requirement("broken-for-doctor", specifier=">=1"))
    assert (status.installed, status.satisfied, status.modules) == (
        "1.2",
        True,
        ("broken_for_doctor",),
    )
    assert not status.ok
    assert status.describe() == (
        "broken-for-doctor 1.2 is installed, but it does not import: "
        "import broken_for_doctor: RuntimeError: missing libfoo.so"
    )
    assert not check_requirement(Requirement("broken-for-doctor", specifier=">=2")).satisfied

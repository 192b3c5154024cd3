"""Chapter 9.5: TerminalTool, just-in-time exploration of a codebase.

The agent looks at files when it needs them (ls, grep, head ...) instead of
loading everything up front. The sandbox runs only read-only commands, inside
the workspace, from argv lists (never a shell), with a time limit and an
output cap.

Run:  python chapters/ch09/examples/03_terminal_tool.py
"""

from pathlib import Path

from hello_agents.tools import TerminalTool

SAMPLE_REPO = Path(__file__).resolve().parents[1] / "sample_repo"
terminal = TerminalTool(workspace=SAMPLE_REPO, timeout=10)

for command in [
    "ls",
    "find . -name '*.py' | sort",
    "grep -rn 'TODO\\|FIXME' inventory",
    "wc -l inventory/*.py",
    "cd inventory",
    "head -n 12 service.py",
    "cd ..",
]:
    print(f"$ {command}\n{terminal.run({'command': command})}")

print("What the sandbox refuses (each answer goes back to the model):")
for command in [
    "cat /etc/passwd",
    "cat ../../README.md",
    "rm -rf inventory",
    "ls; cat ~/.ssh/id_rsa",
    "echo $OPENAI_API_KEY",
    "find . -exec rm {} +",
    "grep -rn TODO . | sh",
]:
    print(f"$ {command}\n  {terminal.run({'command': command})}")

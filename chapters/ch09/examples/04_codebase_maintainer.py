"""Chapter 9.6: a long-horizon agent that maintains a codebase.

A FunctionCallAgent with two tools, TerminalTool (explore the code, read-only)
and save_note (write down findings in a NoteTool), works on
chapters/ch09/sample_repo. Before each run a ContextBuilder assembles its system
prompt from the instructions, the conversation so far and the notes of earlier
runs, so what the agent wrote down in session one is in front of it in session two.

Made to work on a 1.5B model too: the model writes notes through save_note, one
job with three arguments, instead of NoteTool's seven actions and their options;
session one is two requests, each naming its tool (``tool_choice``: the first
call must use it), so the model looks before it writes and writes what it saw; terminal output
is capped, and the builder's budget leaves room in a 4,096-token window. If the
model still writes no note, or its plan names no file of the repository, the
example ends with exit code 1 and says which model to try instead.

Run:  python chapters/ch09/examples/04_codebase_maintainer.py
"""

import re
import tempfile
from pathlib import Path
from typing import Literal

from example_llm import banner, give_up, make_llm

from hello_agents import FunctionCallAgent, ToolRegistry
from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket
from hello_agents.core.message import Message
from hello_agents.testing import tool_call, tool_calls
from hello_agents.tools import FunctionTool, NoteTool, TerminalTool, tool

SAMPLE_REPO = Path(__file__).resolve().parents[1] / "sample_repo"
NOTE_RELEVANCE = {"blocker": 0.9, "action": 0.8, "task_state": 0.75, "conclusion": 0.7}
INSTRUCTIONS = (
    "You maintain the inventory-app codebase; the terminal tool's current folder '.' is its "
    "root (inventory/ holds the code, tests/ the tests). Explore it with the terminal tool "
    "(read-only: ls, cat, grep -rn, find, head), e.g. grep -rn TODO . or cat "
    "inventory/service.py, and record what you find with save_note: problems as "
    "'blocker' notes, next steps as 'action' notes. Name the files. Be concise."
)


def note_saver(notes: NoteTool) -> FunctionTool:
    """A one-purpose tool over ``notes``: create a note, nothing else."""

    @tool
    def save_note(title: str, content: str, note_type: Literal["blocker", "action"]) -> str:
        """Write down a finding: a problem as a blocker note, a next step as an action note.

        Args:
            title: A short title, e.g. "sell() lets stock go negative".
            content: What and where, e.g. "inventory/service.py line 12: no stock check".
            note_type: blocker (a problem) or action (a next step).
        """
        note = notes.create_note(title, content, note_type)
        return f"Saved note {note['id']}: {title}."

    return save_note


class CodebaseMaintainer:
    """The agent, its tools and the context it is given each run."""

    def __init__(self, llm, codebase: Path, notes_folder: Path) -> None:
        self.notes = NoteTool(workspace=notes_folder)
        # A whole file fits in 2,000 bytes here; more would crowd a small model's window.
        self.terminal = TerminalTool(workspace=codebase, timeout=30, max_output_size=2000)
        registry = ToolRegistry()
        registry.register_tool(self.terminal)
        registry.register_tool(note_saver(self.notes))
        self.agent = FunctionCallAgent(
            "CodebaseMaintainer",
            llm,
            INSTRUCTIONS,
            tool_registry=registry,
            max_tool_iterations=4,
            small_model_aids=False,  # they check arithmetic answers; this agent computes nothing
        )
        self.builder = ContextBuilder(config=ContextConfig(max_tokens=1500, reserve_ratio=0.15))
        self.history: list[Message] = []

    def note_packets(self, query: str) -> list[ContextPacket]:
        """Open blockers and actions, then the notes that match the query."""
        found = {n["id"]: n for n in self.notes.list_notes(note_type="blocker", limit=3)}
        found |= {n["id"]: n for n in self.notes.list_notes(note_type="action", limit=3)}
        found |= {n["id"]: n for n in self.notes.search_notes(query, limit=3)}
        return [
            ContextPacket(
                f"[Note {note['id']}: {note['title']} ({note['type']})]\n{note['content']}",
                timestamp=note["updated_at"],
                relevance_score=NOTE_RELEVANCE.get(note["type"], 0.6),
                metadata={"type": "note", "note_id": note["id"]},
            )
            for note in found.values()
        ]

    def run(self, request: str, tool_choice: str = "auto") -> str:
        """Answer ``request`` from a fresh context (``tool_choice`` as FunctionCallAgent's)."""
        context = self.builder.build(
            user_query=request,
            conversation_history=self.history,
            system_instructions=INSTRUCTIONS,
            additional_packets=self.note_packets(request),
        )
        self.agent.system_prompt = context
        self.agent.clear_history()  # the builder has put the conversation in the context
        answer = self.agent.run(request, tool_choice=tool_choice)
        self.history += [Message(request, "user"), Message(answer, "assistant")]
        return answer


llm = make_llm(
    [
        # Session 1, first request: explore.
        tool_calls(tool_call("terminal", {"command": "grep -rn 'TODO\\|FIXME' inventory"})),
        tool_calls(tool_call("terminal", {"command": "sed -n 1,20p inventory/service.py"})),
        tool_calls(tool_call("terminal", {"command": "head -n 20 inventory/service.py"})),
        "inventory/service.py: sell() lets stock go negative (FIXME), and sell() and quote() "
        "both compute the bulk discount; inventory/api.py: handle_sell does not validate the "
        "quantity (TODO); inventory/storage.py: nothing is persisted (TODO).",
        # Session 1, second request: write down what was found.
        tool_calls(
            tool_call(
                "save_note",
                {
                    "title": "sell() lets stock go negative",
                    "content": "inventory/service.py: sell() subtracts without checking stock "
                    "(FIXME). api.handle_sell does not validate quantity (TODO).",
                    "note_type": "blocker",
                },
            ),
            tool_call(
                "save_note",
                {
                    "title": "Deduplicate the bulk discount",
                    "content": "inventory/service.py: sell() and quote() both compute the 10% "
                    "discount; extract it.",
                    "note_type": "action",
                },
            ),
        ),
        "Noted: negative stock and unvalidated quantity (blocker), duplicated discount (action).",
        # Session 2: the notes are already in the context; plan from them.
        "Next steps: 1) reject sales beyond stock in sell() (inventory/service.py); "
        "2) validate quantity in handle_sell (inventory/api.py); 3) extract the bulk "
        "discount shared by sell() and quote().",
    ],
    temperature=0,
)
print(banner(llm))

with tempfile.TemporaryDirectory() as folder:
    maintainer = CodebaseMaintainer(llm, SAMPLE_REPO, Path(folder) / "notes")
    maintainer.agent.hooks.on(
        "tool_end",
        lambda event: print(f"  [{event.data['tool']}] {str(event.data.get('result', ''))[:70]!r}"),
    )

    print("== session 1: explore ==")
    # One job per request, and the tool for it named: a small model does each step,
    # where "explore and record" in one request makes it skip one of them.
    print(
        maintainer.run(
            "Find the TODO and FIXME comments in the code, and say in which file each is.",
            "terminal",
        )
    )
    print(maintainer.run("Record each problem you found with save_note.", "save_note"))
    if not maintainer.notes.list_notes():
        give_up("session 1 explored without writing a note, so session 2 has nothing to plan from")

    print("\n== session 2: plan ==")
    answer = maintainer.run(
        "Plan the next steps from what we know, naming the file of each step.", "none"
    )
    context = maintainer.agent.system_prompt or ""
    print("notes in the context:", context.count("[Note note_"))
    print(answer)
    print("\nnotes summary:", maintainer.notes.summary()["type_distribution"])

    # Did the model do its part? A plan about this codebase, not a generic one.
    named = [
        name
        for name in re.findall(r"[\w/]+\.(?:py|txt|md)", answer)
        if next(SAMPLE_REPO.rglob(Path(name).name), None) is not None
    ]
    if not named:
        give_up(f"the plan names no file of {SAMPLE_REPO.name}: {answer!r}")
    print("files named in the plan:", ", ".join(dict.fromkeys(named)))

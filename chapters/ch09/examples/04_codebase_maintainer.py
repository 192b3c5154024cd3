"""Chapter 9.6: a long-horizon agent that maintains a codebase.

A FunctionCallAgent with two tools, TerminalTool (explore the code, read-only)
and NoteTool (write down findings), works on chapters/ch09/sample_repo. Before
each run a ContextBuilder assembles its system prompt from the instructions,
the conversation so far and the notes of earlier runs, so what the agent wrote
down in session one is in front of it in session two.

Run:  python chapters/ch09/examples/04_codebase_maintainer.py
"""

import tempfile
from pathlib import Path

from example_llm import banner, make_llm

from hello_agents import FunctionCallAgent, ToolRegistry
from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket
from hello_agents.core.message import Message
from hello_agents.testing import tool_call, tool_calls
from hello_agents.tools import NoteTool, TerminalTool

SAMPLE_REPO = Path(__file__).resolve().parents[1] / "sample_repo"
NOTE_RELEVANCE = {"blocker": 0.9, "action": 0.8, "task_state": 0.75, "conclusion": 0.7}
INSTRUCTIONS = (
    "You maintain the inventory-app codebase; the terminal tool's current folder '.' is its "
    "root (inventory/ holds the code, tests/ the tests). Explore it with the terminal tool "
    "(read-only: ls, cat, grep -rn, find, head), e.g. grep -rn TODO . or cat "
    "inventory/service.py, and record what you find with the note tool: problems as "
    "'blocker' notes, next steps as 'action' notes. Be concise."
)


class CodebaseMaintainer:
    """The agent, its tools and the context it is given each run."""

    def __init__(self, llm, codebase: Path, notes_folder: Path) -> None:
        self.notes = NoteTool(workspace=notes_folder)
        self.terminal = TerminalTool(workspace=codebase, timeout=30)
        registry = ToolRegistry()
        registry.register_tool(self.terminal)
        registry.register_tool(self.notes)
        self.agent = FunctionCallAgent(
            "CodebaseMaintainer", llm, INSTRUCTIONS, tool_registry=registry, max_tool_iterations=4
        )
        self.builder = ContextBuilder(config=ContextConfig(max_tokens=3000, reserve_ratio=0.15))
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

    def run(self, request: str) -> str:
        context = self.builder.build(
            user_query=request,
            conversation_history=self.history,
            system_instructions=INSTRUCTIONS,
            additional_packets=self.note_packets(request),
        )
        self.agent.system_prompt = context
        answer = self.agent.run(request)
        self.history += [Message(request, "user"), Message(answer, "assistant")]
        return answer


llm = make_llm(
    [
        # Session 1: explore, then write a note about what was found.
        tool_calls(tool_call("terminal", {"command": "grep -rn 'TODO\\|FIXME' inventory"})),
        tool_calls(tool_call("terminal", {"command": "sed -n 1,20p inventory/service.py"})),
        tool_calls(tool_call("terminal", {"command": "head -n 20 inventory/service.py"})),
        tool_calls(
            tool_call(
                "note",
                {
                    "action": "create",
                    "title": "sell() lets stock go negative",
                    "content": "inventory/service.py: sell() subtracts without checking stock "
                    "(FIXME). api.handle_sell does not validate quantity (TODO).",
                    "note_type": "blocker",
                    "tags": ["service", "validation"],
                },
            ),
            tool_call(
                "note",
                {
                    "action": "create",
                    "title": "Deduplicate the bulk discount",
                    "content": "sell() and quote() both compute the 10% discount; extract it.",
                    "note_type": "action",
                    "tags": ["refactoring"],
                },
            ),
        ),
        "Explored inventory-app: 3 issues found and noted (negative stock, no input "
        "validation, duplicated discount logic).",
        # Session 2: the notes are already in the context; plan from them.
        "Next steps: 1) reject sales beyond stock in sell(); 2) validate quantity in "
        "handle_sell; 3) extract the bulk discount shared by sell() and quote().",
    ]
)
print(banner(llm))

with tempfile.TemporaryDirectory() as folder:
    maintainer = CodebaseMaintainer(llm, SAMPLE_REPO, Path(folder) / "notes")
    maintainer.agent.hooks.on(
        "tool_end",
        lambda event: print(f"  [{event.data['tool']}] {str(event.data.get('result', ''))[:70]!r}"),
    )

    print("== session 1: explore ==")
    print(maintainer.run("Explore the codebase and record the problems you find."))

    print("\n== session 2: plan ==")
    answer = maintainer.run("Plan the next steps from what we know.")
    context = maintainer.agent.system_prompt or ""
    print("notes in the context:", context.count("[Note note_"))
    print(answer)
    print("\nnotes summary:", maintainer.notes.summary()["type_distribution"])

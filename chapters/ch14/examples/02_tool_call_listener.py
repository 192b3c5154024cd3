"""Chapter 14.3.2: ToolAwareSimpleAgent reports every tool call to a listener.

The listener receives the tutorial's keys (agent_name, tool_name, raw_parameters,
parsed_parameters, result) after each call; underneath it is the agent's
tool_end / tool_error hooks, so streaming and async runs are reported too.
"""

from __future__ import annotations

import tempfile

from _setup import example_mode

from hello_agents import HelloAgentsLLM, ToolAwareSimpleAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import NoteTool, ToolRegistry

SCRIPT = [
    'I will save it.\n[TOOL_CALL:note:{"action": "create", "title": "Tides", '
    '"content": "Tides come from the Moon\'s pull.", "tags": ["task_1"]}]',
    "Saved the note about tides.",
]


def tool_listener(call_info: dict) -> None:
    print(f"listener: {call_info['agent_name']} -> {call_info['tool_name']}")
    print(f"  parameters: {call_info['parsed_parameters']}")
    print(f"  result:     {call_info['result'].splitlines()[0]}")


registry = ToolRegistry()
registry.register_tool(NoteTool(workspace=tempfile.mkdtemp(prefix="ch14-notes-")))
mode = example_mode()
llm = ScriptedLLM(SCRIPT) if mode == "scripted" else HelloAgentsLLM()
agent = ToolAwareSimpleAgent(
    name="research assistant",
    system_prompt="You are a research assistant. Save what you learn as notes.",
    llm=llm,
    tool_registry=registry,
    tool_call_listener=tool_listener,
)
print("answer:", agent.run("Save a note: tides come from the Moon's pull."))

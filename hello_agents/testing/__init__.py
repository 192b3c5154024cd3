"""Offline test kit: a scripted LLM and a local OpenAI-compatible server.

* :class:`ScriptedLLM` answers from a script in-process: for unit tests of
  agents and for learners checking their own classes without an API key.
* :class:`FakeOpenAIServer` is a real HTTP server on ``127.0.0.1`` that speaks
  the chat-completions API (JSON and SSE) from the same kind of script, with
  injectable faults: for integration tests through the real ``openai`` SDK.
* :class:`FakeSearchServer` fakes the Tavily and SerpApi HTTP APIs on loopback,
  so the search tool is tested through the real client libraries.
"""

from hello_agents.testing.fake_search import FakeSearchServer, RecordedSearch, SearchFault
from hello_agents.testing.fake_server import FakeOpenAIServer, RecordedRequest
from hello_agents.testing.script import (
    Fault,
    ScriptedReply,
    ScriptItem,
    reply,
    tool_call,
    tool_calls,
)
from hello_agents.testing.scripted_llm import (
    RecordedCall,
    ScriptedLLM,
    ScriptExhaustedError,
    UnusedScriptError,
)

__all__ = [
    "FakeOpenAIServer",
    "FakeSearchServer",
    "Fault",
    "RecordedCall",
    "RecordedRequest",
    "RecordedSearch",
    "ScriptExhaustedError",
    "ScriptItem",
    "ScriptedLLM",
    "ScriptedReply",
    "SearchFault",
    "UnusedScriptError",
    "reply",
    "tool_call",
    "tool_calls",
]

"""core/: the LLM client, messages, configuration, exceptions and the Agent base.

Nothing here imports from ``agents/`` or ``tools/``: the upper layers build on
this one, never the reverse.
"""

from hello_agents.core import exceptions
from hello_agents.core.agent import Agent
from hello_agents.core.config import Config
from hello_agents.core.exceptions import *  # noqa: F403 - as exceptions.__all__ lists them
from hello_agents.core.llm import BaseLLM, HelloAgentsLLM
from hello_agents.core.message import (
    AnswerText,
    LLMResponse,
    Message,
    StreamEnd,
    StreamEvent,
    TextDelta,
    TokenUsage,
    ToolCall,
    ToolCallDelta,
)
from hello_agents.core.providers import PROVIDERS, ProviderSpec, register_provider
from hello_agents.core.retry import RetryPolicy

__all__ = [
    "PROVIDERS",
    "Agent",
    "AnswerText",
    "BaseLLM",
    "Config",
    "HelloAgentsLLM",
    "LLMResponse",
    "Message",
    "ProviderSpec",
    "RetryPolicy",
    "StreamEnd",
    "StreamEvent",
    "TextDelta",
    "TokenUsage",
    "ToolCall",
    "ToolCallDelta",
    "register_provider",
]
__all__ += exceptions.__all__

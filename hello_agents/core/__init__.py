"""core/: the LLM client, messages, configuration, exceptions and the Agent base.

Nothing here imports from ``agents/`` or ``tools/``: the upper layers build on
this one, never the reverse.
"""

from hello_agents.core.agent import Agent
from hello_agents.core.config import Config
from hello_agents.core.exceptions import (
    AgentException,
    ConfigException,
    HelloAgentsException,
    LLMAuthenticationError,
    LLMConnectionError,
    LLMException,
    LLMRateLimitError,
    LLMRequestError,
    LLMResponseError,
    LLMStatusError,
    LLMStreamError,
    LLMTimeoutError,
    ToolException,
)
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
    "AgentException",
    "AnswerText",
    "BaseLLM",
    "Config",
    "ConfigException",
    "HelloAgentsException",
    "HelloAgentsLLM",
    "LLMAuthenticationError",
    "LLMConnectionError",
    "LLMException",
    "LLMRateLimitError",
    "LLMRequestError",
    "LLMResponse",
    "LLMResponseError",
    "LLMStatusError",
    "LLMStreamError",
    "LLMTimeoutError",
    "Message",
    "ProviderSpec",
    "RetryPolicy",
    "StreamEnd",
    "StreamEvent",
    "TextDelta",
    "TokenUsage",
    "ToolCall",
    "ToolCallDelta",
    "ToolException",
    "register_provider",
]

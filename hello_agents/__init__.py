"""hello-agents: a small, layered agent framework on any OpenAI-compatible API.

from hello_agents import HelloAgentsLLM
llm = HelloAgentsLLM()          # provider detected from .env / environment
print(llm.invoke([{"role": "user", "content": "Hi!"}]))
"""

from hello_agents.core import (
    Agent,
    Config,
    ConfigException,
    HelloAgentsException,
    HelloAgentsLLM,
    LLMException,
    Message,
    ToolException,
)

__version__ = "0.1.0"

__all__ = [
    "Agent",
    "Config",
    "ConfigException",
    "HelloAgentsException",
    "HelloAgentsLLM",
    "LLMException",
    "Message",
    "ToolException",
    "__version__",
]

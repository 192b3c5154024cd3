"""The Agent base class: one entry point, shared history, injected LLM and Config.

Every paradigm (Simple, ReAct, Reflection, PlanAndSolve, FunctionCall)
subclasses :class:`Agent` and implements :meth:`Agent.run`. History lives
here and is bounded by ``Config.max_history_length``: the oldest whole turns
go first, so the history never starts in the middle of an exchange.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Any

from hello_agents.core.config import Config
from hello_agents.core.llm_base import BaseLLM
from hello_agents.core.message import Message


class Agent(ABC):
    """Base class of all agents.

    Args:
        name: A name for logs and traces.
        llm: The model client (a :class:`~hello_agents.core.llm.HelloAgentsLLM`,
            or any :class:`BaseLLM` such as the scripted test LLM).
        system_prompt: Instructions sent first in every conversation.
        config: Settings; ``Config.from_env()`` when omitted.
    """

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
    ) -> None:
        self.name = name
        self.llm = llm
        self.system_prompt = system_prompt
        self.config = config or Config.from_env()
        self._history: list[Message] = []

    @abstractmethod
    def run(self, input_text: str, **kwargs: Any) -> str:
        """Answer ``input_text``; the one entry point every paradigm shares."""

    async def arun(self, input_text: str, **kwargs: Any) -> str:
        """Async twin of :meth:`run` (runs it in a worker thread unless overridden)."""
        return await asyncio.to_thread(self.run, input_text, **kwargs)

    # ---- history -------------------------------------------------------------------

    def add_message(self, message: Message) -> None:
        """Append to the history, then trim it to ``config.max_history_length``."""
        self._history.append(message)
        self._trim_history()

    def clear_history(self) -> None:
        """Forget the conversation."""
        self._history.clear()

    def get_history(self) -> list[Message]:
        """A copy of the history: changing it does not change the agent."""
        return self._history.copy()

    def _trim_history(self) -> None:
        limit = self.config.max_history_length
        if len(self._history) <= limit:
            return
        del self._history[: len(self._history) - limit]
        # Drop the remains of a cut turn: the history starts with a user message.
        while self._history and self._history[0].role != "user":
            del self._history[0]

    # ---- helpers for subclasses ----------------------------------------------------

    def build_messages(self, input_text: str, system_prompt: str | None = None) -> list[Message]:
        """System prompt (if any), the history, then ``input_text`` as a user message."""
        prompt = self.system_prompt if system_prompt is None else system_prompt
        messages = [Message(prompt, "system")] if prompt else []
        return [*messages, *self._history, Message(input_text, "user")]

    def llm_options(self) -> dict[str, Any]:
        """Model parameters set on purpose in this agent's Config (temperature, max_tokens)."""
        return self.config.explicit("temperature", "max_tokens")

    def __str__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, provider={self.llm.provider!r})"

    __repr__ = __str__


__all__ = ["Agent"]

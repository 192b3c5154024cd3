"""Exercise 1: MyLLM, add a provider to HelloAgentsLLM by subclassing it.

The tutorial (section 7.2.1) extends the LLM client with ModelScope without
touching the library: a subclass takes over ``provider="modelscope"`` in
``__init__`` and hands every other provider to ``super().__init__``.
(HelloAgentsLLM already knows ModelScope; write the branch yourself anyway.)

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_llm.py

A model answer is in solutions/my_llm.py: try first.
"""

from __future__ import annotations

import os  # noqa: F401  (you will need it)
from typing import Any

from hello_agents import HelloAgentsLLM
from hello_agents.core.exceptions import ConfigException  # noqa: F401  (raise it for a missing key)

MODELSCOPE_BASE_URL = "https://api-inference.modelscope.cn/v1/"
MODELSCOPE_DEFAULT_MODEL = "Qwen/Qwen2.5-72B-Instruct"


class MyLLM(HelloAgentsLLM):
    """HelloAgentsLLM plus a hand-written ``provider="modelscope"`` branch."""

    def __init__(
        self,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        provider: str | None = "auto",
        **kwargs: Any,
    ) -> None:
        if provider != "modelscope":
            # Not ours: the parent's detection handles every other provider.
            super().__init__(
                model=model, api_key=api_key, base_url=base_url, provider=provider, **kwargs
            )
            return

        # TODO 1: the key is api_key, else the MODELSCOPE_API_KEY environment variable;
        #         raise ConfigException with a helpful message when there is neither.
        # TODO 2: the URL is base_url, else MODELSCOPE_BASE_URL; the model is model,
        #         else LLM_MODEL_ID from the environment, else MODELSCOPE_DEFAULT_MODEL.
        # TODO 3: hand the resolved values to super().__init__(...) with provider="auto"
        #         (explicit arguments always win there, and it builds the OpenAI client
        #         on first use), then set self.provider = "modelscope".
        raise NotImplementedError("TODO: the modelscope branch of MyLLM.__init__")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("llm_subclass", MyLLM))

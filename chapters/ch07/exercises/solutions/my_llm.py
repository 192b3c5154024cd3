"""Solution: MyLLM, a HelloAgentsLLM subclass that handles ModelScope itself.

The tutorial's pattern for adding a provider without editing the library:
take over your provider's branch in ``__init__`` and hand every other case to
``super().__init__`` unchanged.

Check it:  python chapters/ch07/exercises/solutions/my_llm.py
"""

from __future__ import annotations

import os
from typing import Any

from hello_agents import HelloAgentsLLM
from hello_agents.core.exceptions import ConfigException

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

        # 1. Credentials: an explicit argument first, then the environment.
        key = api_key or os.getenv("MODELSCOPE_API_KEY")
        if not key:
            raise ConfigException(
                "provider 'modelscope' needs a key: pass api_key= or set MODELSCOPE_API_KEY"
            )
        url = base_url or MODELSCOPE_BASE_URL
        chosen_model = model or os.getenv("LLM_MODEL_ID") or MODELSCOPE_DEFAULT_MODEL

        # 2. The tutorial builds the OpenAI client here by hand. HelloAgentsLLM
        #    builds it on first use from the fields below, so we hand the
        #    resolved values to the parent (explicit arguments always win there)...
        super().__init__(model=chosen_model, api_key=key, base_url=url, provider="auto", **kwargs)
        # 3. ...and record which provider this really is.
        self.provider = "modelscope"


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("llm_subclass", MyLLM))

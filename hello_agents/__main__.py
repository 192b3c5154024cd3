"""``python -m hello_agents [question]``: ask the configured model one question.

With a provider configured (``.env`` or environment), the answer streams from
it. With none, and the embedded local model not installed, the question goes
to the local test server (:class:`~hello_agents.testing.FakeOpenAIServer`)
through the same HTTP path, so the whole client can be tried offline.
"""

from __future__ import annotations

import sys

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.core.llm import HelloAgentsLLM

DEFAULT_QUESTION = "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?"


def main(argv: list[str] | None = None) -> int:
    question = " ".join(argv if argv is not None else sys.argv[1:]) or DEFAULT_QUESTION
    llm = HelloAgentsLLM()
    messages = [{"role": "user", "content": question}]
    print(f"question: {question}")
    try:
        if llm.provider == "embedded":
            return _ask_test_server(llm, messages)
        print(f"provider: {llm.provider}, model: {llm.model}")
        for chunk in llm.think(messages):
            print(chunk, end="", flush=True)
        print()
    except HelloAgentsException as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


def _ask_test_server(llm: HelloAgentsLLM, messages: list[dict[str, str]]) -> int:
    try:
        llm.client  # noqa: B018 (starts the embedded model when it is installed)
    except HelloAgentsException:
        from hello_agents.testing import FakeOpenAIServer

        print("no provider configured and no embedded model: using the local test server")
        with FakeOpenAIServer(responder=lambda body: "48 * 37 = 1776 cents.") as server:
            offline = HelloAgentsLLM(base_url=server.base_url, model=server.model)
            for chunk in offline.think(messages):
                print(chunk, end="", flush=True)
            print()
        return 0
    for chunk in llm.think(messages):
        print(chunk, end="", flush=True)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

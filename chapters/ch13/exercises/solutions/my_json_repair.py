"""A model answer to exercise 2 (my_structured)."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError


def read_json(reply: str) -> Any:
    text = reply.strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fence:
        try:
            return json.loads(fence.group(1))
        except json.JSONDecodeError:
            pass
    decoder = json.JSONDecoder()
    for start, char in enumerate(text):
        if char == "{":
            try:
                return decoder.raw_decode(text, start)[0]
            except json.JSONDecodeError:
                continue
    raise ValueError("no JSON object in the reply")


def my_structured(llm: Any, question: str, model: type[BaseModel], max_repairs: int = 2) -> Any:
    messages = [{"role": "user", "content": question}]
    for _ in range(max_repairs + 1):
        reply = str(llm.invoke(messages))
        try:
            return model.model_validate(read_json(reply))
        except ValidationError as error:
            problems = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()]
        except ValueError as error:
            problems = [str(error)]
        messages.append({"role": "assistant", "content": reply})
        listed = "\n".join(f"- {problem}" for problem in problems)
        messages.append({"role": "user", "content": f"Fix these and answer JSON only:\n{listed}"})
    raise ValueError(f"no valid {model.__name__} after {max_repairs} repairs")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("json_repair", my_structured))

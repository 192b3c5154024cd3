"""Exercise 2: my_structured, the JSON repair turn.

Ask the model for JSON, validate it with a pydantic model, and when it does not validate,
show the model its mistakes and ask again, a bounded number of times. Never make a value
up: when the repairs run out, raise. (The framework's own version is
hello_agents/core/structured.py: generate_structured.)

Fill in the TODOs, then check your function:

    python chapters/ch13/exercises/my_json_repair.py

A model answer is in solutions/my_json_repair.py: try first.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def read_json(reply: str) -> Any:
    """TODO 1: the JSON value of ``reply``: the whole text, else a ```json fence's body,
    else the first object json.JSONDecoder().raw_decode reads from a '{'. Raise
    ValueError("no JSON object") when there is none."""
    raise NotImplementedError("TODO: read_json")


def my_structured(llm: Any, question: str, model: type[BaseModel], max_repairs: int = 2) -> Any:
    """TODO 2: messages = [{"role": "user", "content": question}]; up to max_repairs + 1
    times: reply = llm.invoke(messages); try read_json + model.model_validate and return
    the instance; on ValueError (pydantic's ValidationError is one) append the reply as
    an "assistant" message and a "user" message listing each error ("loc: msg", from
    error.errors() for a ValidationError), then try again. Raise ValueError at the end."""
    raise NotImplementedError("TODO: my_structured")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("json_repair", my_structured))

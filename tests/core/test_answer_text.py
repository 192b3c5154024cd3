"""invoke's result: a str (chapter 7 code) that also answers .content (chapter 9 code)."""

from __future__ import annotations

import asyncio
import json
import pickle

from hello_agents.core import AnswerText
from hello_agents.testing import ScriptedLLM


def test_invoke_returns_text_that_also_has_content() -> None:
    answer = ScriptedLLM(["Paris."]).invoke("Capital of France?")
    assert isinstance(answer, str) and answer == "Paris."
    assert answer.content == "Paris." and type(answer.content) is str
    assert answer.response.finish_reason == "stop"
    assert f"A: {answer}" == "A: Paris." and json.dumps(answer) == '"Paris."'


def test_ainvoke_returns_the_same_kind_of_text() -> None:
    answer = asyncio.run(ScriptedLLM(["Rome."]).ainvoke("Capital of Italy?"))
    assert isinstance(answer, AnswerText) and answer.content == "Rome."


def test_the_text_survives_pickling_with_its_response() -> None:
    answer = ScriptedLLM(["Bern."]).invoke("Capital of Switzerland?")
    copy = pickle.loads(pickle.dumps(answer))
    assert copy == "Bern." and copy.response == answer.response

"""Structured output: a pydantic model in, a validated instance out, or a typed error."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field, field_validator

from hello_agents import HelloAgentsLLM, SimpleAgent
from hello_agents.core.structured import (
    StructuredOutputError,
    generate_structured,
    parse_json_reply,
    run_structured,
    structured_mode,
)
from hello_agents.testing import FakeOpenAIServer, ScriptedLLM


class Place(BaseModel):
    name: str
    latitude: float = Field(ge=-90, le=90)
    longitude: float = Field(ge=-180, le=180)


class Forecast(BaseModel):
    city: str
    day_temp: int
    places: list[Place] = Field(default_factory=list)

    @field_validator("day_temp", mode="before")
    @classmethod
    def strip_unit(cls, value: object) -> object:
        return value.replace("°C", "").strip() if isinstance(value, str) else value


GOOD = {"city": "Hangzhou", "day_temp": "21°C", "places": [
    {"name": "West Lake", "latitude": 30.24, "longitude": 120.14}]}  # fmt: skip


def test_a_valid_reply_becomes_a_validated_instance() -> None:
    llm = ScriptedLLM([f"Here it is:\n```json\n{json.dumps(GOOD)}\n```"])
    forecast = generate_structured(llm, "Weather in Hangzhou?", Forecast)
    assert forecast.day_temp == 21
    assert forecast.places[0].name == "West Lake"
    assert "JSON Schema" in llm.last_call.system_prompt


def test_an_invalid_reply_gets_a_repair_turn_quoting_the_errors() -> None:
    bad = {**GOOD, "places": [{"name": "West Lake", "latitude": 300, "longitude": 120.14}]}
    llm = ScriptedLLM([json.dumps(bad), json.dumps(GOOD)])
    forecast = generate_structured(llm, "Weather in Hangzhou?", Forecast)
    assert forecast.places[0].latitude == 30.24
    repair = llm.last_call.last_user_message
    assert "places.0.latitude" in repair
    assert "less than or equal to 90" in repair
    assert "300" in repair


def test_a_reply_that_is_not_json_is_told_so() -> None:
    llm = ScriptedLLM(["Sunny, about 21 degrees.", json.dumps(GOOD)])
    generate_structured(llm, "Weather?", Forecast)
    assert "no JSON object" in llm.last_call.last_user_message


def test_repairs_are_bounded_and_failure_is_a_typed_error_with_every_reply() -> None:
    llm = ScriptedLLM(['{"city": "Hangzhou"}'] * 2)
    with pytest.raises(StructuredOutputError) as raised:
        generate_structured(llm, "Weather?", Forecast, max_repairs=1)
    assert len(raised.value.attempts) == 2
    assert raised.value.output_model == "Forecast"
    assert "day_temp: Field required" in str(raised.value)
    llm.assert_all_used()


def test_a_llama_cpp_server_gets_the_json_schema_as_response_format() -> None:
    with FakeOpenAIServer([json.dumps(GOOD)], owned_by="llamacpp") as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="test-key", model="fake")
        assert structured_mode(llm) == "json_schema"
        generate_structured(llm, "Weather?", Forecast)
        sent = server.chat_requests[0].body["response_format"]
    assert sent["type"] == "json_schema"
    assert sent["json_schema"]["name"] == "Forecast"
    assert sent["json_schema"]["schema"] == Forecast.model_json_schema()


def test_a_provider_with_json_mode_only_gets_json_object() -> None:
    llm = ScriptedLLM([json.dumps(GOOD)])
    llm.provider = "deepseek"
    generate_structured(llm, "Weather?", Forecast)
    assert llm.last_call.request["response_format"] == {"type": "json_object"}


def test_an_agent_answers_as_the_model_and_keeps_the_exchange() -> None:
    llm = ScriptedLLM([json.dumps(GOOD)])
    agent = SimpleAgent("forecaster", llm, system_prompt="You report the weather.")
    forecast = run_structured(agent, "Weather in Hangzhou?", Forecast)
    assert forecast.city == "Hangzhou"
    assert llm.last_call.system_prompt.startswith("You report the weather.")
    history = agent.get_history()
    assert [message.role for message in history] == ["user", "assistant"]
    assert Forecast.model_validate_json(history[1].content) == forecast


def test_parse_json_reply_reads_what_models_write() -> None:
    assert parse_json_reply('{"a": 1}') == {"a": 1}
    assert parse_json_reply('<think>hmm {"x"}</think>Sure: {"a": 1} done') == {"a": 1}
    with pytest.raises(ValueError, match="empty"):
        parse_json_reply("   ")

"""Message and Config."""

from __future__ import annotations

from datetime import datetime

import pytest

from hello_agents import Config, Message
from hello_agents.core.exceptions import ConfigException
from hello_agents.core.message import ToolCall


def test_message_is_positional_and_stamped() -> None:
    message = Message("hello", "user")
    assert (message.content, message.role) == ("hello", "user")
    assert isinstance(message.timestamp, datetime)
    assert message.metadata == {}
    assert str(message) == "[user] hello"


def test_to_dict_sends_only_what_the_api_needs() -> None:
    message = Message("hi", "assistant", metadata={"trace": 1})
    assert message.to_dict() == {"role": "assistant", "content": "hi"}


def test_tool_messages_round_trip_through_the_wire_format() -> None:
    call = ToolCall(id="c1", name="calc", arguments='{"x": 1}')
    assistant = Message(None, "assistant", tool_calls=[call])
    tool = Message("2", "tool", tool_call_id="c1")
    assert assistant.to_dict()["tool_calls"][0]["function"] == {
        "name": "calc",
        "arguments": '{"x": 1}',
    }
    assert tool.to_dict() == {"role": "tool", "content": "2", "tool_call_id": "c1"}
    assert Message.from_dict(assistant.to_dict()).tool_calls == [call]
    assert Message.from_dict(tool.to_dict()).tool_call_id == "c1"


def test_invalid_role_is_rejected() -> None:
    with pytest.raises(ValueError):
        Message("x", "robot")  # type: ignore[arg-type]


def test_config_defaults() -> None:
    config = Config()
    assert (config.temperature, config.max_tokens, config.max_history_length) == (0.7, None, 100)
    assert not config.model_fields_set  # nothing set on purpose: no model parameter is sent


def test_config_from_env_reads_every_documented_variable() -> None:
    env = {
        "LLM_MODEL_ID": "m",
        "LLM_PROVIDER": "ollama",
        "TEMPERATURE": "0.3",
        "MAX_TOKENS": "256",
        "LLM_TIMEOUT": "9",
        "LLM_MAX_RETRIES": "5",
        "DEBUG": "true",
        "LOG_LEVEL": "warning",
        "MAX_HISTORY_LENGTH": "10",
        "MAX_CONTEXT_TOKENS": "4000",
    }
    config = Config.from_env(env)
    assert config.model_dump() == {
        "default_model": "m",
        "default_provider": "ollama",
        "temperature": 0.3,
        "max_tokens": 256,
        "timeout": 9.0,
        "max_retries": 5,
        "debug": True,
        "log_level": "warning",
        "max_history_length": 10,
        "max_context_tokens": 4000,
    }
    assert {"temperature", "max_tokens"} <= config.model_fields_set


def test_config_from_env_rejects_bad_values() -> None:
    with pytest.raises(ConfigException, match="temperature"):
        Config.from_env({"TEMPERATURE": "hot"})
    with pytest.raises(ConfigException, match="timeout"):
        Config.from_env({"LLM_TIMEOUT": "0"})


def test_configure_logging_sets_the_package_logger() -> None:
    import logging

    Config(debug=True).configure_logging()
    assert logging.getLogger("hello_agents").level == logging.DEBUG
    Config(log_level="warning").configure_logging()
    assert logging.getLogger("hello_agents").level == logging.WARNING
    logging.getLogger("hello_agents").setLevel(logging.NOTSET)

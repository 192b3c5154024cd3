"""The check for exercise 1: a HelloAgentsLLM subclass handling ModelScope itself."""

from __future__ import annotations

import os
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    Expectation,
    expect,
    run_cases,
    short,
)
from hello_agents.testing.fake_server import FakeOpenAIServer

# ---- HelloAgentsLLM subclass (the ModelScope exercise) -------------------------------

MODELSCOPE_URL = "https://api-inference.modelscope.cn/v1"


def check_llm_subclass(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a HelloAgentsLLM subclass that handles ``provider="modelscope"`` itself.

    Expected: the key comes from ``api_key`` or ``MODELSCOPE_API_KEY`` (an error
    when neither is set), the URL defaults to ModelScope's, the model to
    ``LLM_MODEL_ID`` or a default, explicit arguments win, every other provider
    is left to ``HelloAgentsLLM``, and requests really reach the server with the key.
    """
    from hello_agents.core.llm import HelloAgentsLLM

    def is_subclass() -> None:
        expect(
            isinstance(cls, type) and issubclass(cls, HelloAgentsLLM),
            "a subclass of HelloAgentsLLM",
            short(cls),
            "write class MyLLM(HelloAgentsLLM): so invoke/think/chat are inherited.",
        )

    def key_from_environment() -> None:
        os.environ["MODELSCOPE_API_KEY"] = "ms-from-env"
        llm = cls(provider="modelscope")
        expect(llm.provider == "modelscope", "provider 'modelscope'", short(llm.provider))
        expect(
            llm.api_key == "ms-from-env",
            "api_key taken from MODELSCOPE_API_KEY ('ms-from-env')",
            short(llm.api_key),
            "use api_key or os.getenv('MODELSCOPE_API_KEY').",
        )
        expect(
            str(llm.base_url).rstrip("/") == MODELSCOPE_URL,
            f"base_url {MODELSCOPE_URL}/ by default",
            short(llm.base_url),
        )
        expect(bool(llm.model), "a default model name", short(llm.model))

    def model_from_environment() -> None:
        os.environ.update(MODELSCOPE_API_KEY="ms-from-env", LLM_MODEL_ID="Qwen/Chosen-Model")
        llm = cls(provider="modelscope")
        expect(
            llm.model == "Qwen/Chosen-Model",
            "model taken from LLM_MODEL_ID when no model= is given",
            short(llm.model),
            "model = model or os.getenv('LLM_MODEL_ID') or a default.",
        )

    def explicit_arguments_win() -> None:
        os.environ.update(MODELSCOPE_API_KEY="ms-from-env", LLM_MODEL_ID="env-model")
        llm = cls(
            provider="modelscope",
            api_key="ms-explicit",
            base_url="https://mirror.example.test/v1",
            model="explicit-model",
        )
        got = (llm.api_key, str(llm.base_url).rstrip("/"), llm.model)
        wanted = ("ms-explicit", "https://mirror.example.test/v1", "explicit-model")
        expect(
            got == wanted,
            f"the explicit api_key, base_url and model {wanted}",
            short(got),
            "an argument passed to the constructor always beats the environment.",
        )

    def missing_key_is_an_error() -> None:
        try:
            llm = cls(provider="modelscope")
        except NotImplementedError:
            raise
        except Exception:
            return
        raise Expectation(
            "an exception (e.g. ValueError or ConfigException) when no key is set",
            f"a client was built with api_key={llm.api_key!r}",
            "check that the key is not empty before building the client.",
        )

    def other_providers_deferred() -> None:
        os.environ["DEEPSEEK_API_KEY"] = "sk-deepseek"
        llm = cls()
        expect(
            llm.provider == "deepseek" and llm.api_key == "sk-deepseek",
            "with DEEPSEEK_API_KEY set and no provider, HelloAgentsLLM's own detection "
            "(provider 'deepseek')",
            short((llm.provider, llm.api_key)),
            "for any provider other than modelscope, call super().__init__(...) unchanged.",
        )

    def really_calls_the_model() -> None:
        with FakeOpenAIServer(["hello from the fake server"]) as server:
            llm = cls(
                provider="modelscope",
                api_key="ms-check-key",
                base_url=server.base_url,
                model="check-model",
            )
            answer = llm.invoke([{"role": "user", "content": "hi"}])
            expect(
                answer == "hello from the fake server",
                "invoke() to return the server's answer",
                short(answer),
            )
            request = server.chat_requests[0]
            expect(
                request.headers.get("authorization") == "Bearer ms-check-key",
                "the request to carry 'Authorization: Bearer ms-check-key'",
                short(request.headers.get("authorization")),
                "the client must be built with your api_key and base_url.",
            )
            expect(
                request.body.get("model") == "check-model",
                "the request to name model 'check-model'",
                short(request.body.get("model")),
            )

    return run_cases(
        "llm_subclass",
        cls,
        [
            Case(
                "is a HelloAgentsLLM subclass",
                is_subclass,
                "class MyLLM(HelloAgentsLLM): inherits invoke, think and chat.",
                expected="a class derived from HelloAgentsLLM",
            ),
            Case(
                "modelscope: key from MODELSCOPE_API_KEY, default URL and model",
                key_from_environment,
                "in __init__, handle provider == 'modelscope' before calling super().",
                expected="cls(provider='modelscope') with MODELSCOPE_API_KEY set builds a client "
                f"with that key, base_url {MODELSCOPE_URL} and a default model",
            ),
            Case(
                "modelscope: model from LLM_MODEL_ID",
                model_from_environment,
                "model = model or os.getenv('LLM_MODEL_ID') or a default.",
                expected="model taken from LLM_MODEL_ID when no model= is given",
            ),
            Case(
                "explicit arguments beat the environment",
                explicit_arguments_win,
                "use an argument when it is given; read the environment only otherwise.",
                expected="the api_key, base_url and model passed to the constructor, not the "
                "environment's",
            ),
            Case(
                "modelscope without any key is an error",
                missing_key_is_an_error,
                "raise ConfigException (or ValueError) when api_key and MODELSCOPE_API_KEY are "
                "both missing.",
                expected="an exception (ConfigException or ValueError) when no key is set",
            ),
            Case(
                "other providers are left to HelloAgentsLLM",
                other_providers_deferred,
                "for any provider other than modelscope, call super().__init__(...) with the "
                "arguments unchanged.",
                expected="with only DEEPSEEK_API_KEY set, cls() detects provider 'deepseek' as "
                "HelloAgentsLLM does",
            ),
            Case(
                "requests reach the server with the key and model",
                really_calls_the_model,
                "after setting the fields, make sure HelloAgentsLLM can build its client.",
                expected="invoke() reaches the server with 'Authorization: Bearer <your key>' and "
                "the model name, and returns the server's answer",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )

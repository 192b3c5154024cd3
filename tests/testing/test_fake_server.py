"""The fake server's own routes and bookkeeping."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from hello_agents.testing import FakeOpenAIServer


def get(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def test_models_and_health_routes() -> None:
    with FakeOpenAIServer(model="tiny") as server:
        [model] = get(server.base_url + "/models")["data"]
        assert model == {"id": "tiny", "object": "model", "owned_by": "fake"}
    with FakeOpenAIServer(model="tiny", owned_by="llamacpp", parameters=1_000) as server:
        [model] = get(server.base_url + "/models")["data"]
        assert (model["owned_by"], model["meta"]) == ("llamacpp", {"n_params": 1_000})
        assert get(f"http://127.0.0.1:{server.port}/health") == {"status": "ok"}


def test_requests_beyond_the_script_are_400_and_recorded() -> None:
    with FakeOpenAIServer() as server:
        request = urllib.request.Request(
            server.base_url + "/chat/completions",
            data=json.dumps({"messages": []}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with pytest.raises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(request, timeout=5)
        assert raised.value.code == 400
        with pytest.raises(AssertionError, match="after the script ended"):
            server.assert_all_used()


def test_responder_answers_when_the_script_is_empty() -> None:
    with FakeOpenAIServer(responder=lambda body: f"echo {len(body['messages'])}") as server:
        request = urllib.request.Request(
            server.base_url + "/chat/completions",
            data=json.dumps({"messages": [{"role": "user", "content": "x"}]}).encode(),
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            body = json.loads(response.read())
        assert body["choices"][0]["message"]["content"] == "echo 1"
        server.assert_all_used()

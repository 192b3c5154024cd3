"""Keeping secrets out of everything the framework renders.

Keys travel in more places than the ``api_key`` argument: a base URL can carry
a password (``http://user:PASSWORD@host/v1``) or a key in its query
(``?api-key=...``, ``?key=...``, ``?token=...``), and a server may echo the
bearer token back in its error body. :class:`Redactor` is the one helper used
wherever a URL, a message or an exception is shown: reprs, ``describe()``,
``hello-agents doctor``, error messages, exception chains and log lines.

    >>> redact_url("http://bob:s3cret@proxy.example/v1?api-key=abc&x=1")
    'http://bob:***@proxy.example/v1?api-key=***&x=1'
"""

from __future__ import annotations

import base64
import contextlib
import logging
import re
from collections.abc import Iterable
from urllib.parse import parse_qsl, unquote, urlsplit

MASK = "***"

# Query parameters whose value is a credential (compared case-insensitively).
SECRET_QUERY_NAMES = (
    "api-key",
    "api_key",
    "apikey",
    "key",
    "token",
    "access_token",
    "access-token",
    "auth",
    "password",
    "secret",
    "client_secret",
    "sig",
    "signature",
)

_USERINFO = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<userinfo>[^/?#@\s]+)@")
_QUERY = re.compile(
    r"(?P<name>[?&;](?:" + "|".join(re.escape(name) for name in SECRET_QUERY_NAMES) + r")=)"
    r"(?P<value>[^&#\s'\"<>]*)",
    re.IGNORECASE,
)
# Secrets shorter than this are not replaced inside free text (a key of "x"
# would turn every "x" into "***"); URL patterns still hide them.
_MIN_SECRET_LENGTH = 4


def _mask_userinfo(match: re.Match[str]) -> str:
    user, colon, _ = match.group("userinfo").partition(":")
    shown = f"{user}:{MASK}" if colon else MASK
    return f"{match.group('scheme')}{shown}@"


def redact_url(url: str | None) -> str | None:
    """``url`` with its password and secret query values replaced by ``***``."""
    if url is None:
        return None
    return _QUERY.sub(lambda m: m.group("name") + MASK, _USERINFO.sub(_mask_userinfo, url))


def url_secrets(url: str | None) -> list[str]:
    """The credentials a URL carries: its password and secret query values."""
    if not url:
        return []
    try:
        parts = urlsplit(url)
        found = [parts.password or ""]
        if parts.username and not parts.password:
            found.append(parts.username)
        if parts.username and parts.password:
            # HTTP clients send URL credentials as Basic auth, which a server may echo.
            userinfo = f"{unquote(parts.username)}:{unquote(parts.password)}"
            found.append(base64.b64encode(userinfo.encode()).decode())
        names = {name.lower() for name in SECRET_QUERY_NAMES}
        found += [value for name, value in parse_qsl(parts.query) if name.lower() in names]
    except ValueError:
        return []
    return [secret for secret in found if secret]


class Redactor:
    """Replaces known secrets and URL credentials in text and exceptions.

    Args:
        secrets: Exact strings to hide (an API key, a URL's password ...);
            empty and very short ones are ignored.
    """

    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        variants: set[str] = set()
        for secret in secrets:
            if secret and len(secret) >= _MIN_SECRET_LENGTH:
                variants.update({secret, unquote(secret)})
        # Longest first, so that a secret containing another is hidden whole.
        self.secrets = sorted(variants, key=len, reverse=True)

    def text(self, text: str) -> str:
        """``text`` with every known secret and URL credential masked."""
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        return redact_url(text) or ""

    def value(self, value: object) -> object:
        """A copy of a JSON-like value (dict, list, str) with secrets masked."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {key: self.value(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(item) for item in value]
        return value

    def exception(self, error: BaseException) -> BaseException:
        """Mask secrets in ``error`` and every exception chained to it, in place.

        The messages, the ``message`` and ``body`` attributes (as the openai
        SDK's errors have) and notes are rewritten, so that a traceback of
        the chain, printed or logged, shows no secret. Returns ``error``.
        """
        seen: set[int] = set()
        current: BaseException | None = error
        pending = [error]
        while pending:
            current = pending.pop()
            if current is None or id(current) in seen:
                continue
            seen.add(id(current))
            self._scrub(current)
            pending += [current.__cause__, current.__context__]  # type: ignore[list-item]
        return error

    def _scrub(self, error: BaseException) -> None:
        with contextlib.suppress(AttributeError, TypeError):
            error.args = tuple(self.value(arg) for arg in error.args)
        for attribute in ("message", "body", "doc"):
            current = getattr(error, attribute, None)
            if isinstance(current, (str, dict, list)):
                with contextlib.suppress(AttributeError, TypeError):
                    setattr(error, attribute, self.value(current))
        notes = getattr(error, "__notes__", None)
        if isinstance(notes, list):
            notes[:] = [self.text(note) if isinstance(note, str) else note for note in notes]


class URLSecretFilter(logging.Filter):
    """A logging filter that masks URL credentials in a record's message.

    HTTP libraries log the URL of each request; installed on their loggers,
    this keeps a password or ``?api-key=`` in a base URL out of the logs.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record is logging's problem, not ours
            return True
        redacted = redact_url(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


_FILTERED_LOGGERS = (
    "httpx",
    "httpx2",
    "httpcore.http11",
    "httpcore2.http11",
    "openai",
    "openai._base_client",
)


def install_log_filters() -> None:
    """Put :class:`URLSecretFilter` on the loggers of the HTTP stack (once)."""
    for name in _FILTERED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, URLSecretFilter) for existing in logger.filters):
            logger.addFilter(URLSecretFilter())


__all__ = [
    "MASK",
    "SECRET_QUERY_NAMES",
    "Redactor",
    "URLSecretFilter",
    "install_log_filters",
    "redact_url",
    "url_secrets",
]

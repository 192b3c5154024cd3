"""Decentralized identity for ANP services: ``did:wba`` documents and signed requests.

ANP's first layer is trust: an agent publishes a DID document (its public keys)
and signs what it sends; the receiver checks the signature against that
document. This module wraps ``agent-connect`` (the ANP reference SDK) for the
parts that work offline: creating a DID document with its keys, writing the
``Authorization: DIDWba ...`` header for a service domain, and verifying one.
Resolving a DID over HTTPS and agent-connect's encrypted messaging need a
reachable host and are not used here (see docs/protocols.md).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from hello_agents._lazy import require

logger = logging.getLogger(__name__)

ANP_EXTRA = "anp"


@contextmanager
def _no_root_logging_setup() -> Iterator[None]:
    """Keep agent-connect's module-level ``logging.info(...)`` calls from configuring logging.

    Those calls run ``logging.basicConfig()`` when the root logger has no handler,
    which would start printing every library's logs in the user's program. A
    NullHandler on the root logger for the duration of the call prevents that.
    """
    root = logging.getLogger()
    guard = logging.NullHandler() if not root.handlers else None
    if guard is not None:
        root.addHandler(guard)
    try:
        yield
    finally:
        if guard is not None:
            root.removeHandler(guard)


@dataclass
class ANPIdentity:
    """A ``did:wba`` identity: the public DID document and the private keys that sign for it.

    Attributes:
        did_document: The public document (share it; it holds no secret).
        private_keys: PEM private keys by verification-method fragment (keep them secret:
            they are left out of ``repr``).
    """

    did_document: dict[str, Any]
    private_keys: dict[str, bytes] = field(repr=False)

    @classmethod
    def create(
        cls, hostname: str = "localhost", port: int | None = None, path: Sequence[str] = ()
    ) -> ANPIdentity:
        """A new identity with fresh keys, e.g. ``did:wba:localhost%3A9000:agents:writer``.

        Raises:
            ConfigException: agent-connect is not installed (the message names the extra).
        """
        did_wba = require("agent_connect.authentication", ANP_EXTRA)
        with _no_root_logging_setup():
            document, keys = did_wba.create_did_wba_document(
                hostname, port=port, path_segments=list(path) or None
            )
        return cls(document, {fragment: pair[0] for fragment, pair in keys.items()})

    @property
    def did(self) -> str:
        """The identity's DID (the document's ``id``)."""
        return str(self.did_document["id"])

    def auth_header(self, service_domain: str) -> str:
        """A signed ``Authorization`` header value for requests to ``service_domain``."""
        did_wba = require("agent_connect.authentication", ANP_EXTRA)
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        def sign(content: bytes, fragment: str) -> bytes:
            key = serialization.load_pem_private_key(self.private_keys[fragment], password=None)
            if not isinstance(key, ec.EllipticCurvePrivateKey):
                raise TypeError(f"key {fragment!r} is not an elliptic-curve key")
            return key.sign(content, ec.ECDSA(hashes.SHA256()))

        with _no_root_logging_setup():
            header: str = did_wba.generate_auth_header(self.did_document, service_domain, sign)
        return header


def verify_auth_header(header: str, did_document: dict[str, Any], service_domain: str) -> bool:
    """Whether ``header`` was signed by the owner of ``did_document`` for ``service_domain``."""
    did_wba = require("agent_connect.authentication", ANP_EXTRA)
    try:
        with _no_root_logging_setup():
            valid, reason = did_wba.verify_auth_header_signature(
                header, did_document, service_domain
            )
    except Exception as error:  # a malformed header is simply not a valid signature
        logger.debug("DID header rejected: %s", error)
        return False
    if not valid:
        logger.debug("DID header rejected: %s", reason)
    return bool(valid)


__all__ = ["ANPIdentity", "verify_auth_header"]

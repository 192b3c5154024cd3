"""``with`` and ``async with`` for objects that connect and close, sync or async."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TypeVar

ConnectableT = TypeVar("ConnectableT", bound="Connectable")


class Connectable(ABC):
    """Gives ``with`` (:meth:`connect` / :meth:`close`) and ``async with``
    (:meth:`aconnect` / :meth:`aclose`) to a class that defines those four."""

    @abstractmethod
    def connect(self) -> Connectable:
        """Open the connection (sync); return the object itself."""

    @abstractmethod
    async def aconnect(self) -> Connectable:
        """Open the connection (async); return the object itself."""

    @abstractmethod
    def close(self) -> None:
        """Close the connection (sync)."""

    @abstractmethod
    async def aclose(self) -> None:
        """Close the connection (async)."""

    def __enter__(self: ConnectableT) -> ConnectableT:
        self.connect()
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    async def __aenter__(self: ConnectableT) -> ConnectableT:
        await self.aconnect()
        return self

    async def __aexit__(self, *exception: object) -> None:
        await self.aclose()

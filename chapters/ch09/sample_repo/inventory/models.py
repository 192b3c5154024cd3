"""The records the inventory keeps."""

from dataclasses import dataclass


@dataclass
class Item:
    """One product on the shelves."""

    sku: str
    name: str
    price_cents: int
    stock: int = 0

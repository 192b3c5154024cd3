"""Selling and restocking."""

from inventory.models import Item
from inventory.storage import Storage


def sell(storage: Storage, sku: str, quantity: int) -> int:
    """Sell ``quantity`` of an item; returns the price in cents."""
    item = storage.get(sku)
    if item is None:
        raise KeyError(sku)
    # FIXME: stock can go negative, nothing checks it
    item.stock -= quantity
    storage.save(item)
    price = item.price_cents * quantity
    if quantity >= 10:
        price = price * 90 // 100  # 10% off for ten or more
    return price


def restock(storage: Storage, sku: str, quantity: int) -> Item:
    """Add ``quantity`` to an item's stock."""
    item = storage.get(sku)
    if item is None:
        raise KeyError(sku)
    item.stock += quantity
    storage.save(item)
    return item


def quote(storage: Storage, sku: str, quantity: int) -> int:
    """The price of ``quantity`` without selling."""
    item = storage.get(sku)
    if item is None:
        raise KeyError(sku)
    price = item.price_cents * quantity
    if quantity >= 10:
        price = price * 90 // 100  # duplicated from sell(): keep the two in step
    return price

"""Request handlers: dicts in, dicts out."""

from inventory.service import quote, restock, sell
from inventory.storage import Storage

STORAGE = Storage()


def handle_sell(request: dict) -> dict:
    # TODO: validate input (quantity must be a positive integer)
    price = sell(STORAGE, request["sku"], request["quantity"])
    return {"ok": True, "price_cents": price}


def handle_restock(request: dict) -> dict:
    item = restock(STORAGE, request["sku"], request["quantity"])
    return {"ok": True, "stock": item.stock}


def handle_quote(request: dict) -> dict:
    return {"ok": True, "price_cents": quote(STORAGE, request["sku"], request["quantity"])}

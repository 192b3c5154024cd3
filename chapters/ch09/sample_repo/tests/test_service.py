from inventory.models import Item
from inventory.service import restock, sell
from inventory.storage import Storage


def test_sell_reduces_stock() -> None:
    storage = Storage()
    storage.save(Item("A1", "pencil", 37, stock=50))
    assert sell(storage, "A1", 2) == 74
    assert storage.get("A1").stock == 48


def test_restock_adds_stock() -> None:
    storage = Storage()
    storage.save(Item("A1", "pencil", 37))
    assert restock(storage, "A1", 5).stock == 5

"""Where items live. In memory for now."""

from inventory.models import Item


class Storage:
    """Items by SKU."""

    def __init__(self) -> None:
        self._items: dict[str, Item] = {}

    def save(self, item: Item) -> None:
        # TODO: persist to disk; everything is lost on restart
        self._items[item.sku] = item

    def get(self, sku: str) -> Item | None:
        return self._items.get(sku)

    def all(self) -> list[Item]:
        return list(self._items.values())

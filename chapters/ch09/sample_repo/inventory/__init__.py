"""A corner shop's inventory: items, stock, sales."""

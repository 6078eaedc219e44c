"""The Textual app: a thin shell over the engine (no rule logic in widgets)."""

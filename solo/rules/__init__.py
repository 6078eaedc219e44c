"""The table engine: load and validate table files, resolve rolls, exact odds."""

from solo.rules.catalog import Catalog, default_catalog, load_catalog

__all__ = ["Catalog", "default_catalog", "load_catalog"]

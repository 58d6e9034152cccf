"""Store: the on-disk cache, the only code that knows its layout."""

"""Suite files: reading and checking them (``loader``), and expanding their entries into scans (``expansion``)."""

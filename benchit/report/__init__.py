"""Report: turning a cache into tables and files."""

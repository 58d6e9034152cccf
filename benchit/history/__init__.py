"""History: results of many caches in one database (SQLite or PostgreSQL), series over runs, verdicts and a dashboard."""

"""The history database's Alembic migrations, shipped inside the package (history/engine.py runs them)."""

"""Execute: running scripts in isolated workers, scheduling them, and turning how they ended into a status."""

"""Judge: whether two results can be compared, the statistics that compare them, and the verdicts (no pandas: history reads it too)."""

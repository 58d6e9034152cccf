# labels: name::exception_before author::faults task::fault
"""Raises before any model is called."""

raise ValueError("fault injected before the model")

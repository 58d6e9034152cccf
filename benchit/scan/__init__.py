"""Scan: finding scripts, reading their labels and parameters, and capturing the models they call."""

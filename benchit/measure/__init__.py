"""Measure: timing one captured model on one device with one runtime, parity, and the machine it ran on."""

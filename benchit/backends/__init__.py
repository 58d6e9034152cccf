"""Backends: the built-in devices and runtimes, each a plugin on the same hooks a third party uses."""

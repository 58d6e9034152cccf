"""The hook markers: ``hookspec`` declares a hook, ``hookimpl`` marks a plugin's implementation of one."""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("benchit")
hookimpl = pluggy.HookimplMarker("benchit")

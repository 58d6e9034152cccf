"""Imported by the warm worker for ``torch-compile`` (its ``benchit_preload`` names this module):
Inductor's check of the CPU's vector instructions, made once before the scripts are forked, each
of which inherits the answer (``inductor_check``)."""

from __future__ import annotations

from benchit.execute.inductor_check import check

check()

"""tokpidjin's DSL (``from dsl import *; from constants import *``), run by battgpu."""

from .. import _core

_entries = _core.dsl_entries('tokpidjin')
globals().update(dict(_entries))
__all__ = list(dict(_entries))
del _entries

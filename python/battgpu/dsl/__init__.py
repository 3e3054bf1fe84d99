"""The two DSL dialects on Python values: ``battgpu.dsl.tokpidjin`` and ``battgpu.dsl.arc_dsl``
hold every public function and constant of tokpidjin's and arc-dsl's ``dsl.py`` and
``constants.py`` under the same names, computing what the Python references compute.

Functions take and return Python values (None, bool, int, float, str, tuple, frozenset,
functions); sets are read as frozensets, lists are not DSL values. A tokpidjin function that
fails returns its safe default, as tokpidjin's safe_dsl wrapper makes it; an arc-dsl function
raises the Python exception the reference raises (its type; messages differ). Python callables
(lambdas) may be passed where the DSL takes functions. Keyword arguments are not taken.
"""

from . import arc_dsl, tokpidjin

__all__ = ['arc_dsl', 'tokpidjin']

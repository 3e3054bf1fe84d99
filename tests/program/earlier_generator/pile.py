# Stands in for tokpidjin's `pile` module, which batt files of earlier generator versions import
# the DSL from: for these files it is the DSL and its constants.
from dsl import *  # noqa: F401,F403
from constants import *  # noqa: F401,F403

"""The measurement kit's Python side (standard library only): reads the raw
outputs of bench/kit's programs (raw.py), writes the measurement table
(table.py) and a target file for the measured card (target.py, with the
launch fit in fit.py). Reading, flattening and checking target files is
the checkout's utils/ktime_tools/ (targetyaml.py, targetflat.py,
targetcheck.py), which this package puts on sys.path."""
import os
import sys

UTILS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))), "utils")
if UTILS not in sys.path:
    sys.path.insert(0, UTILS)

"""Where the plugin and the shim header are, relative to these tools: the
installed tree's layout. `cmake --install` installs this file as
PREFIX/share/kerneltime/tools/ktime_tools/layout.py (the source tree's own
layout.py says where they are in a checkout), so an installed tree can be
moved.
"""
import os

# PREFIX/share/kerneltime/tools/ktime_tools/layout.py
_DATA = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROOT = os.path.dirname(os.path.dirname(_DATA))
PLUGIN = os.path.join(ROOT, 'lib', 'KernelTime.so')
SHIM = os.path.join(_DATA, 'include', 'cuda.h')
SOURCE_TREE = None

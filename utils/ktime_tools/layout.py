"""Where the plugin and the shim header are, relative to these tools.

This is the source tree's layout: the plugin built in build/lib, the header
in test/Inputs. `cmake --install` installs cmake/installed-layout.py under
this name instead, for the installed tree's layout (PREFIX/lib,
PREFIX/share/kerneltime/include).
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGIN = os.path.join(ROOT, 'build', 'lib', 'KernelTime.so')
SHIM = os.path.join(ROOT, 'test', 'Inputs', 'cuda.h')
# A git checkout to name the commit of (validate's report), if any.
SOURCE_TREE = ROOT

# What `cmake --install` adds beside the plugin and the target files (which
# lib/Plugin and gpu-targets install): the sweep driver and the language
# server (docs/editors.md) with their Python package, the shim header for
# compiles without the CUDA SDK, and the CMake package
# (KernelTimeConfig.cmake) that gives users' projects kerneltime_enable().
# docs/usage.md, "CMake".
include(CMakePackageConfigHelpers)

set(KTIME_DATA_SUBDIR ${CMAKE_INSTALL_DATADIR}/kerneltime)
set(KTIME_INSTALL_PLUGIN lib/KernelTime.so)
set(KTIME_INSTALL_DRIVER ${CMAKE_INSTALL_BINDIR}/ktime)
set(KTIME_INSTALL_SHIM ${KTIME_DATA_SUBDIR}/include/cuda.h)
set(KTIME_PACKAGE_SUBDIR lib/cmake/KernelTime)

# The driver: its script and package under share/kerneltime/tools, the
# package's layout.py replaced by the installed tree's.
install(PROGRAMS ${CMAKE_SOURCE_DIR}/utils/ktime ${CMAKE_SOURCE_DIR}/utils/ktime-lsp
  DESTINATION ${KTIME_DATA_SUBDIR}/tools)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/utils/ktime_tools
  DESTINATION ${KTIME_DATA_SUBDIR}/tools
  PATTERN __pycache__ EXCLUDE
  PATTERN layout.py EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/installed-layout.py
  DESTINATION ${KTIME_DATA_SUBDIR}/tools/ktime_tools RENAME layout.py)
install(PROGRAMS ${CMAKE_SOURCE_DIR}/cmake/ktime.sh
  DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME ktime)
install(FILES ${CMAKE_SOURCE_DIR}/test/Inputs/cuda.h
  DESTINATION ${KTIME_DATA_SUBDIR}/include)

configure_package_config_file(
  ${CMAKE_SOURCE_DIR}/cmake/KernelTimeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/KernelTimeConfig.cmake
  INSTALL_DESTINATION ${KTIME_PACKAGE_SUBDIR}
  PATH_VARS KTIME_INSTALL_PLUGIN KTIME_TARGET_SUBDIR KTIME_INSTALL_DRIVER
    KTIME_INSTALL_SHIM)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/KernelTimeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/KernelTimeConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/KernelTimeConfigVersion.cmake
  DESTINATION ${KTIME_PACKAGE_SUBDIR})

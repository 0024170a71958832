# lit configuration that runs the gtest unit tests (binaries named *Tests in
# the build's bin/ directory) as part of the same lit run.
import lit.formats

config.name = "KernelTime-Unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = config.unittests_dir
config.test_exec_root = config.unittests_dir

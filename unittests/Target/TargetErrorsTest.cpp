//===- TargetErrorsTest.cpp - What a broken target file is told -----------===//
//
// Each bad file in test/errors/Inputs gives an error naming the file, the
// line and column, and the field (exact substrings). Then files that are not
// target files at all, and one-defect edits of a shipped file, whose expected
// line is found in the edited text so that the test survives edits of the
// shipped numbers.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"
#include "TargetTestUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <set>

using namespace ktime;
using namespace ktime::test;
using llvm::StringRef;

namespace {

/// The error message of loading Path; fails the test if it loads.
std::string loadError(StringRef Path) {
  llvm::Expected<GpuTarget> T = loadTargetFile(Path);
  if (T) {
    ADD_FAILURE() << Path.str() << " loaded without an error";
    return "";
  }
  return llvm::toString(T.takeError());
}

struct BadInput {
  const char *File;
  /// What must follow the file's path in the message.
  const char *Expected;
};

const BadInput BadInputs[] = {
    {"malformed-yaml.yaml", ":5:12: invalid YAML: "},
    {"missing-field.yaml",
     ":4:1: field 'clocks.sm_mhz': required field is missing"},
    {"wrong-type.yaml",
     ":5:10: field 'sm.count': must be a positive integer, got 'many'"},
    {"negative-bandwidth.yaml", ":7:20: field 'memory.dram.bandwidth_gbs': "
                                "must be a positive number, got '-5'"},
    {"huge-clock.yaml",
     ":5:11: field 'clocks.sm_mhz': must be between 100 and 4000 MHz (no GPU "
     "has a value outside), got 1e+308"},
    {"tiny-clock.yaml",
     ":6:11: field 'clocks.sm_mhz': must be between 100 and 4000 MHz"},
    {"huge-latency.yaml",
     ":6:14: field 'memory.constant.latency': must be between 1 and 20000 "
     "cycles"},
    {"tiny-delay.yaml",
     ":6:27: field 'instructions.fp32.fma.del': must be between "
     "0.01 and 100000 cycles"},
    {"unknown-field.yaml", ":6:3: field 'clocks.memroy_mhz': unknown field "
                           "(did you mean 'memory_mhz'?)"},
    {"unknown-instruction-class.yaml",
     ":6:3: field 'instructions.fp32.fam': unknown instruction class (did you "
     "mean 'fp32.fma'?)"},
    {"duplicate-key.yaml",
     ":7:3: field 'clocks.sm_mhz': duplicate key (first given at "},
    {"missing-instruction-class.yaml",
     ":4:1: field 'instructions.tensor': required instruction class is "
     "missing"},
    {"two-delay-forms.yaml",
     ":5:29: field 'instructions.int.add.ops_per_clk_per_sm': give only one "
     "of 'del', 'ops_per_clk_per_sm' and 'units_per_pb'; 'del' is given at "},
    {"name-mismatch.yaml",
     ":3:7: field 'name': must be the file name without .yaml, "
     "'name-mismatch', got 'a100-pcie-40gb'"},
    {"unsupported-schema.yaml",
     ":2:9: field 'schema': unsupported schema version '3'; this KernelTime "
     "reads schema 1 and 2"},
};

TEST(TargetErrorsTest, BadInputFiles) {
  for (const BadInput &Bad : BadInputs) {
    std::string Path = badInput(Bad.File);
    SCOPED_TRACE(Path);
    std::string Message = loadError(Path);
    EXPECT_NE(Message.find(Path + Bad.Expected), std::string::npos)
        << "got: " << Message;
  }
  // The duplicate names where the key was first given.
  EXPECT_NE(
      loadError(badInput("duplicate-key.yaml")).find("duplicate-key.yaml:5:3)"),
      std::string::npos);
  // The YAML parser's own words follow "invalid YAML: ".
  EXPECT_NE(loadError(badInput("malformed-yaml.yaml")).find("closing ]"),
            std::string::npos);
}

// Every bad input is tested above and says what is wrong in its first line.
TEST(TargetErrorsTest, EveryBadInputIsCoveredAndCommented) {
  std::set<std::string> Tested;
  for (const BadInput &Bad : BadInputs)
    Tested.insert(Bad.File);
  std::error_code EC;
  unsigned Files = 0;
  for (llvm::sys::fs::directory_iterator
           It(std::string(KTIME_SOURCE_DIR) + "/test/errors/Inputs", EC),
       End;
       It != End && !EC; It.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(It->path());
    if (llvm::sys::path::extension(Name) != ".yaml")
      continue;
    ++Files;
    EXPECT_TRUE(Tested.count(Name.str())) << Name.str() << " is not tested";
    EXPECT_TRUE(
        StringRef(readFile(It->path())).starts_with("# Bad target file: "))
        << Name.str() << " does not say what is wrong";
  }
  EXPECT_FALSE(EC);
  EXPECT_EQ(Files, Tested.size());
}

TEST(TargetErrorsTest, NotATargetFile) {
  ScratchDir Dir;
  // Binary bytes: the YAML scanner rejects them.
  std::string Binary =
      Dir.write("binary.yaml", StringRef("\x00\x01\x02zz\xff\xfe", 8));
  std::string Message = loadError(Binary);
  EXPECT_NE(Message.find(Binary + ":1:"), std::string::npos) << Message;
  EXPECT_NE(Message.find("invalid YAML"), std::string::npos) << Message;

  // C source is a valid YAML scalar, but not a mapping.
  std::string Source = Dir.write("source.yaml", "int main() { return 0; }\n");
  EXPECT_NE(loadError(Source).find(
                Source + ":1:1: a target file is a mapping of the fields in "
                         "docs/targets.md, got 'int main() { return 0; }'"),
            std::string::npos);

  std::string List = Dir.write("list.yaml", "- a100\n- h100\n");
  EXPECT_NE(loadError(List).find(List + ":1:1: a target file is a mapping "
                                        "of the fields in docs/targets.md, "
                                        "got a list"),
            std::string::npos);

  std::string Tab = Dir.write("tab.yaml", "schema: 1\n\tname: tab\n");
  EXPECT_NE(loadError(Tab).find(Tab + ":2:1: invalid YAML: "),
            std::string::npos)
      << loadError(Tab);

  std::string TwoDocs =
      Dir.write("two.yaml", "---\nschema: 1\n---\nschema: 1\n");
  EXPECT_NE(loadError(TwoDocs).find(TwoDocs + ":4:1: invalid YAML: a target "
                                              "file holds one YAML document, "
                                              "found 2"),
            std::string::npos)
      << loadError(TwoDocs);
}

TEST(TargetErrorsTest, EmptyFiles) {
  ScratchDir Dir;
  for (StringRef Contents :
       {"", "\n\n", "# nothing but a comment\n", "---\n"}) {
    std::string File = Dir.write("empty.yaml", Contents);
    EXPECT_NE(loadError(File).find(File + ":1:1: the file is empty"),
              std::string::npos)
        << "contents: '" << Contents.str() << "'";
  }
}

TEST(TargetErrorsTest, NoSuchFile) {
  ScratchDir Dir;
  std::string Missing = Dir.file("no-such-gpu.yaml");
  std::string Message = loadError(Missing);
  EXPECT_NE(Message.find(Missing + ": cannot read target file: "),
            std::string::npos)
      << Message;
  // A directory is not a file either; neither is a device that never ends.
  EXPECT_NE(
      loadError(Dir.path())
          .find(Dir.path() + ": not a regular file, so not a target file"),
      std::string::npos);
  EXPECT_NE(loadError("/dev/zero")
                .find("/dev/zero: not a regular file, so not a target file"),
            std::string::npos);
}

/// A shipped file with one edit, saved under its own name in a scratch
/// directory (which holds the shipped architecture files); where From is not
/// in the target file, its architecture file is edited instead. Checks the
/// error names the edited file, the line holding Marker in the edited text,
/// and Expected.
void expectEditError(StringRef Target, StringRef From, StringRef To,
                     StringRef Marker, StringRef Expected) {
  SCOPED_TRACE((Target + ": '" + From + "' -> '" + To + "'").str());
  ScratchDir Dir;
  std::string Card = Dir.copyShipped(Target);
  std::string Text = readFile(shippedTarget(Target));
  std::string Edited = Card;
  if (!StringRef(Text).contains(From)) {
    std::string Arch = shippedArchOf(Target);
    Text = readFile(shippedTargetDir() + "/arch/" + Arch + ".yaml");
    Edited = Dir.file("arch/" + Arch + ".yaml");
  }
  Text = replaceOnce(Text, From, To);
  Dir.write(StringRef(Edited).drop_front(Dir.path().size() + 1), Text);
  unsigned Line = lineOf(Text, Marker);
  ASSERT_NE(Line, 0u) << "no '" << Marker.str() << "' in the edited file";
  std::string Message = loadError(Card);
  std::string Prefix = Edited + ":" + llvm::utostr(Line) + ":";
  EXPECT_EQ(Message.rfind(Prefix, 0), 0u) << Message;
  EXPECT_NE(Message.find(Expected), std::string::npos) << Message;
}

TEST(TargetErrorsTest, EditsOfAShippedFile) {
  // Values.
  expectEditError("a100-pcie-40gb", "sm_mhz: 1410", "sm_mhz: 1410MHz",
                  "sm_mhz: 1410MHz",
                  "field 'clocks.sm_mhz': must be a positive number, got "
                  "'1410MHz'");
  expectEditError("a100-pcie-40gb", "sm_mhz: 1410", "sm_mhz: .inf",
                  "sm_mhz: .inf",
                  "field 'clocks.sm_mhz': must be a positive number, got "
                  "'.inf'");
  expectEditError("a100-pcie-40gb", "bandwidth_gbs: 1500", "bandwidth_gbs: 0",
                  "bandwidth_gbs: 0",
                  "field 'memory.dram.bandwidth_gbs': must be a positive "
                  "number, got '0'");
  expectEditError("a100-pcie-40gb", "size_bytes: 41943040",
                  "size_bytes: 40.5e6", "size_bytes: 40.5e6",
                  "field 'memory.l2.size_bytes': must be a positive integer, "
                  "got '40.5e6'");
  // Values no GPU has (docs/targets.md, "Physical ranges").
  expectEditError("a100-pcie-40gb", "sm_mhz: 1410", "sm_mhz: 1e-300",
                  "sm_mhz: 1e-300",
                  "field 'clocks.sm_mhz': must be between 100 and 4000 MHz "
                  "(no GPU has a value outside), got 1e-300");
  expectEditError("a100-pcie-40gb", "memory_mhz: 1215", "memory_mhz: 1e6",
                  "memory_mhz: 1e6",
                  "field 'clocks.memory_mhz': must be between 100 and 40000 "
                  "MHz");
  expectEditError("a100-pcie-40gb", "bandwidth_gbs: 1500", "bandwidth_gbs: 1e9",
                  "bandwidth_gbs: 1e9",
                  "field 'memory.dram.bandwidth_gbs': must be between 1 and "
                  "100000 GB/s");
  expectEditError("a100-pcie-40gb", "size_bytes: 41943040",
                  "size_bytes: 18446744073709551615",
                  "size_bytes: 18446744073709551615",
                  "field 'memory.l2.size_bytes': must be between 1 and "
                  "1.07374e+09 bytes");
  expectEditError("t4",
                  "\nlaunch:", "\nlaunch:\n  block_turnaround_cycles: 1e9",
                  "block_turnaround_cycles: 1e9",
                  "field 'launch.block_turnaround_cycles': must be between 0 "
                  "and 20000 cycles (no GPU has a value outside), got 1e+09");
  expectEditError("t4", "\nlaunch:", "\nlaunch:\n  block_turnaround_cycles: -5",
                  "block_turnaround_cycles: -5",
                  "field 'launch.block_turnaround_cycles': must be a "
                  "non-negative number, got '-5'");
  // A field of the architecture file given again in the card.
  expectEditError("a100-pcie-40gb",
                  "\nlaunch:", "\nlaunch:\n  block_turnaround_cycles: 368",
                  "block_turnaround_cycles: 368",
                  "field 'launch.block_turnaround_cycles': also given in the "
                  "architecture file");
  expectEditError("a100-pcie-40gb", "  sm_mhz: 1410", "  sm_mhz:", "  sm_mhz:",
                  "field 'clocks.sm_mhz': must be a positive number, got "
                  "nothing");
  expectEditError("a100-pcie-40gb", "clocks:\n  sm_mhz: 1410",
                  "clocks:\n  sm_mhz: [1410]", "sm_mhz: [1410]",
                  "field 'clocks.sm_mhz': must be a positive number, got a "
                  "list");
  expectEditError("a100-pcie-40gb", "max_block_dim: [1024, 1024, 64]",
                  "max_block_dim: [1024, 1024]", "max_block_dim:",
                  "field 'limits.max_block_dim': must list 3 sizes (x, y, z), "
                  "got 2");
  expectEditError("a100-pcie-40gb", "[0, 8, 16, 32, 64, 100, 132, 164]",
                  "[0, 16, 8, 32, 64, 100, 132, 164]", "shared_carveouts_kb",
                  "field 'limits.shared_carveouts_kb': must be in ascending "
                  "order");
  // Identity fields.
  expectEditError("a100-pcie-40gb", "arch: sm_80", "arch: ampere",
                  "arch: ampere",
                  "field 'arch': must look like sm_80, got 'ampere'");
  expectEditError("a100-pcie-40gb", "default_for: [sm_80]",
                  "default_for: [sm_80, compute_80]", "default_for: [",
                  "field 'default_for': must list architectures like sm_80, "
                  "got 'compute_80'");
  expectEditError("a100-pcie-40gb", "aliases: [a100]", "aliases: [A100]",
                  "aliases: [A100]",
                  "field 'aliases': names are lowercase letters, digits, "
                  "'.', '_' and '-', got 'A100'");
  expectEditError("a100-pcie-40gb", "aliases: [a100]", "aliases: [a100, a100]",
                  "aliases: [a100, a100]",
                  "field 'aliases': 'a100' is listed twice");
  expectEditError("h100-sxm", "description: NVIDIA", "description: \"\"\n#",
                  "description: \"\"",
                  "field 'description': must not be empty");
  // Structure.
  expectEditError("a100-pcie-40gb", "sm:\n  count: 108",
                  "sm: 108\nsmx:", "sm: 108",
                  "field 'sm': must be a mapping, got '108'");
  expectEditError("a100-pcie-40gb", "\nlaunch:", "\nlaunchh:", "launchh:",
                  "field 'launchh': unknown field (did you mean 'launch'?)");
  expectEditError("a100-pcie-40gb", "\nlaunch:", "\nstartup:", "startup:",
                  "field 'startup': unknown field");
  expectEditError("a100-pcie-40gb", "\nschema: 2", "\nschema: 2\nschema:  2",
                  "schema:  2",
                  "field 'schema': duplicate key (first given at ");
}

// A missing top-level field is reported at the top-level mapping's first key;
// where the architecture file gives part of the section, the first field
// neither file gives is reported at the section's mapping there.
TEST(TargetErrorsTest, MissingSection) {
  ScratchDir Dir;
  std::string Text = readFile(shippedTarget("t4"));
  Text = Text.substr(0, Text.find("\nlaunch:") + 1);
  std::string File = Dir.write("t4.yaml", Text);
  std::string Message = loadError(File);
  EXPECT_NE(Message.find(File + ":" + llvm::utostr(lineOf(Text, "schema: 2")) +
                         ":1: field 'launch': required field is missing"),
            std::string::npos)
      << Message;
  Text = readFile(shippedTarget("h100-sxm"));
  Text = Text.substr(0, Text.find("\nlaunch:") + 1);
  Message = loadError(Dir.write("h100-sxm.yaml", Text));
  EXPECT_NE(Message.find("sm_90.yaml:"), std::string::npos) << Message;
  EXPECT_NE(Message.find(
                "field 'launch.intercept_cycles': required field is missing"),
            std::string::npos)
      << Message;
}

TEST(TargetErrorsTest, EditsOfTheInstructionTable) {
  expectEditError("a100-pcie-40gb", "  tensor:", "  tensr:", "  tensr:",
                  "field 'instructions.tensr': unknown instruction class (did "
                  "you mean 'tensor'?)");
  expectEditError("a100-pcie-40gb", "  tensor:", "  int.add :", "  int.add :",
                  "field 'instructions.int.add': duplicate key (first given "
                  "at ");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        {lat: 25}", "  tensor:",
                  "field 'instructions.tensor': give one of 'del', "
                  "'ops_per_clk_per_sm' and 'units_per_pb'");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        {del: 16}", "  tensor:",
                  "field 'instructions.tensor.lat': required field is "
                  "missing");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        {lat: 25, del: 16, units_per_pb: 4}",
                  "  tensor:",
                  "field 'instructions.tensor.units_per_pb': give only one "
                  "of 'del', 'ops_per_clk_per_sm' and 'units_per_pb'");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        {lat: 25, dell: 16}", "  tensor:",
                  "field 'instructions.tensor.dell': unknown field (did you "
                  "mean 'del'?)");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        {lat: -25, del: 16}", "  tensor:",
                  "field 'instructions.tensor.lat': must be a positive "
                  "number, got '-25'");
  expectEditError("a100-pcie-40gb", "  tensor:        {lat: 25, del: 16}",
                  "  tensor:        25", "  tensor:",
                  "field 'instructions.tensor': must be a mapping, got '25'");
  // A class missing from both files is reported at the target file's
  // instructions key.
  ScratchDir Dir;
  std::string Card = Dir.copyShipped("a100-pcie-40gb");
  Dir.write("arch/sm_80.yaml",
            replaceOnce(readFile(shippedTargetDir() + "/arch/sm_80.yaml"),
                        "  tensor:        {lat: 25, del: 16}", ""));
  std::string Message = loadError(Card);
  EXPECT_EQ(Message.rfind(
                Card + ":" +
                    llvm::utostr(lineOf(readFile(Card), "\ninstructions:")) +
                    ":",
                0),
            0u)
      << Message;
  EXPECT_NE(Message.find("field 'instructions.tensor': required instruction "
                         "class is missing"),
            std::string::npos)
      << Message;
}

TEST(TargetErrorsTest, FieldsThatMustAgree) {
  expectEditError("a100-pcie-40gb", "warps_per_sm: 64", "warps_per_sm: 48",
                  "warps_per_sm: 48",
                  "field 'limits.warps_per_sm': must be "
                  "limits.threads_per_sm / sm.warp_size (2048 / 32), got 48");
  expectEditError("a100-pcie-40gb", "shared_per_block_bytes: 166912",
                  "shared_per_block_bytes: 200000",
                  "shared_per_block_bytes: 200000",
                  "field 'limits.shared_per_block_bytes': must not exceed "
                  "limits.shared_per_sm_bytes (167936), got 200000");
  expectEditError("a100-pcie-40gb", "[0, 8, 16, 32, 64, 100, 132, 164]",
                  "[0, 8, 16, 32, 64, 100, 132]", "shared_carveouts_kb",
                  "field 'limits.shared_carveouts_kb': the largest carve-out "
                  "must be limits.shared_per_sm_bytes / 1024 (164)");
  expectEditError("a100-pcie-40gb", "    latency: 202.8", "    latency: 20.28",
                  "    latency: 20.28",
                  "field 'memory.l2.latency': must not be below "
                  "memory.l1.latency (32.7), got 20.28");
  expectEditError("a100-pcie-40gb", "peak_bandwidth_gbs: 1555",
                  "peak_bandwidth_gbs: 1455", "peak_bandwidth_gbs: 1455",
                  "field 'memory.dram.peak_bandwidth_gbs': must not be below "
                  "memory.dram.bandwidth_gbs (1500), got 1455");
  expectEditError("a100-pcie-40gb", "bandwidth_bytes_per_clk: 110.5  # derived",
                  "bandwidth_bytes_per_clk: 256  # derived",
                  "bandwidth_bytes_per_clk: 256",
                  "field 'memory.shared.bandwidth_bytes_per_clk': must not "
                  "exceed memory.shared.banks x memory.shared.bank_width_bytes "
                  "(128), got 256");
  // The banks serve at least the data path's rate, at most their own.
  expectEditError("a40", "bank_bytes_per_clk: 128 ", "bank_bytes_per_clk: 32 ",
                  "bank_bytes_per_clk: 32",
                  "field 'memory.shared.bank_bytes_per_clk': must lie between "
                  "memory.shared.bandwidth_bytes_per_clk (64) and "
                  "memory.shared.banks x memory.shared.bank_width_bytes (128), "
                  "got 32");
  expectEditError("a40", "bank_bytes_per_clk: 128 ", "bank_bytes_per_clk: 256 ",
                  "bank_bytes_per_clk: 256",
                  "field 'memory.shared.bank_bytes_per_clk': must lie between "
                  "memory.shared.bandwidth_bytes_per_clk (64) and "
                  "memory.shared.banks x memory.shared.bank_width_bytes (128), "
                  "got 256");
  expectEditError("a100-pcie-40gb", "slope_b0: 0.93524", "slope_b0: -0.5",
                  "slope_b0: -0.5",
                  "field 'launch.slope_b0': slope(b) = slope_b2 b^2 + "
                  "slope_b1 b + slope_b0 must be positive");
  expectEditError("a100-pcie-40gb", "fit_warps_max: 32", "fit_warps_max: 2",
                  "fit_warps_max: 2",
                  "field 'launch.fit_warps_max': must not be below "
                  "launch.fit_warps_min");
}

} // namespace

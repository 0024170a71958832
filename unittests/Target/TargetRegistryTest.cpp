//===- TargetRegistryTest.cpp - Finding a GPU by path, name, alias, sm_XX -===//
//
// The lookup rules of docs/targets.md on the shipped directory, and the
// consistency checks across files on scratch directories.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"
#include "TargetTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;
using namespace ktime::test;
using llvm::StringRef;

namespace {

std::string nameOf(llvm::Expected<GpuTarget> T) {
  if (!T)
    return "error: " + llvm::toString(T.takeError());
  return T->Name;
}

std::string errorOf(llvm::Expected<GpuTarget> T) {
  if (T)
    return "no error, found " + T->Name;
  return llvm::toString(T.takeError());
}

TEST(TargetRegistryTest, Dir) {
  TargetRegistry R(shippedTargetDir());
  EXPECT_EQ(R.getDir(), shippedTargetDir());
}

TEST(TargetRegistryTest, LoadAllIsSortedByName) {
  TargetRegistry R(shippedTargetDir());
  llvm::Expected<std::vector<GpuTarget>> All = R.loadAll();
  ASSERT_TRUE(static_cast<bool>(All)) << llvm::toString(All.takeError());
  std::vector<std::string> Names;
  for (const GpuTarget &T : *All)
    Names.push_back(T.Name);
  EXPECT_TRUE(llvm::is_sorted(Names));
  // One target per *.yaml of the directory, none per architecture file.
  std::error_code EC;
  size_t Files = 0;
  for (llvm::sys::fs::directory_iterator It(shippedTargetDir(), EC), End;
       It != End && !EC; It.increment(EC))
    Files += llvm::sys::path::extension(It->path()) == ".yaml";
  EXPECT_EQ(Names.size(), Files);
  EXPECT_GE(Files, 35u);
}

TEST(TargetRegistryTest, LookupByNameAliasAndPath) {
  TargetRegistry R(shippedTargetDir());
  EXPECT_EQ(nameOf(R.lookup("a100-pcie-40gb")), "a100-pcie-40gb");
  EXPECT_EQ(nameOf(R.lookup("a100-sxm4-80gb")), "a100-sxm4-80gb");
  EXPECT_EQ(nameOf(R.lookup("h100-sxm")), "h100-sxm");
  // The aliases docs/targets.md decides on.
  EXPECT_EQ(nameOf(R.lookup("a100")), "a100-pcie-40gb");
  EXPECT_EQ(nameOf(R.lookup("h100")), "h100-sxm");
  EXPECT_EQ(nameOf(R.lookup("v100")), "v100-pcie-16gb");
  EXPECT_EQ(nameOf(R.lookup("gtx-1050")), "gtx-1050-2gb");
  EXPECT_EQ(nameOf(R.lookup("rtx-3080")), "rtx-3080-10gb");
  // The names benchmark_hub gives its cache files (A4000.json.gz,
  // RTX_2080_Ti.json.gz, KTPnpolyOutput_2080Ti.json.gz, ...).
  EXPECT_EQ(nameOf(R.lookup("A4000")), "rtx-a4000");
  EXPECT_EQ(nameOf(R.lookup("A6000")), "rtx-a6000");
  EXPECT_EQ(nameOf(R.lookup("RTX_2080_Ti")), "rtx-2080-ti");
  EXPECT_EQ(nameOf(R.lookup("2080Ti")), "rtx-2080-ti");
  EXPECT_EQ(nameOf(R.lookup("RTX_Titan")), "titan-rtx");
  EXPECT_EQ(nameOf(R.lookup("RTX_3090")), "rtx-3090");
  EXPECT_EQ(nameOf(R.lookup("3090")), "rtx-3090");
  EXPECT_EQ(nameOf(R.lookup("RTX_3060_laptop")), "rtx-3060-laptop");
  // Names are compared case-insensitively.
  EXPECT_EQ(nameOf(R.lookup("A100")), "a100-pcie-40gb");
  EXPECT_EQ(nameOf(R.lookup("H100-SXM")), "h100-sxm");
  // A path, absolute; the directory plays no part.
  EXPECT_EQ(nameOf(R.lookup(shippedTarget("h100-sxm"))), "h100-sxm");
  TargetRegistry Elsewhere("/nonexistent/ktime");
  EXPECT_EQ(nameOf(Elsewhere.lookup(shippedTarget("a100-sxm4-80gb"))),
            "a100-sxm4-80gb");
}

TEST(TargetRegistryTest, LookupOfAPathThatIsNotThere) {
  TargetRegistry R(shippedTargetDir());
  // Ends in .yaml: a path, relative to the working directory, not a name.
  EXPECT_NE(errorOf(R.lookup("a100.yaml"))
                .find("a100.yaml: cannot read target file: "),
            std::string::npos);
  // Contains a '/': a path even without .yaml.
  EXPECT_NE(errorOf(R.lookup("./gpu-targets/a100"))
                .find("./gpu-targets/a100: cannot read target file: "),
            std::string::npos);
}

TEST(TargetRegistryTest, LookupOfABrokenPath) {
  TargetRegistry R(shippedTargetDir());
  std::string Bad = badInput("negative-bandwidth.yaml");
  EXPECT_NE(errorOf(R.lookup(Bad))
                .find(Bad + ":7:20: field 'memory.dram.bandwidth_gbs'"),
            std::string::npos);
}

TEST(TargetRegistryTest, UnknownNameListsTheKnownOnes) {
  TargetRegistry R(shippedTargetDir());
  std::string Message = errorOf(R.lookup("rtx9090"));
  EXPECT_NE(
      Message.find(
          "unknown GPU 'rtx9090'; known: a10, a100-pcie-40gb, a100-sxm4-80gb, "
          "a40, gtx-1050-2gb, gtx-1060-6gb, gtx-1070, gtx-1080, gtx-1080-ti, "
          "gtx-1650, gtx-1650-gddr6, gtx-680, gtx-970, gtx-980, gtx-titan, "
          "gtx-titan-x, h100-pcie, h100-sxm, h200, k20, k40, l4, l40, l40s, "
          "p100-sxm2-16gb, quadro-k5200, rtx-2060, rtx-2070, rtx-2080, "
          "rtx-2080-ti, rtx-3060, "
          "rtx-3060-laptop, rtx-3060-ti, rtx-3070, rtx-3070-ti, rtx-3080-10gb, "
          "rtx-3090, rtx-4060, rtx-4070, rtx-4080, rtx-4090, rtx-5070, "
          "rtx-5080, rtx-5090, rtx-6000-ada, "
          "rtx-a4000, rtx-a5000, rtx-a6000, t4, titan-rtx, titan-v, "
          "v100-pcie-16gb, v100-sxm2-16gb (aliases: "),
      std::string::npos)
      << Message;
  EXPECT_NE(Message.find("a100 -> a100-pcie-40gb"), std::string::npos);
  EXPECT_NE(Message.find("v100 -> v100-pcie-16gb"), std::string::npos);
  EXPECT_NE(Message.find("p100 -> p100-sxm2-16gb"), std::string::npos);
  EXPECT_NE(Message.find("k40c -> k40"), std::string::npos);
  EXPECT_NE(Message.find(shippedTargetDir()), std::string::npos) << Message;
}

TEST(TargetRegistryTest, UnknownNameInAnEmptyDirectory) {
  ScratchDir Dir;
  TargetRegistry R(Dir.path());
  llvm::Expected<std::vector<GpuTarget>> All = R.loadAll();
  ASSERT_TRUE(static_cast<bool>(All));
  EXPECT_TRUE(All->empty());
  EXPECT_NE(errorOf(R.lookup("a100"))
                .find("unknown GPU 'a100'; known: none (aliases: none)"),
            std::string::npos);
}

TEST(TargetRegistryTest, DefaultsPerSmArch) {
  TargetRegistry R(shippedTargetDir());
  auto DefaultName = [&](StringRef Arch) -> std::string {
    llvm::Expected<std::optional<GpuTarget>> T = R.lookupDefault(Arch);
    if (!T)
      return "error: " + llvm::toString(T.takeError());
    return *T ? (*T)->Name : "none";
  };
  // The defaults docs/targets.md chooses, one per sm_XX.
  EXPECT_EQ(DefaultName("sm_61"), "gtx-1050-2gb");
  EXPECT_EQ(DefaultName("sm_70"), "v100-pcie-16gb");
  EXPECT_EQ(DefaultName("sm_75"), "rtx-2080-ti");
  EXPECT_EQ(DefaultName("sm_80"), "a100-pcie-40gb");
  EXPECT_EQ(DefaultName("sm_86"), "rtx-a6000");
  EXPECT_EQ(DefaultName("sm_89"), "rtx-4090");
  EXPECT_EQ(DefaultName("sm_90"), "h100-sxm");
  EXPECT_EQ(DefaultName("sm_120"), "rtx-5080");
  // The architecture-specific variant runs on the same GPU.
  EXPECT_EQ(DefaultName("sm_90a"), "h100-sxm");
  EXPECT_EQ(DefaultName("sm_52"), "gtx-980");
  EXPECT_EQ(DefaultName("sm_60"), "p100-sxm2-16gb");
  EXPECT_EQ(DefaultName("sm_30"), "gtx-680");
  EXPECT_EQ(DefaultName("sm_35"), "k40");
  // sm_37 (K80, GK210) has no target file.
  EXPECT_EQ(DefaultName("sm_37"), "none");
  // No target declares itself the default: not an error.
  EXPECT_EQ(DefaultName("sm_53"), "none");
  EXPECT_EQ(DefaultName("sm_100"), "none");
  EXPECT_NE(DefaultName("ampere").find(
                "error: invalid GPU architecture 'ampere'; expected "
                "sm_<digits> such as sm_80"),
            std::string::npos);
  EXPECT_NE(DefaultName("sm_").find("error: invalid GPU architecture"),
            std::string::npos);
}

TEST(TargetRegistryTest, ParseSmArch) {
  EXPECT_EQ(parseSmArch("sm_80"), 80u);
  EXPECT_EQ(parseSmArch("sm_90a"), 90u);
  EXPECT_EQ(parseSmArch("sm_100f"), 100u);
  EXPECT_FALSE(parseSmArch("sm80").has_value());
  EXPECT_FALSE(parseSmArch("sm_").has_value());
  EXPECT_FALSE(parseSmArch("sm_a").has_value());
  EXPECT_FALSE(parseSmArch("sm_8x").has_value());
  EXPECT_FALSE(parseSmArch("compute_80").has_value());
  EXPECT_FALSE(parseSmArch("sm_0").has_value());
}

// The CUDA C++ Programming Guide's compatibility rules: code runs on its
// compute capability and newer ones; sm_XXa only on XX; sm_XXf within XX's
// family.
TEST(TargetRegistryTest, CheckArchitecture) {
  EXPECT_TRUE(checkArchitecture("sm_80", "sm_80").Runs);
  EXPECT_EQ(checkArchitecture("sm_80", "sm_80").Note, "");
  ArchCheck Older = checkArchitecture("sm_80", "sm_61");
  EXPECT_FALSE(Older.Runs);
  EXPECT_NE(Older.Note.find("compiled for sm_80 (compute capability 8.0) and "
                            "predicted on a GPU of sm_61 (6.1), which cannot "
                            "run it"),
            std::string::npos);
  ArchCheck Minor = checkArchitecture("sm_80", "sm_86");
  EXPECT_TRUE(Minor.Runs);
  EXPECT_NE(Minor.Note.find("binary-compatible within compute capability 8.x"),
            std::string::npos);
  ArchCheck Major = checkArchitecture("sm_75", "sm_90");
  EXPECT_TRUE(Major.Runs);
  EXPECT_NE(Major.Note.find("the driver compiles its PTX"), std::string::npos);
  EXPECT_TRUE(checkArchitecture("sm_90a", "sm_90").Runs);
  EXPECT_FALSE(checkArchitecture("sm_90a", "sm_100").Runs);
  EXPECT_TRUE(checkArchitecture("sm_100f", "sm_103").Runs);
  EXPECT_FALSE(checkArchitecture("sm_100f", "sm_120").Runs);
  EXPECT_FALSE(checkArchitecture("sm_103f", "sm_100").Runs);
  // Not an architecture: nothing to say.
  EXPECT_TRUE(checkArchitecture("", "sm_80").Runs);
  EXPECT_EQ(checkArchitecture("", "sm_80").Note, "");
}

TEST(TargetRegistryTest, MissingDirectory) {
  TargetRegistry R("/nonexistent/ktime-targets");
  llvm::Expected<std::vector<GpuTarget>> All = R.loadAll();
  ASSERT_FALSE(static_cast<bool>(All));
  EXPECT_NE(llvm::toString(All.takeError())
                .find("GPU target directory '/nonexistent/ktime-targets' "
                      "cannot be read: "),
            std::string::npos);
  EXPECT_FALSE(static_cast<bool>(R.lookup("a100")));
  llvm::Expected<std::optional<GpuTarget>> D = R.lookupDefault("sm_80");
  ASSERT_FALSE(static_cast<bool>(D));
  llvm::consumeError(D.takeError());
}

TEST(TargetRegistryTest, OnlyYamlFilesCount) {
  ScratchDir Dir;
  Dir.copyShipped("h100-sxm");
  Dir.write("README.md", "not a target\n");
  Dir.write("h100-sxm.yaml~", "an editor backup\n");
  TargetRegistry R(Dir.path());
  llvm::Expected<std::vector<GpuTarget>> All = R.loadAll();
  ASSERT_TRUE(static_cast<bool>(All)) << llvm::toString(All.takeError());
  ASSERT_EQ(All->size(), 1u);
  EXPECT_EQ((*All)[0].Name, "h100-sxm");
}

TEST(TargetRegistryTest, ABrokenFileBreaksTheDirectory) {
  ScratchDir Dir;
  Dir.copyShipped("h100-sxm");
  std::string Broken = Dir.write("broken.yaml", "schema: 1\nname: [\n");
  TargetRegistry R(Dir.path());
  std::string Message = errorOf(R.lookup("h100"));
  EXPECT_NE(Message.find(Broken + ":"), std::string::npos) << Message;
  EXPECT_NE(Message.find("invalid YAML"), std::string::npos) << Message;
}

TEST(TargetRegistryTest, TheDefaultReadsOnlyFilesNamingTheArch) {
  // The plugin asks for the default in every compile: a file whose text
  // does not name the sm_XX cannot claim it and is not parsed, so a broken
  // one does not stop the compile (a name lookup still reports it).
  ScratchDir Dir;
  Dir.copyShipped("a100-pcie-40gb");
  std::string Broken = Dir.write("broken.yaml", "schema: 1\nname: [\n");
  TargetRegistry R(Dir.path());
  llvm::Expected<std::optional<GpuTarget>> D = R.lookupDefault("sm_80");
  ASSERT_TRUE(static_cast<bool>(D)) << llvm::toString(D.takeError());
  ASSERT_TRUE(D->has_value());
  EXPECT_EQ((*D)->Name, "a100-pcie-40gb");
  EXPECT_NE(errorOf(R.lookup("a100")).find(Broken + ":"), std::string::npos);

  // A YAML escape can spell an sm_XX without its text: such a file is read.
  ScratchDir Escaped;
  Escaped.write("rtx-a6000.yaml",
                replaceOnce(readFile(shippedTarget("rtx-a6000")),
                            "default_for: [sm_86]",
                            "default_for: [sm_86, \"sm\\x5f87\"]"));
  llvm::Expected<std::optional<GpuTarget>> Sm87 =
      TargetRegistry(Escaped.path()).lookupDefault("sm_87");
  ASSERT_TRUE(static_cast<bool>(Sm87)) << llvm::toString(Sm87.takeError());
  ASSERT_TRUE(Sm87->has_value());
  EXPECT_EQ((*Sm87)->Name, "rtx-a6000");

  // A broken file that names the sm_XX is parsed, and its error reported.
  std::string Named =
      Dir.write("named.yaml", "schema: 1\ndefault_for: [sm_80\nname: [\n");
  llvm::Expected<std::optional<GpuTarget>> E = R.lookupDefault("sm_80");
  ASSERT_FALSE(static_cast<bool>(E));
  std::string Message = llvm::toString(E.takeError());
  EXPECT_NE(Message.find(Named + ":"), std::string::npos) << Message;
  EXPECT_NE(Message.find("invalid YAML"), std::string::npos) << Message;
}

TEST(TargetRegistryTest, AnAliasClaimedTwice) {
  ScratchDir Dir;
  Dir.copyShipped("a100-pcie-40gb");
  std::string Text = replaceOnce(readFile(shippedTarget("a100-sxm4-80gb")),
                                 "aliases: []", "aliases: [a100x, a100]");
  std::string File = Dir.write("a100-sxm4-80gb.yaml", Text);
  TargetRegistry R(Dir.path());
  std::string Message = errorOf(R.lookup("a100"));
  EXPECT_NE(Message.find(File + ":" +
                         std::to_string(lineOf(Text, "aliases: [a100x")) + ":"),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("field 'aliases': alias 'a100' is also an alias of "
                         "a100-pcie-40gb ("),
            std::string::npos)
      << Message;
}

TEST(TargetRegistryTest, AnAliasThatIsAName) {
  ScratchDir Dir;
  Dir.copyShipped("h100-sxm");
  std::string Text = replaceOnce(readFile(shippedTarget("a100-sxm4-80gb")),
                                 "aliases: []", "aliases: [h100-sxm]");
  Dir.write("a100-sxm4-80gb.yaml", Text);
  TargetRegistry R(Dir.path());
  std::string Message = errorOf(R.lookup("h100-sxm"));
  EXPECT_NE(Message.find("field 'aliases': alias 'h100-sxm' is the name of "
                         "the target in "),
            std::string::npos)
      << Message;
}

TEST(TargetRegistryTest, TwoDefaultsForOneArch) {
  ScratchDir Dir;
  Dir.copyShipped("a100-pcie-40gb");
  std::string Text = replaceOnce(readFile(shippedTarget("a100-sxm4-80gb")),
                                 "default_for: []", "default_for: [sm_80]");
  std::string File = Dir.write("a100-sxm4-80gb.yaml", Text);
  TargetRegistry R(Dir.path());
  llvm::Expected<std::optional<GpuTarget>> D = R.lookupDefault("sm_80");
  ASSERT_FALSE(static_cast<bool>(D));
  std::string Message = llvm::toString(D.takeError());
  EXPECT_NE(Message.find(File + ":" +
                         std::to_string(lineOf(Text, "default_for: [sm_80]")) +
                         ":"),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("field 'default_for': sm_80 already defaults to "
                         "a100-pcie-40gb ("),
            std::string::npos)
      << Message;
}

} // namespace

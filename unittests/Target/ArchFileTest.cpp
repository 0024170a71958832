//===- ArchFileTest.cpp - Target files that name an architecture file -----===//
//
// A card file with `architecture: sm_XX` takes the fields it does not give
// from arch/sm_XX.yaml (docs/targets.md, "Architecture files"): each field
// is written in exactly one of the two, an error in either names its file,
// line, column and field, and the registry lists cards, not architectures.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"
#include "TargetTestUtil.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

using namespace ktime;
using namespace ktime::test;
using llvm::StringRef;

namespace {

std::string loadError(StringRef Path, StringRef FallbackDir = "") {
  llvm::Expected<GpuTarget> T = loadTargetFile(Path, FallbackDir);
  if (T) {
    ADD_FAILURE() << Path.str() << " loaded without an error";
    return "";
  }
  return llvm::toString(T.takeError());
}

std::string shippedArch(StringRef Arch) {
  return readFile(shippedTargetDir() + "/arch/" + Arch.str() + ".yaml");
}

/// Checks that Message starts with File:Line: (Line of Marker in Text) and
/// contains Expected.
void expectAt(StringRef Message, StringRef File, StringRef Text,
              StringRef Marker, StringRef Expected) {
  unsigned Line = lineOf(Text, Marker);
  ASSERT_NE(Line, 0u) << "no '" << Marker.str() << "'";
  EXPECT_TRUE(
      Message.starts_with((File + ":" + llvm::utostr(Line) + ":").str()))
      << Message.str();
  EXPECT_NE(Message.find(Expected), StringRef::npos) << Message.str();
}

TEST(ArchFileTest, FieldsComeFromBothFilesAndSayWhere) {
  std::string Card = shippedTarget("a100-pcie-40gb");
  llvm::Expected<GpuTarget> T = loadTargetFile(Card);
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  std::string Arch = shippedTargetDir() + "/arch/sm_80.yaml";
  EXPECT_EQ(T->Arch, "sm_80");
  EXPECT_EQ(T->ArchFilePath, Arch);
  // A limit from the architecture file, a clock from the card.
  EXPECT_EQ(
      T->where("limits.threads_per_sm"),
      Arch + ":" +
          llvm::utostr(lineOf(shippedArch("sm_80"), "  threads_per_sm: 2048")) +
          ":19");
  EXPECT_EQ(T->where("clocks.sm_mhz"),
            Card + ":" + llvm::utostr(lineOf(readFile(Card), "  sm_mhz:")) +
                ":11");
  EXPECT_EQ(T->where("instructions.atomic.global").rfind(Card + ":", 0), 0u);
  EXPECT_EQ(T->where("instructions.fp32.fma").rfind(Arch + ":", 0), 0u);
}

TEST(ArchFileTest, ConvertF64IsOptionalAndFallsBackToConvert) {
  // On sm_61 the two differ: convert.f64 4 per clock per SM (del 32 / (4 /
  // 4) = 32), convert 32 (del 32 / (32 / 4) = 4).
  llvm::Expected<GpuTarget> Shipped =
      loadTargetFile(shippedTarget("gtx-1050-2gb"));
  ASSERT_TRUE(static_cast<bool>(Shipped))
      << llvm::toString(Shipped.takeError());
  EXPECT_EQ(Shipped->cost(InstrClass::Convert64).Del, 32.0);
  EXPECT_EQ(Shipped->cost(InstrClass::Convert).Del, 4.0);
  // Without the class the file is still valid and prices it as convert.
  ScratchDir Dir;
  std::string Card = Dir.copyShipped("gtx-1050-2gb");
  std::string Arch = readFile(shippedTargetDir() + "/arch/sm_61.yaml");
  size_t Begin = Arch.find("  convert.f64:");
  ASSERT_NE(Begin, std::string::npos);
  Arch.erase(Begin, Arch.find('\n', Begin) + 1 - Begin);
  Dir.write("arch/sm_61.yaml", Arch);
  llvm::Expected<GpuTarget> T = loadTargetFile(Card);
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->cost(InstrClass::Convert64).Del, 4.0);
  EXPECT_EQ(T->cost(InstrClass::Convert64).Lat,
            T->cost(InstrClass::Convert).Lat);
}

TEST(ArchFileTest, AFieldGivenInBothFiles) {
  ScratchDir Dir;
  std::string Text =
      replaceOnce(readFile(shippedTarget("a100-pcie-40gb")), "\nsm:\n",
                  "\nsm:\n  warp_size: 32  # again\n");
  std::string Card = Dir.write("a100-pcie-40gb.yaml", Text);
  std::string Arch = shippedArch("sm_80");
  expectAt(loadError(Card), Card, Text, "warp_size: 32  # again",
           "field 'sm.warp_size': also given in the architecture file, at " +
               Dir.file("arch/sm_80.yaml") + ":" +
               llvm::utostr(lineOf(Arch, "  warp_size:")) + ":3");
  // An instruction class too, and the card's arch.
  Text = replaceOnce(readFile(shippedTarget("a100-pcie-40gb")),
                     "\ninstructions:\n",
                     "\ninstructions:\n  tensor: {lat: 1, del: 1}  # again\n");
  Dir.write("a100-pcie-40gb.yaml", Text);
  expectAt(loadError(Card), Card, Text, "  tensor:",
           "field 'instructions.tensor': also given in the architecture "
           "file, at ");
  Text = replaceOnce(readFile(shippedTarget("a100-pcie-40gb")),
                     "architecture: sm_80", "architecture: sm_80\narch: sm_80");
  Dir.write("a100-pcie-40gb.yaml", Text);
  expectAt(loadError(Card), Card, Text, "\narch: sm_80",
           "field 'arch': also given in the architecture file");
}

TEST(ArchFileTest, TheArchitectureField) {
  ScratchDir Dir;
  std::string Shipped = readFile(shippedTarget("h100-sxm"));
  std::string Text =
      replaceOnce(Shipped, "architecture: sm_90", "architecture: sm_99");
  std::string Card = Dir.write("h100-sxm.yaml", Text);
  expectAt(loadError(Card), Card, Text, "architecture: sm_99",
           "field 'architecture': no architecture file sm_99.yaml: not '" +
               Dir.file("arch/sm_99.yaml") + "'");
  Text = replaceOnce(Shipped, "architecture: sm_90", "architecture: hopper");
  Dir.write("h100-sxm.yaml", Text);
  expectAt(loadError(Card), Card, Text, "architecture: hopper",
           "field 'architecture': must name an architecture file like "
           "sm_80, got 'hopper'");
  // Schema 1 files give every field themselves.
  Text = replaceOnce(Shipped, "schema: 2", "schema: 1");
  Dir.write("h100-sxm.yaml", Text);
  expectAt(loadError(Card), Card, Text, "architecture: sm_90",
           "field 'architecture': architecture files need schema 2; this "
           "file says schema 1");
  // A field missing from both files is reported at the card's mapping.
  size_t Far = Shipped.find("    far_latency:");
  Text = Shipped.substr(0, Far) + Shipped.substr(Shipped.find('\n', Far) + 1);
  Dir.write("h100-sxm.yaml", Text);
  expectAt(loadError(Card), Card, Text, "\n  l2:",
           "field 'memory.l2.far_latency': required field is missing");
}

TEST(ArchFileTest, ErrorsInTheArchitectureFileNameIt) {
  ScratchDir Dir;
  std::string Card = Dir.copyShipped("rtx-a6000");
  std::string ArchFile = Dir.file("arch/sm_86.yaml");
  std::string Shipped = shippedArch("sm_86");
  auto Edit = [&](StringRef From, StringRef To, StringRef Marker,
                  StringRef Expected) {
    SCOPED_TRACE(To.str());
    std::string Text = replaceOnce(Shipped, From, To);
    Dir.write("arch/sm_86.yaml", Text);
    expectAt(loadError(Card), ArchFile, Text, Marker, Expected);
  };
  Edit("\nschema: 2", "\nschema: 2\nname: ga10x", "name: ga10x",
       "field 'name': unknown field");
  Edit("\nschema: 2", "\nschema: 2\narchitecture: sm_80",
       "\narchitecture:", "field 'architecture': unknown field");
  Edit("\narch: sm_86", "\narch: sm_80", "arch: sm_80",
       "field 'arch': must be the architecture file's name without .yaml, "
       "'sm_86', got 'sm_80'");
  Edit("\nschema: 2", "\nschema: 1", "schema: 1",
       "field 'schema': an architecture file is schema 2, got '1'");
  Edit("threads_per_sm: 1536", "threads_per_sm: many", "threads_per_sm:",
       "field 'limits.threads_per_sm': must be a positive integer, got "
       "'many'");
  Edit("  fp32.fma:", "  fp32.fam:", "fp32.fam:",
       "field 'instructions.fp32.fam': unknown instruction class (did you "
       "mean 'fp32.fma'?)");
  Edit("\narch: sm_86\n", "\n", "schema: 2",
       "field 'arch': required field is missing");
  // A check across fields points at the file that holds the field.
  Edit("warps_per_sm: 48", "warps_per_sm: 40", "warps_per_sm: 40",
       "field 'limits.warps_per_sm': must be limits.threads_per_sm / "
       "sm.warp_size (1536 / 32), got 40");
  Dir.write("arch/sm_86.yaml", "");
  EXPECT_EQ(loadError(Card), ArchFile + ":1:1: the file is empty; an "
                                        "architecture file is a mapping of "
                                        "the fields in docs/targets.md");
  Dir.write("arch/sm_86.yaml", "schema: [\n");
  EXPECT_EQ(loadError(Card).rfind(ArchFile + ":", 0), 0u);
}

TEST(ArchFileTest, AFileElsewhereUsesTheTargetDirectorysArchitectures) {
  // A card copied out of the directory (to change its clock, say) finds
  // its architecture file through the registry it is looked up in.
  llvm::SmallString<128> Alone;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ktime-alone", Alone));
  std::string Card = (Alone + "/my-a100.yaml").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Card, EC);
    OS << replaceOnce(readFile(shippedTarget("a100-pcie-40gb")),
                      "name: a100-pcie-40gb", "name: my-a100");
  }
  EXPECT_NE(loadError(Card).find("field 'architecture': no architecture "
                                 "file sm_80.yaml: not '"),
            std::string::npos);
  TargetRegistry R(shippedTargetDir());
  llvm::Expected<GpuTarget> T = R.lookup(Card);
  EXPECT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  llvm::sys::fs::remove_directories(Alone);
}

TEST(ArchFileTest, ArchitectureFilesAreNotGpus) {
  llvm::Expected<std::vector<GpuTarget>> All =
      TargetRegistry(shippedTargetDir()).loadAll();
  ASSERT_TRUE(static_cast<bool>(All)) << llvm::toString(All.takeError());
  for (const GpuTarget &T : *All)
    EXPECT_FALSE(StringRef(T.Name).starts_with("sm_")) << T.Name;
  EXPECT_FALSE(
      static_cast<bool>(TargetRegistry(shippedTargetDir()).lookup("sm_80")));
}

TEST(ArchFileTest, EveryArchitectureFileIsUsedByItsCards) {
  llvm::Expected<std::vector<GpuTarget>> All =
      TargetRegistry(shippedTargetDir()).loadAll();
  ASSERT_TRUE(static_cast<bool>(All)) << llvm::toString(All.takeError());
  for (const std::string &Arch : shippedArchFiles()) {
    SCOPED_TRACE(Arch);
    EXPECT_TRUE(llvm::any_of(
        *All, [&](const GpuTarget &T) { return T.ArchFilePath == Arch; }));
  }
  // Every shipped card shares its architecture's figures.
  for (const GpuTarget &T : *All)
    EXPECT_EQ(T.ArchFilePath, shippedTargetDir() + "/arch/" + T.Arch + ".yaml")
        << T.Name;
}

} // namespace

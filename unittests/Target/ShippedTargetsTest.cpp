//===- ShippedTargetsTest.cpp - The files in gpu-targets/ -----------------===//
//
// Every shipped target file loads and validates; the delays derived from the
// three forms come out as worked by hand (comments beside each check, from
// the numbers in the files); every number in a file carries a comment naming
// its source.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"
#include "TargetTestUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <vector>

using namespace ktime;
using namespace ktime::test;
using llvm::StringRef;

namespace {

std::vector<std::string> shippedFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(shippedTargetDir(), EC), End;
       It != End && !EC; It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  EXPECT_FALSE(EC) << EC.message();
  return Files;
}

GpuTarget load(StringRef Name) {
  llvm::Expected<GpuTarget> T = loadTargetFile(shippedTarget(Name));
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return GpuTarget();
  }
  return std::move(*T);
}

TEST(ShippedTargetsTest, TheThreeCardsAreShipped) {
  std::vector<std::string> Names;
  for (const std::string &F : shippedFiles())
    Names.push_back(llvm::sys::path::stem(F).str());
  llvm::sort(Names);
  EXPECT_EQ(Names, (std::vector<std::string>{"a100-pcie-40gb", "a100-sxm4-80gb",
                                             "h100-sxm"}));
}

TEST(ShippedTargetsTest, EveryFileLoadsAndIsSane) {
  std::vector<std::string> Files = shippedFiles();
  ASSERT_FALSE(Files.empty());
  for (const std::string &File : Files) {
    SCOPED_TRACE(File);
    llvm::Expected<GpuTarget> T = loadTargetFile(File);
    ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
    EXPECT_EQ(T->Name, llvm::sys::path::stem(File));
    EXPECT_EQ(T->FilePath, File);
    EXPECT_FALSE(T->Description.empty());
    EXPECT_TRUE(parseSmArch(T->Arch).has_value());
    EXPECT_GT(T->SmClockMHz, 0);
    EXPECT_GT(T->SmCount, 0u);
    EXPECT_EQ(T->WarpSize, 32u);
    EXPECT_EQ(T->ProcessingBlocks, 4u);
    for (size_t I = 0; I < NumInstrClasses; ++I) {
      InstrClass C = static_cast<InstrClass>(I);
      SCOPED_TRACE(getInstrClassName(C).str());
      EXPECT_GT(T->cost(C).Lat, 0);
      EXPECT_GT(T->cost(C).Del, 0);
      EXPECT_TRUE(
          T->Locations.count(("instructions." + getInstrClassName(C)).str()));
    }
    // The hierarchy gets slower and narrower away from the SM.
    EXPECT_LT(T->L1.Latency, T->L2.Latency);
    EXPECT_LE(T->L2.Latency, T->L2FarLatency);
    EXPECT_LT(T->L2.Latency, T->DRAM.Latency);
    EXPECT_LE(T->DRAM.Latency, T->Uncoalesced.Latency);
    EXPECT_GT(T->L2.BandwidthGBs, T->DRAM.BandwidthGBs);
    EXPECT_LE(T->DRAM.BandwidthGBs, T->DRAMPeakBandwidthGBs);
    EXPECT_LT(T->Uncoalesced.BandwidthGBs, T->DRAM.BandwidthGBs);
    EXPECT_GT(T->L2.SizeBytes, T->L1.SizeBytes);
    // 32 banks x 4 bytes.
    EXPECT_DOUBLE_EQ(T->Shared.BytesPerClkPerSM, 128);
    EXPECT_EQ(T->Limits.WarpsPerSM * T->WarpSize, T->Limits.ThreadsPerSM);
    EXPECT_TRUE(T->Launch.inFitRange(1024, 8));
    EXPECT_GT(T->Launch.slope(T->Launch.FitWarpsMin), 0);
  }
}

TEST(ShippedTargetsTest, A100Pcie40GB) {
  GpuTarget T = load("a100-pcie-40gb");
  EXPECT_EQ(T.Arch, "sm_80");
  EXPECT_EQ(T.Aliases, std::vector<std::string>{"a100"});
  EXPECT_EQ(T.DefaultFor, std::vector<std::string>{"sm_80"});
  EXPECT_EQ(T.SmClockMHz, 1410);
  EXPECT_EQ(T.SmCount, 108u);
  // ops_per_clk_per_sm 64 over 4 PBs: 32 / (64 / 4) = 2.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Fma).Lat, 4);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Fma).Del, 2);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::IntAdd).Del, 2);
  // fp64 ops_per_clk_per_sm 32: 32 / (32 / 4) = 4.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp64Fma).Del, 4);
  // f16x2 ops_per_clk_per_sm 128: 32 / (128 / 4) = 1.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp16Fma).Del, 1);
  // sfu 16: 32 / (16 / 4) = 8.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Sfu).Del, 8);
  // shfl 32: 32 / (32 / 4) = 4.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Shfl).Del, 4);
  // branch units_per_pb 32: max(32 / 32, 1) = 1.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Branch).Del, 1);
  // del given directly.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Tensor).Lat, 25);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Tensor).Del, 16);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp64Div).Del, 130);
  // ldst: one warp instruction per clock per SM, 32 / (32 / 4) = 4; its lat
  // is a store's (19).
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Ldst).Lat, 19);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Ldst).Del, 4);
  // int.bit and fp32.rcp 16: 32 / (16 / 4) = 8.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::IntBit).Del, 8);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Rcp).Lat, 60);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Rcp).Del, 8);
  EXPECT_DOUBLE_EQ(T.L1.Latency, 32.7);
  EXPECT_DOUBLE_EQ(T.L2.Latency, 202.8);
  EXPECT_DOUBLE_EQ(T.DRAM.Latency, 572.2);
  EXPECT_DOUBLE_EQ(T.DRAM.BandwidthGBs, 1500);
  EXPECT_DOUBLE_EQ(T.DRAMPeakBandwidthGBs, 1555);
  // 1500 GB/s x 4 / 32 = 187.5.
  EXPECT_DOUBLE_EQ(T.Uncoalesced.BandwidthGBs, 187.5);
  EXPECT_EQ(T.L2.SizeBytes, 40u * 1024 * 1024);
  EXPECT_EQ(T.Limits.SharedPerSMBytes, 164u * 1024);
  EXPECT_EQ(T.Limits.SharedPerBlockBytes, 163u * 1024);
  EXPECT_EQ(T.Limits.SharedCarveoutsBytes.back(), 164u * 1024);
  EXPECT_EQ(T.Limits.SharedCarveoutsBytes.front(), 0u);
  EXPECT_EQ(T.Limits.MaxGridDim[0], 2147483647u);
  EXPECT_EQ(T.Limits.MaxBlockDim[2], 64u);
  // 1410 cycles at 1410 MHz = 1000 ns.
  EXPECT_DOUBLE_EQ(T.cyclesToNs(1410), 1000);
}

TEST(ShippedTargetsTest, A100Sxm480GBDiffersInMemory) {
  GpuTarget Pcie = load("a100-pcie-40gb");
  GpuTarget Sxm = load("a100-sxm4-80gb");
  EXPECT_TRUE(Sxm.Aliases.empty());
  EXPECT_TRUE(Sxm.DefaultFor.empty());
  EXPECT_EQ(Sxm.SmClockMHz, Pcie.SmClockMHz);
  EXPECT_DOUBLE_EQ(Sxm.DRAM.BandwidthGBs, 1794);
  EXPECT_DOUBLE_EQ(Sxm.DRAMPeakBandwidthGBs, 2039);
  EXPECT_GT(Sxm.DRAM.BandwidthGBs, Pcie.DRAM.BandwidthGBs);
  EXPECT_DOUBLE_EQ(Sxm.DRAM.Latency, 552.3);
  EXPECT_DOUBLE_EQ(Sxm.L2.Latency, 205.6);
  // The core is the same GA100: every instruction costs the same.
  for (size_t I = 0; I < NumInstrClasses; ++I) {
    EXPECT_EQ(Sxm.Instr[I].Lat, Pcie.Instr[I].Lat);
    EXPECT_EQ(Sxm.Instr[I].Del, Pcie.Instr[I].Del);
  }
}

TEST(ShippedTargetsTest, H100Sxm) {
  GpuTarget T = load("h100-sxm");
  EXPECT_EQ(T.Arch, "sm_90");
  EXPECT_EQ(T.Aliases, std::vector<std::string>{"h100"});
  EXPECT_EQ(T.DefaultFor, std::vector<std::string>{"sm_90"});
  EXPECT_EQ(T.SmClockMHz, 1980);
  EXPECT_EQ(T.SmCount, 132u);
  // fp32 128 ops/clk/SM: 32 / (128 / 4) = 1, half the A100's 2.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Fma).Del, 1);
  // fp64 64: 32 / (64 / 4) = 2.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp64Fma).Lat, 8);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp64Fma).Del, 2);
  // int 64: 32 / 16 = 2.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::IntMad).Del, 2);
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Tensor).Del, 8);
  // The load/store issue rate is the A100's: 32 / (32 / 4) = 4.
  EXPECT_DOUBLE_EQ(T.cost(InstrClass::Ldst).Del, 4);
  EXPECT_DOUBLE_EQ(T.L1.Latency, 32.0);
  EXPECT_DOUBLE_EQ(T.L2.Latency, 280.4);
  EXPECT_DOUBLE_EQ(T.DRAM.Latency, 688.6);
  EXPECT_EQ(T.Limits.SharedPerSMBytes, 228u * 1024);
  EXPECT_EQ(T.L1.SizeBytes, 256u * 1024);
  EXPECT_EQ(T.L2.SizeBytes, 50u * 1024 * 1024);
}

TEST(ShippedTargetsTest, LaunchRegression) {
  GpuTarget A100 = load("a100-pcie-40gb");
  // slope(8) = 1.0956e-3 x 64 - 1.5389e-2 x 8 + 0.93524
  //          = 0.0701184 - 0.123112 + 0.93524 = 0.8822464.
  EXPECT_NEAR(A100.Launch.slope(8), 0.8822464, 1e-9);
  // 2119 + 0.8822464 x 108 = 2119 + 95.2826112 = 2214.2826112 cycles.
  EXPECT_NEAR(A100.Launch.cycles(108, 8), 2214.2826112, 1e-6);
  GpuTarget H100 = load("h100-sxm");
  // slope(32) = 4.9561e-4 x 1024 - 1.3946e-3 x 32 + 1.0081
  //           = 0.50750464 - 0.0446272 + 1.0081 = 1.47097744.
  EXPECT_NEAR(H100.Launch.slope(32), 1.47097744, 1e-9);
  // 4166.6 + 1.47097744 x 2048 = 4166.6 + 3012.56179712 = 7179.16179712.
  EXPECT_NEAR(H100.Launch.cycles(2048, 32), 7179.16179712, 1e-6);
  EXPECT_TRUE(H100.Launch.inFitRange(2048, 32));
  EXPECT_FALSE(H100.Launch.inFitRange(4096, 32));
  EXPECT_FALSE(H100.Launch.inFitRange(1024, 2));
}

TEST(ShippedTargetsTest, LocationsPointIntoTheFile) {
  std::string File = shippedTarget("a100-pcie-40gb");
  std::string Text = readFile(File);
  GpuTarget T = load("a100-pcie-40gb");
  unsigned Line = lineOf(Text, "    bandwidth_gbs: 1500");
  ASSERT_NE(Line, 0u);
  EXPECT_EQ(T.Locations.lookup("memory.dram.bandwidth_gbs").Line, Line);
  // "    bandwidth_gbs: " is 19 characters; the value starts in column 20.
  EXPECT_EQ(T.Locations.lookup("memory.dram.bandwidth_gbs").Column, 20u);
  EXPECT_EQ(T.where("memory.dram.bandwidth_gbs"),
            File + ":" + llvm::utostr(Line) + ":20");
  EXPECT_EQ(T.Locations.lookup("instructions.fp32.fma").Line,
            lineOf(Text, "  fp32.fma:"));
  // Mappings are located at their key.
  EXPECT_EQ(T.Locations.lookup("launch").Line, lineOf(Text, "\nlaunch:"));
  EXPECT_EQ(T.Locations.lookup("memory.l2").Line, lineOf(Text, "  l2:"));
  EXPECT_EQ(T.Locations.lookup("aliases[0]").Line, lineOf(Text, "aliases:"));
  EXPECT_EQ(T.where("no.such.field"), File);
}

// Every line of a shipped file that sets a number carries a '#' comment with
// its source; only the identity fields are exempt.
TEST(ShippedTargetsTest, EveryNumberNamesItsSource) {
  for (const std::string &File : shippedFiles()) {
    std::string Text = readFile(File);
    llvm::SmallVector<StringRef> Lines;
    StringRef(Text).split(Lines, '\n');
    for (size_t I = 0; I < Lines.size(); ++I) {
      StringRef Line = Lines[I].trim();
      if (Line.empty() || Line.starts_with("#"))
        continue;
      auto [Key, Value] = Line.split(':');
      if (Key == "schema" || Key == "name" || Key == "arch" ||
          Key == "aliases" || Key == "default_for" || Key == "description")
        continue;
      StringRef Setting = Value.split('#').first;
      if (!llvm::any_of(Setting, llvm::isDigit))
        continue;
      EXPECT_TRUE(Value.contains('#'))
          << File << ":" << I + 1
          << ": a number without its source: " << Line.str();
    }
  }
}

} // namespace

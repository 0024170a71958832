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

// The cards docs/targets.md lists, twelve architectures from sm_30 to sm_120; a
// file added or removed without updating the documentation fails here.
TEST(ShippedTargetsTest, TheDocumentedCardsAreShipped) {
  std::vector<std::string> Names;
  for (const std::string &F : shippedFiles())
    Names.push_back(llvm::sys::path::stem(F).str());
  llvm::sort(Names);
  EXPECT_EQ(Names, (std::vector<std::string>{"a10",
                                             "a100-pcie-40gb",
                                             "a100-sxm4-80gb",
                                             "a40",
                                             "gtx-1050-2gb",
                                             "gtx-1060-6gb",
                                             "gtx-1070",
                                             "gtx-1080",
                                             "gtx-1080-ti",
                                             "gtx-1650",
                                             "gtx-1650-gddr6",
                                             "gtx-680",
                                             "gtx-970",
                                             "gtx-980",
                                             "gtx-titan",
                                             "gtx-titan-x",
                                             "h100-pcie",
                                             "h100-sxm",
                                             "h200",
                                             "k20",
                                             "k40",
                                             "l4",
                                             "l40",
                                             "l40s",
                                             "p100-sxm2-16gb",
                                             "quadro-k5200",
                                             "rtx-2060",
                                             "rtx-2070",
                                             "rtx-2080",
                                             "rtx-2080-ti",
                                             "rtx-3060",
                                             "rtx-3060-laptop",
                                             "rtx-3060-ti",
                                             "rtx-3070",
                                             "rtx-3070-ti",
                                             "rtx-3080-10gb",
                                             "rtx-3090",
                                             "rtx-4060",
                                             "rtx-4070",
                                             "rtx-4080",
                                             "rtx-4090",
                                             "rtx-5070",
                                             "rtx-5080",
                                             "rtx-5090",
                                             "rtx-6000-ada",
                                             "rtx-a4000",
                                             "rtx-a5000",
                                             "rtx-a6000",
                                             "t4",
                                             "titan-rtx",
                                             "titan-v",
                                             "v100-pcie-16gb",
                                             "v100-sxm2-16gb"}));
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
    // cuda_occupancy.h's sub-partitions: 2 on GP100 (6.0), 4 on every other.
    EXPECT_EQ(T->ProcessingBlocks, T->Arch == "sm_60" ? 2u : 4u);
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
    // 32 banks x 4 bytes; where L1 and shared memory are one array (every
    // generation but Maxwell and Pascal), no faster than the L1.
    EXPECT_EQ(T->SharedBanks * T->SharedBankWidthBytes, 128u);
    EXPECT_LE(T->Shared.BytesPerClkPerSM, 128);
    if (T->Arch != "sm_61" && T->Arch != "sm_60" && T->Arch != "sm_52") {
      EXPECT_LE(T->Shared.BytesPerClkPerSM, T->L1.BytesPerClkPerSM);
    }
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
  // The instruction table is in the architecture file.
  std::string ArchText = readFile(shippedTargetDir() + "/arch/sm_80.yaml");
  EXPECT_EQ(T.Locations.lookup("instructions.fp32.fma").Line,
            lineOf(ArchText, "  fp32.fma:"));
  EXPECT_EQ(T.Locations.lookup("instructions.fp32.fma").File,
            shippedTargetDir() + "/arch/sm_80.yaml");
  // Mappings are located at their key.
  EXPECT_EQ(T.Locations.lookup("launch").Line, lineOf(Text, "\nlaunch:"));
  EXPECT_EQ(T.Locations.lookup("memory.l2").Line, lineOf(Text, "  l2:"));
  EXPECT_EQ(T.Locations.lookup("aliases[0]").Line, lineOf(Text, "aliases:"));
  EXPECT_EQ(T.where("no.such.field"), File);
}

// Every line of a shipped file that sets a number carries a '#' comment with
// its source; only the identity fields are exempt.
TEST(ShippedTargetsTest, EveryNumberNamesItsSource) {
  std::vector<std::string> Files = shippedFiles();
  for (const std::string &Arch : shippedArchFiles())
    Files.push_back(Arch);
  for (const std::string &File : Files) {
    std::string Text = readFile(File);
    llvm::SmallVector<StringRef> Lines;
    StringRef(Text).split(Lines, '\n');
    for (size_t I = 0; I < Lines.size(); ++I) {
      StringRef Line = Lines[I].trim();
      if (Line.empty() || Line.starts_with("#"))
        continue;
      auto [Key, Value] = Line.split(':');
      if (Key == "schema" || Key == "name" || Key == "arch" ||
          Key == "architecture" || Key == "aliases" || Key == "default_for" ||
          Key == "description")
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

// The occupancy limits of every file are those of its compute capability
// (guide Tables 30-32, cuda_occupancy.h), whatever card it describes.
TEST(ShippedTargetsTest, LimitsFollowTheComputeCapability) {
  struct Limits {
    unsigned ThreadsPerSM, BlocksPerSM;
    uint64_t SharedPerSM, SharedPerBlock, Reserved, AllocUnit, FirstCarveout;
    L1GlobalLoads L1Loads;
    unsigned L1TagsPerClk;
  };
  // Per sm_XX: threads and blocks per SM (T30), shared per SM and per block
  // in KB (T31), the reserved 1 KB from 8.x on, the allocation granularity
  // (256 B up to 7.x, 128 B from 8.x), the smallest carve-out, and which
  // global loads the L1 caches: none on GK104 (guide 3.x), only
  // ld.global.nc on GK110, Maxwell and GP10x but GP100 (guide 3.x, 5.x; the
  // Pascal Tuning Guide), every one on GP100 and from Volta on; the lines
  // the L1's tag stage resolves a clock, 4 from Volta on (NVIDIA's
  // developer forum), no figure before.
  constexpr L1GlobalLoads None = L1GlobalLoads::None,
                          ReadOnly = L1GlobalLoads::ReadOnly,
                          All = L1GlobalLoads::All;
  const llvm::StringMap<Limits> Expected = {
      {"sm_30", {2048, 16, 48, 48, 0, 256, 16, None, 0}},
      {"sm_35", {2048, 16, 48, 48, 0, 256, 16, ReadOnly, 0}},
      {"sm_52", {2048, 32, 96, 48, 0, 256, 96, ReadOnly, 0}},
      {"sm_60", {2048, 32, 64, 48, 0, 256, 64, All, 0}},
      {"sm_61", {2048, 32, 96, 48, 0, 256, 96, ReadOnly, 0}},
      {"sm_70", {2048, 32, 96, 96, 0, 256, 0, All, 4}},
      {"sm_75", {1024, 16, 64, 64, 0, 256, 32, All, 4}},
      {"sm_80", {2048, 32, 164, 163, 1, 128, 0, All, 4}},
      {"sm_86", {1536, 16, 100, 99, 1, 128, 0, All, 4}},
      {"sm_89", {1536, 24, 100, 99, 1, 128, 0, All, 4}},
      {"sm_90", {2048, 32, 228, 227, 1, 128, 0, All, 4}},
      {"sm_120", {1536, 24, 100, 99, 1, 128, 0, All, 4}}};
  for (const std::string &File : shippedFiles()) {
    SCOPED_TRACE(File);
    llvm::Expected<GpuTarget> T = loadTargetFile(File);
    ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
    auto It = Expected.find(T->Arch);
    ASSERT_NE(It, Expected.end()) << T->Arch;
    const Limits &E = It->second;
    EXPECT_EQ(T->Limits.ThreadsPerSM, E.ThreadsPerSM);
    EXPECT_EQ(T->Limits.BlocksPerSM, E.BlocksPerSM);
    EXPECT_EQ(T->Limits.SharedPerSMBytes, E.SharedPerSM * 1024);
    EXPECT_EQ(T->Limits.SharedPerBlockBytes, E.SharedPerBlock * 1024);
    EXPECT_EQ(T->Limits.SharedReservedPerBlockBytes, E.Reserved * 1024);
    EXPECT_EQ(T->Limits.SharedAllocUnitBytes, E.AllocUnit);
    EXPECT_EQ(T->Limits.SharedCarveoutsBytes.front(), E.FirstCarveout * 1024);
    EXPECT_EQ(T->Limits.RegisterAllocUnit, 256u);
    EXPECT_EQ(T->Limits.RegistersPerSM, 65536u);
    EXPECT_EQ(getL1GlobalLoadsName(T->L1Global),
              getL1GlobalLoadsName(E.L1Loads));
    EXPECT_EQ(T->l1CachesGlobalLoad(/*ReadOnly=*/true), E.L1Loads != None);
    EXPECT_EQ(T->l1CachesGlobalLoad(/*ReadOnly=*/false), E.L1Loads == All);
    EXPECT_EQ(T->L1TagsPerClk, E.L1TagsPerClk);
  }
}

// The guide's throughputs turned into delays, one card per generation;
// del = 32 / (ops_per_clk_per_sm / 4) unless the file gives del.
TEST(ShippedTargetsTest, ThroughputsOfTheNewGenerations) {
  GpuTarget Pascal = load("gtx-1050-2gb");
  EXPECT_EQ(Pascal.Arch, "sm_61");
  // fp32 128: 32 / 32 = 1; fp64 4: 32 / 1 = 32; f16x2 1 (2 results):
  // 32 / (1 / 4) = 128; sfu 32: 32 / 8 = 4; __syncthreads 64: 32 / 16 = 2.
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Fp32Fma).Del, 1);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Fp64Fma).Del, 32);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Fp16Fma).Del, 128);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Sfu).Del, 4);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Barrier).Del, 2);
  // 32-bit multiply is three XMADs at del 1 (given as del).
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::IntMul).Del, 3);
  // ppt's Pascal latencies: 6 for fp32 and the integer ALU, 13 for the
  // XMAD sequence of a multiply (Maxwell's the same, measured apart).
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::Fp32Fma).Lat, 6);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::IntAdd).Lat, 6);
  EXPECT_DOUBLE_EQ(Pascal.cost(InstrClass::IntMul).Lat, 13);
  GpuTarget GM204 = load("gtx-980");
  EXPECT_EQ(GM204.Arch, "sm_52");
  EXPECT_DOUBLE_EQ(GM204.cost(InstrClass::Fp32Fma).Lat, 6);
  EXPECT_DOUBLE_EQ(GM204.cost(InstrClass::IntMul).Lat, 13);

  // GP100 (6.0): half the SM in 2 processing blocks, del = 32 / (N / 2).
  GpuTarget GP100 = load("p100-sxm2-16gb");
  EXPECT_EQ(GP100.Arch, "sm_60");
  EXPECT_EQ(GP100.ProcessingBlocks, 2u);
  // fp32 64: 32 / 32 = 1, as GP10x's 128 over 4; fp64 32: 32 / 16 = 2 (16
  // FP64 units per block) and ppt's P100 latency 8; f16x2 64
  // (128 results): 1; sfu 16: 32 / 8 = 4; __syncthreads 32: 2; ld/st 16
  // (8 units per block): 4; shuffle 32: 2, half GP10x's 4.
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Fp32Fma).Del, 1);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Fp64Fma).Del, 2);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Fp64Fma).Lat, 8);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Fp16Fma).Del, 1);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Sfu).Del, 4);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Barrier).Del, 2);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Ldst).Del, 4);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Shfl).Del, 2);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::AtomicGlobal).Del, 2);
  EXPECT_DOUBLE_EQ(GP100.cost(InstrClass::Fp64Div).Lat, 606);

  // Kepler (3.5 and 3.0): 192 FP32 lanes over 4 schedulers, 32 / (192 / 4)
  // = 2/3 (dual issue); GK110 fp64 64: 2, GK104 fp64 8: 16; int.add takes
  // the shift rate, 64 on 3.5 (del 2) and 32 on 3.0 (del 4); integer
  // multiply is native at 32: 4; __syncthreads 128: 1; ppt's Kepler
  // latencies 9 (fp32, int) and 10 (GK110 fp64).
  GpuTarget GK110 = load("k40");
  EXPECT_EQ(GK110.Arch, "sm_35");
  EXPECT_EQ(GK110.DispatchPerClk, 2u);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Fp32Fma).Del, 32.0 / 48);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Fp32Fma).Lat, 9);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Fp64Fma).Del, 2);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Fp64Fma).Lat, 10);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::IntAdd).Del, 2);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::IntMul).Del, 4);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Barrier).Del, 1);
  EXPECT_DOUBLE_EQ(GK110.cost(InstrClass::Convert64).Del, 4);
  GpuTarget GK104 = load("gtx-680");
  EXPECT_EQ(GK104.Arch, "sm_30");
  EXPECT_EQ(GK104.Limits.RegistersPerThread, 63u);
  EXPECT_DOUBLE_EQ(GK104.cost(InstrClass::Fp32Fma).Del, 32.0 / 48);
  EXPECT_DOUBLE_EQ(GK104.cost(InstrClass::Fp64Fma).Del, 16);
  EXPECT_DOUBLE_EQ(GK104.cost(InstrClass::IntAdd).Del, 4);
  EXPECT_DOUBLE_EQ(GK104.cost(InstrClass::Convert64).Del, 16);

  GpuTarget Volta = load("v100-pcie-16gb");
  // fp32 64: 2; fp64 32: 4; f16x2 64 (128 results): 2; the NMSU GV100
  // latencies: fma.rn.f64 8, div.rn.f32 504.
  EXPECT_DOUBLE_EQ(Volta.cost(InstrClass::Fp32Fma).Del, 2);
  EXPECT_DOUBLE_EQ(Volta.cost(InstrClass::Fp64Fma).Del, 4);
  EXPECT_DOUBLE_EQ(Volta.cost(InstrClass::Fp16Fma).Del, 2);
  EXPECT_DOUBLE_EQ(Volta.cost(InstrClass::Fp64Fma).Lat, 8);
  EXPECT_DOUBLE_EQ(Volta.cost(InstrClass::Fp32Div).Lat, 504);

  GpuTarget Turing = load("rtx-2080-ti");
  // fp32 64: 2; fp64 2 (FP32:FP64 = 32:1): 32 / (2 / 4) = 64; the NMSU
  // TU102 latencies: add.rn.f64 45, div.rn.f32 335.
  EXPECT_DOUBLE_EQ(Turing.cost(InstrClass::Fp32Add).Del, 2);
  EXPECT_DOUBLE_EQ(Turing.cost(InstrClass::Fp64Add).Del, 64);
  EXPECT_DOUBLE_EQ(Turing.cost(InstrClass::Fp64Add).Lat, 45);
  EXPECT_DOUBLE_EQ(Turing.cost(InstrClass::Fp32Div).Lat, 335);

  for (StringRef Name : {"rtx-a6000", "rtx-4090"}) {
    SCOPED_TRACE(Name.str());
    GpuTarget T = load(Name);
    // fp32 128: 1; fp64 2 (64:1): 64; f16x2 64 (FP16 at the FP32 rate,
    // 128 results): 2; integer 64: 2.
    EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp32Fma).Del, 1);
    EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp64Fma).Del, 64);
    EXPECT_DOUBLE_EQ(T.cost(InstrClass::Fp16Fma).Del, 2);
    EXPECT_DOUBLE_EQ(T.cost(InstrClass::IntAdd).Del, 2);
  }

  // Blackwell (12.0): fp32 128: 1; fp64 2 (64:1): 64 at Jarmusch et al.'s
  // measured 63.57 cycles; integer add on the unified INT32/FP32 cores at
  // the FP32 rate, 128: 1; integer multiply 64: 2.
  GpuTarget Blackwell = load("rtx-5080");
  EXPECT_EQ(Blackwell.Arch, "sm_120");
  EXPECT_DOUBLE_EQ(Blackwell.cost(InstrClass::Fp32Fma).Del, 1);
  EXPECT_DOUBLE_EQ(Blackwell.cost(InstrClass::Fp64Fma).Del, 64);
  EXPECT_DOUBLE_EQ(Blackwell.cost(InstrClass::Fp64Fma).Lat, 63.57);
  EXPECT_DOUBLE_EQ(Blackwell.cost(InstrClass::IntAdd).Del, 1);
  EXPECT_DOUBLE_EQ(Blackwell.cost(InstrClass::IntMul).Del, 2);
}

// Cards of one compute capability differ in memory, clock and SM count, not
// in what an instruction costs: the atomic's latency follows the card's L2
// and the store's its shared memory, everything else is the same.
TEST(ShippedTargetsTest, OneComputeCapabilityOneInstructionTable) {
  const std::vector<std::vector<StringRef>> Groups = {
      {"k40", "k20", "gtx-titan", "quadro-k5200"},
      {"t4", "rtx-2080-ti", "titan-rtx"},
      {"rtx-a4000", "rtx-a6000", "rtx-3080-10gb", "rtx-3090",
       "rtx-3060-laptop"},
      {"l4", "rtx-4090"}};
  for (const std::vector<StringRef> &Group : Groups) {
    GpuTarget First = load(Group.front());
    for (StringRef Name : Group) {
      SCOPED_TRACE(Name.str());
      GpuTarget T = load(Name);
      EXPECT_EQ(T.Arch, First.Arch);
      for (size_t I = 0; I < NumInstrClasses; ++I) {
        if (static_cast<InstrClass>(I) == InstrClass::AtomicGlobal)
          continue;
        EXPECT_EQ(T.Instr[I].Lat, First.Instr[I].Lat)
            << getInstrClassName(static_cast<InstrClass>(I)).str();
        EXPECT_EQ(T.Instr[I].Del, First.Instr[I].Del)
            << getInstrClassName(static_cast<InstrClass>(I)).str();
      }
    }
  }
}

// Only the A100 and H100 have a fitted launch regression (their sm_80 and
// sm_90 siblings keep it in cycles); every other card keeps the A100 fit in
// time: 2119 cycles at 1410 MHz = 1502.84 ns, and the
// slope per block likewise (slope(8) = 0.8822464 cycles at 1410 MHz =
// 0.62571 ns). The files round the cycles to 0.1 (intercept) and 5 digits.
TEST(ShippedTargetsTest, DerivedLaunchFitsKeepTheA100Time) {
  const double InterceptNs = 2119 * 1e3 / 1410;
  const double Slope8Ns = 0.8822464 * 1e3 / 1410;
  for (const std::string &File : shippedFiles()) {
    llvm::Expected<GpuTarget> T = loadTargetFile(File);
    ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
    // GA100 and GH100 cards keep the fit measured on their chip in cycles.
    if (T->Arch == "sm_80" || T->Arch == "sm_90")
      continue;
    SCOPED_TRACE(T->Name);
    EXPECT_NEAR(T->cyclesToNs(T->Launch.InterceptCycles), InterceptNs, 0.1);
    EXPECT_NEAR(T->cyclesToNs(T->Launch.slope(8)), Slope8Ns, 1e-3);
  }
  // rtx-a6000 by hand: 1502.84 ns x 1.8 GHz = 2705.1 cycles.
  EXPECT_DOUBLE_EQ(load("rtx-a6000").Launch.InterceptCycles, 2705.1);
}

// The derived memory figures follow from the others the way docs/targets.md
// says: uncoalesced bandwidth = DRAM x 4 / 32 exactly; uncoalesced latency =
// DRAM + 31 sector requests x 32 B at the SM's L2 rate (GB/s / (SMs x GHz)),
// to the 0.5 cycle the rounded L2 bandwidth allows.
TEST(ShippedTargetsTest, UncoalescedFiguresFollowFromDramAndL2) {
  for (const std::string &File : shippedFiles()) {
    llvm::Expected<GpuTarget> T = loadTargetFile(File);
    ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
    SCOPED_TRACE(T->Name);
    EXPECT_DOUBLE_EQ(T->Uncoalesced.BandwidthGBs,
                     T->DRAM.BandwidthGBs * 4 / 32);
    double L2BytesPerClkPerSM =
        T->L2.BandwidthGBs / (T->SmCount * T->SmClockMHz / 1e3);
    EXPECT_NEAR(T->Uncoalesced.Latency,
                T->DRAM.Latency + 31 * 32 / L2BytesPerClkPerSM, 0.5);
  }
  // By hand for the A6000: A40's DRAM plateau 556.5 cycles at 1740 MHz =
  // 319.83 ns, x 1800 MHz = 575.69; L2 17.07 B/clk -> 31 x 1.875 = 58.1.
  GpuTarget A6000 = load("rtx-a6000");
  EXPECT_NEAR(A6000.DRAM.Latency, 556.5 / 1740 * 1800, 0.05);
  EXPECT_NEAR(A6000.Uncoalesced.Latency, 575.7 + 58.1, 0.1);
}

} // namespace

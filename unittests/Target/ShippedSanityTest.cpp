//===- ShippedSanityTest.cpp - Every shipped target against physics -------===//
//
// Every target in gpu-targets/ loads, and its figures lie within what real
// GPUs have and agree with each other (docs/targets.md, "Sanity checks");
// where the project's reference table (gpu-targets/reference/measured.csv)
// has a measurement of that card, the target agrees with it within 5 %.
// The bounds are physics and market, not any one card's figures.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"
#include "TargetTestUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace ktime;
using namespace ktime::test;
using llvm::StringRef;

namespace {

std::vector<GpuTarget> loadShipped() {
  llvm::Expected<std::vector<GpuTarget>> All =
      TargetRegistry(shippedTargetDir()).loadAll();
  if (!All) {
    ADD_FAILURE() << llvm::toString(All.takeError());
    return {};
  }
  return std::move(*All);
}

/// Expects Low <= Value <= High, naming the figure.
void expectWithin(const char *Figure, double Value, double Low, double High) {
  EXPECT_GE(Value, Low) << Figure;
  EXPECT_LE(Value, High) << Figure;
}

// The issue's goal: the cards people use, across the generations.
TEST(ShippedSanityTest, AtLeast35TargetsOverSevenArchitectures) {
  std::vector<GpuTarget> All = loadShipped();
  llvm::StringSet<> Archs;
  for (const GpuTarget &T : All)
    Archs.insert(T.Arch);
  EXPECT_GE(All.size(), 35u);
  EXPECT_GE(Archs.size(), 7u);
}

TEST(ShippedSanityTest, EveryTargetIsPhysicallySane) {
  for (const GpuTarget &T : loadShipped()) {
    SCOPED_TRACE(T.Name);
    double GHz = T.SmClockMHz / 1e3;
    // Clocks and size: a GTX 1050 (5 SMs x 1.46 GHz) to an RTX 5090 (170 SMs
    // x 2.41 GHz = 409) and a B200.
    expectWithin("sm_mhz", T.SmClockMHz, 500, 3000);
    expectWithin("memory_mhz", T.MemClockMHz, 500, 15000);
    expectWithin("sm.count", T.SmCount, 1, 200);
    expectWithin("SMs x GHz", T.SmCount * GHz, 5, 500);
    // The hierarchy: each level further from the SM is slower, and no
    // faster than the one before.
    EXPECT_LT(T.L1.Latency, T.L2.Latency);
    EXPECT_LE(T.L2.Latency, T.L2FarLatency);
    EXPECT_LT(T.L2FarLatency, T.DRAM.Latency);
    EXPECT_LT(T.Shared.Latency, T.L2.Latency);
    expectWithin("l1.latency", T.L1.Latency, 15, 100);
    expectWithin("l2.latency", T.L2.Latency, 100, 600);
    // DRAM in nanoseconds: no GPU's loaded latency is below 150 ns or above
    // 600 ns.
    expectWithin("dram latency ns", T.cyclesToNs(T.DRAM.Latency), 150, 600);
    // Bandwidths: sustained at most the peak and at least 7/10 of it (GDDR5
    // with ECC on, as Tesla Kepler boards ship, costs the most: a K40 copies
    // at 72 % of its peak, gpu-targets/reference/measured.csv); L2 faster
    // than DRAM; per SM and clock, L2 and L1 within what an SM's data paths
    // carry.
    EXPECT_LE(T.DRAM.BandwidthGBs, T.DRAMPeakBandwidthGBs);
    EXPECT_GE(T.DRAM.BandwidthGBs, 0.7 * T.DRAMPeakBandwidthGBs);
    expectWithin("dram.peak_bandwidth_gbs", T.DRAMPeakBandwidthGBs, 50, 10000);
    EXPECT_GT(T.L2.BandwidthGBs, T.DRAM.BandwidthGBs);
    // Kepler's few, 192-lane SMX take the most L2 per SM (70 on the K40).
    expectWithin("L2 B/clk/SM", T.L2.BandwidthGBs / (T.SmCount * GHz), 5, 72);
    expectWithin("L1 B/clk/SM", T.L1.BytesPerClkPerSM, 32, 128);
    EXPECT_EQ(T.Uncoalesced.BandwidthGBs, T.DRAM.BandwidthGBs * 4 / 32);
    // Capacities.
    expectWithin("l2.size_bytes", T.L2.SizeBytes, 256 << 10, 256 << 20);
    expectWithin("l1.size_bytes", T.L1.SizeBytes, 16 << 10, 512 << 10);
    EXPECT_GT(T.L2.SizeBytes, T.L1.SizeBytes);
    // FP32 at most one fma per core per clock: 128 cores per SM, 192 on
    // Kepler's SMX.
    double Fp32PerClk =
        32.0 * T.ProcessingBlocks / T.cost(InstrClass::Fp32Fma).Del;
    expectWithin("fp32 per clock per SM", Fp32PerClk, 32, 192);
    // The launch overhead of an empty grid: a microsecond or a few.
    expectWithin("launch intercept ns", T.cyclesToNs(T.Launch.InterceptCycles),
                 500, 5000);
  }
}

/// One row of gpu-targets/reference/measured.csv.
struct Reference {
  std::string Target, Figure, Source;
  double Value = 0, ClockMHz = 0;
};

std::vector<Reference> readReferences() {
  std::string Text = readFile(shippedTargetDir() + "/reference/measured.csv");
  llvm::SmallVector<StringRef> Lines;
  StringRef(Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<Reference> Rows;
  bool Header = true;
  for (StringRef Line : Lines) {
    if (Line.starts_with("#"))
      continue;
    llvm::SmallVector<StringRef> Cells;
    Line.split(Cells, ',', /*MaxSplit=*/5);
    EXPECT_EQ(Cells.size(), 6u) << Line.str();
    if (Cells.size() != 6)
      continue;
    if (Header) {
      EXPECT_EQ(Line, "target,figure,value,unit,clock_mhz,source");
      Header = false;
      continue;
    }
    Reference R;
    R.Target = Cells[0].str();
    R.Figure = Cells[1].str();
    R.Source = Cells[5].str();
    EXPECT_FALSE(Cells[2].getAsDouble(R.Value)) << Line.str();
    if (!Cells[4].empty()) {
      EXPECT_FALSE(Cells[4].getAsDouble(R.ClockMHz)) << Line.str();
    }
    EXPECT_FALSE(R.Source.empty()) << "a measurement without its source";
    Rows.push_back(R);
  }
  return Rows;
}

// Targets agree with what was measured on their own card: DRAM and L2
// bandwidth, L1 and L2 latency (cycles) and DRAM latency (through
// nanoseconds when the target assumes another clock), within 5 %.
TEST(ShippedSanityTest, AgreesWithTheReferenceMeasurements) {
  std::vector<GpuTarget> All = loadShipped();
  std::vector<Reference> Rows = readReferences();
  unsigned DramRows = 0;
  for (const Reference &R : Rows) {
    SCOPED_TRACE(R.Target + " " + R.Figure + " (" + R.Source + ")");
    auto It = llvm::find_if(
        All, [&](const GpuTarget &T) { return T.Name == R.Target; });
    ASSERT_NE(It, All.end()) << "the reference table names no shipped target";
    const GpuTarget &T = *It;
    double Have = 0, Want = R.Value;
    if (R.Figure == "dram_bandwidth") {
      Have = T.DRAM.BandwidthGBs;
      ++DramRows;
    } else if (R.Figure == "l2_bandwidth") {
      Have = T.L2.BandwidthGBs;
    } else if (R.Figure == "l1_latency") {
      Have = T.L1.Latency;
    } else if (R.Figure == "l2_latency") {
      Have = T.L2.Latency;
    } else if (R.Figure == "dram_latency") {
      ASSERT_GT(R.ClockMHz, 0) << "a latency in cycles needs its clock";
      Have = T.DRAM.Latency;
      Want = R.Value / R.ClockMHz * T.SmClockMHz;
    } else {
      ADD_FAILURE() << "unknown figure";
      continue;
    }
    EXPECT_LE(std::fabs(Have - Want), 0.05 * Want)
        << "target " << Have << ", measured " << Want;
  }
  // At least one card per generation with a measured DRAM bandwidth.
  EXPECT_GE(DramRows, 5u);
}

} // namespace

//===- InstrClassTest.cpp - The class vocabulary and the delay forms ------===//
//
// The instruction class names round-trip, unknown names are rejected, and the
// two derived delay forms of docs/targets.md compute what they say (each
// expected value is worked out by hand in the comment beside it).
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace ktime;

namespace {

TEST(InstrClassTest, NamesRoundTrip) {
  std::set<std::string> Seen;
  for (size_t I = 0; I < NumInstrClasses; ++I) {
    InstrClass C = static_cast<InstrClass>(I);
    llvm::StringRef Name = getInstrClassName(C);
    EXPECT_FALSE(Name.empty());
    EXPECT_TRUE(Seen.insert(Name.str()).second)
        << "duplicate name " << Name.str();
    std::optional<InstrClass> Back = parseInstrClassName(Name);
    ASSERT_TRUE(Back.has_value()) << Name.str();
    EXPECT_EQ(*Back, C);
    EXPECT_FALSE(getInstrClassDescription(C).empty()) << Name.str();
  }
  EXPECT_EQ(Seen.size(), NumInstrClasses);
}

TEST(InstrClassTest, TheVocabularyTheCostStageNeeds) {
  for (const char *Name :
       {"int.add",  "int.mul",  "int.mad",     "int.div",       "fp32.add",
        "fp32.mul", "fp32.fma", "fp32.div",    "fp32.sqrt",     "fp64.add",
        "fp64.mul", "fp64.fma", "fp64.div",    "fp16.fma",      "sfu",
        "convert",  "shfl",     "vote",        "atomic.global", "atomic.shared",
        "barrier",  "branch",   "special_reg", "tensor",        "ldst",
        "int.bit",  "fp32.rcp", "convert.f64"})
    EXPECT_TRUE(parseInstrClassName(Name).has_value()) << Name;
  EXPECT_EQ(getInstrClassName(InstrClass::Fp32Fma), "fp32.fma");
  EXPECT_EQ(getInstrClassName(InstrClass::AtomicGlobal), "atomic.global");
  EXPECT_EQ(getInstrClassName(InstrClass::SpecialReg), "special_reg");
}

TEST(InstrClassTest, OnlyConvertF64IsOptional) {
  for (size_t I = 0; I < NumInstrClasses; ++I) {
    auto C = static_cast<InstrClass>(I);
    if (C == InstrClass::Convert64)
      EXPECT_EQ(getFallbackClass(C), InstrClass::Convert);
    else
      EXPECT_FALSE(getFallbackClass(C).has_value())
          << getInstrClassName(C).str();
  }
}

TEST(InstrClassTest, UnknownNames) {
  EXPECT_FALSE(parseInstrClassName("").has_value());
  EXPECT_FALSE(parseInstrClassName("fp32.fam").has_value());
  EXPECT_FALSE(parseInstrClassName("FP32.FMA").has_value());
  EXPECT_FALSE(parseInstrClassName("fp32").has_value());
  EXPECT_FALSE(parseInstrClassName("fp32.fma ").has_value());
}

TEST(InstrClassTest, DelayFromOpsPerClockPerSM) {
  // A100 fp32: 64 ops/clk/SM over 4 PBs = 16 lanes per PB: 32 / 16 = 2.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(64, 32, 4), 2.0);
  // H100 fp32: 128 / 4 = 32 lanes per PB: 32 / 32 = 1.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(128, 32, 4), 1.0);
  // SFU: 16 / 4 = 4 lanes per PB: 32 / 4 = 8.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(16, 32, 4), 8.0);
  // A100 fp64: 32 / 4 = 8 lanes per PB: 32 / 8 = 4.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(32, 32, 4), 4.0);
  // __syncthreads(): 16 / 4 = 4: 32 / 4 = 8.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(16, 32, 4), 8.0);
  // A consumer-part fp64 rate, 2 ops/clk/SM: 2 / 4 = 0.5 lanes: 32 / 0.5 = 64.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(2, 32, 4), 64.0);
  // More throughput than a warp per PB is still computed as given:
  // 256 / 4 = 64 lanes: 32 / 64 = 0.5.
  EXPECT_DOUBLE_EQ(delayFromOpsPerClkPerSM(256, 32, 4), 0.5);
}

TEST(InstrClassTest, DelayFromUnitsPerProcessingBlock) {
  // Kleimenov & Popova: one fp64 unit per PB makes a warp's instruction
  // take 32 cycles.
  EXPECT_DOUBLE_EQ(delayFromUnitsPerPB(1, 32), 32.0);
  // 16 units: 32 / 16 = 2.
  EXPECT_DOUBLE_EQ(delayFromUnitsPerPB(16, 32), 2.0);
  // 32 units (AMALi's branch unit): 32 / 32 = 1.
  EXPECT_DOUBLE_EQ(delayFromUnitsPerPB(32, 32), 1.0);
  // 64 units: 32 / 64 = 0.5, but an instruction issues at most once a
  // cycle: max(0.5, 1) = 1.
  EXPECT_DOUBLE_EQ(delayFromUnitsPerPB(64, 32), 1.0);
  // 3 units: 32 / 3 = 10.666...
  EXPECT_DOUBLE_EQ(delayFromUnitsPerPB(3, 32), 32.0 / 3.0);
}

} // namespace

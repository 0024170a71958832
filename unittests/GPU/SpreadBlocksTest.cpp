//===- SpreadBlocksTest.cpp - Values that stand for a grid's axis ---------===//
//
// spreadPoints (lib/GPU/KernelTimeModel.cpp) picks the rows and columns of
// blocks whose weighted mean stands for a launch's refilled full waves:
// the middles of equal strata, refined where neighbours differ, each
// weighing the values nearest to it. Expected values derived by hand in
// each test. Run: ninja GPUTests && bin/GPUTests --gtest_filter='Spread*'
//
//===----------------------------------------------------------------------===//
#include "GPUModelImpl.h"

#include "gtest/gtest.h"

using namespace ktime;
using namespace llvm;

namespace {

std::vector<SpreadPoint>
spread(uint64_t N, unsigned Initial, unsigned Max,
       std::function<bool(uint64_t, uint64_t)> Differ) {
  Expected<std::vector<SpreadPoint>> P = spreadPoints(
      N, Initial, Max,
      [&](uint64_t A, uint64_t B) -> Expected<bool> { return Differ(A, B); });
  if (!P) {
    ADD_FAILURE() << toString(P.takeError());
    return {};
  }
  return *P;
}

double weightBelow(const std::vector<SpreadPoint> &P, uint64_t Limit) {
  double W = 0;
  for (const SpreadPoint &S : P)
    if (S.Value < Limit)
      W += S.Weight;
  return W;
}

TEST(SpreadPoints, EdgesAndStrataMiddlesWhenNothingDiffers) {
  // 32 values: 0, 31 and the middles of 8 strata of 4, 2, 6, ..., 30.
  // Each weighs the values nearest to it, a tie to the lower: 0 takes 0-1
  // (2), 2 takes 2-4 (3), 6 takes 5-8 (4), ..., 30 takes 29-30 (2), 31
  // itself (1).
  std::vector<SpreadPoint> P =
      spread(32, 8, 24, [](uint64_t, uint64_t) { return false; });
  ASSERT_EQ(P.size(), 10u);
  EXPECT_EQ(P.front().Value, 0u);
  EXPECT_EQ(P.front().Weight, 2);
  EXPECT_EQ(P[1].Value, 2u);
  EXPECT_EQ(P[1].Weight, 3);
  EXPECT_EQ(P[2].Weight, 4);
  EXPECT_EQ(P[8].Value, 30u);
  EXPECT_EQ(P[8].Weight, 2);
  EXPECT_EQ(P.back().Value, 31u);
  EXPECT_EQ(P.back().Weight, 1);
  EXPECT_EQ(weightBelow(P, 32), 32);
}

TEST(SpreadPoints, AStepIsFoundToOneValue) {
  // A cost that steps at 11 (a guard ctaid.y < 10.67 over 64 rows): of 0,
  // 63 and the middles 4, 12, ..., 60, two lie below it, weighing 3 + 6 =
  // 9 of the 64 values unrefined; the true share is 11. 4 and 12
  // differ: 8 is added, then 10, then 11; 10 and 11 differ but are
  // neighbours. Weights below 11: 0 takes 0-2 (3), 4 takes 3-6 (4), 8
  // takes 7-9 (3), 10 takes 10 (1): 11, exact.
  auto Step = [](uint64_t A, uint64_t B) { return (A < 11) != (B < 11); };
  std::vector<SpreadPoint> P = spread(64, 8, 24, Step);
  ASSERT_EQ(P.size(), 13u);
  EXPECT_EQ(P[2].Value, 8u);
  EXPECT_EQ(P[3].Value, 10u);
  EXPECT_EQ(P[4].Value, 11u);
  EXPECT_EQ(weightBelow(P, 11), 11);
  EXPECT_EQ(weightBelow(P, 64), 64);
}

TEST(SpreadPoints, AFirstValueAloneIsFound) {
  // Only value 0 differs (the one block of a grid that holds the data):
  // 0 and 4 differ, so 2, then 1 are added; 0 weighs itself alone.
  auto First = [](uint64_t A, uint64_t B) { return (A == 0) != (B == 0); };
  std::vector<SpreadPoint> P = spread(64, 8, 24, First);
  ASSERT_GE(P.size(), 2u);
  EXPECT_EQ(P[0].Value, 0u);
  EXPECT_EQ(P[0].Weight, 1);
  EXPECT_EQ(P[1].Value, 1u);
}

TEST(SpreadPoints, RefiningStopsAtTheLimit) {
  // Every neighbour differs (a cost linear in the value): halving stops
  // at 24 points, which still weigh all 1000 values.
  std::vector<SpreadPoint> P =
      spread(1000, 8, 24, [](uint64_t, uint64_t) { return true; });
  EXPECT_LE(P.size(), 24u);
  EXPECT_GT(P.size(), 8u);
  EXPECT_EQ(weightBelow(P, 1000), 1000);
}

TEST(SpreadPoints, FewValuesAreAllTaken) {
  std::vector<SpreadPoint> P =
      spread(3, 8, 24, [](uint64_t, uint64_t) { return true; });
  ASSERT_EQ(P.size(), 3u);
  EXPECT_EQ(P[0].Value, 0u);
  EXPECT_EQ(P[2].Value, 2u);
  EXPECT_EQ(P[1].Weight, 1);
}

TEST(SpreadPoints, AnErrorOfTheComparisonIsReturned) {
  Expected<std::vector<SpreadPoint>> P =
      spreadPoints(64, 8, 24, [](uint64_t, uint64_t) -> Expected<bool> {
        return createStringError(inconvertibleErrorCode(), "no value");
      });
  ASSERT_FALSE(bool(P));
  EXPECT_EQ(toString(P.takeError()), "no value");
}

} // namespace

//===- CompatTest.cpp - Tests of Compat.h's version-dependent helpers -----===//
//
// The helpers that LLVM 19 builds from older APIs must give what LLVM 22's
// own functions give: DynamicAPInt from wide APInts, sync scope names.
//
//===----------------------------------------------------------------------===//

#include "KernelTime/Compat.h"

#include "gtest/gtest.h"

using llvm::APInt;
using llvm::DynamicAPInt;

namespace {

DynamicAPInt pow2(unsigned N) {
  DynamicAPInt R(1);
  for (unsigned I = 0; I != N; ++I)
    R *= DynamicAPInt(2);
  return R;
}

TEST(CompatTest, DynamicAPIntFromAPInt) {
  using ktime::compat::toDynamicAPInt;
  EXPECT_EQ(toDynamicAPInt(APInt(32, 7)), DynamicAPInt(7));
  EXPECT_EQ(toDynamicAPInt(APInt(32, -7, /*isSigned=*/true)), DynamicAPInt(-7));
  // 2^64 and -(2^64) - 1 need 66 bits.
  APInt TwoTo64 = APInt::getOneBitSet(66, 64);
  EXPECT_EQ(toDynamicAPInt(TwoTo64), pow2(64));
  EXPECT_EQ(toDynamicAPInt(-TwoTo64 - 1), -pow2(64) - DynamicAPInt(1));
  // 2^100 + 12345, and the most negative 128-bit value, -2^127.
  APInt Big = APInt::getOneBitSet(102, 100) + 12345;
  EXPECT_EQ(toDynamicAPInt(Big), pow2(100) + DynamicAPInt(12345));
  EXPECT_EQ(toDynamicAPInt(APInt::getSignedMinValue(128)), -pow2(127));
}

TEST(CompatTest, SyncScopeName) {
  llvm::LLVMContext C;
  llvm::SyncScope::ID Block = C.getOrInsertSyncScopeID("block");
  EXPECT_EQ(ktime::compat::getSyncScopeName(C, Block),
            std::optional<llvm::StringRef>("block"));
  EXPECT_EQ(ktime::compat::getSyncScopeName(C, llvm::SyncScope::System),
            std::optional<llvm::StringRef>(""));
  EXPECT_EQ(ktime::compat::getSyncScopeName(C, Block + 100), std::nullopt);
}

} // namespace

//===- FootprintTest.cpp - Distinct bytes of an affine address ------------===//
//
// footprintBytes (lib/Memory/Footprint.cpp) on the shapes docs/memory.md
// works through: unit stride, a stride larger than the access, a stencil's
// taps, a matrix tile, unrolled rows, and a non-affine offset. Each expected
// value is derived by hand in the comment beside it.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"

#include "gtest/gtest.h"

using namespace ktime;
using namespace ktime::memory;

namespace {

Expr sym(const char *S) { return Expr::symbol(S); }

std::string footprint(const Expr &Offset, std::vector<int64_t> Shifts,
                      unsigned Bytes, std::vector<BoxVar> Box, bool &Exact) {
  std::optional<Expr> F = footprintBytes(Offset, Shifts, Bytes, Box, Exact);
  return F ? F->str() : "none";
}

TEST(Footprint, UnitStride) {
  // 4 * tid.x, tid.x in [0, 256): 256 contiguous floats = 1024 bytes.
  bool Exact;
  EXPECT_EQ(footprint(4 * sym("tid.x"), {0}, 4,
                      {{"tid.x", Expr::constant(256)}}, Exact),
            "1024");
  EXPECT_TRUE(Exact);
  // Symbolic block: 4 * ntid.x.
  EXPECT_EQ(
      footprint(4 * sym("tid.x"), {0}, 4, {{"tid.x", sym("ntid.x")}}, Exact),
      "4 * ntid.x");
}

TEST(Footprint, StrideLargerThanAccess) {
  // 8 * tid.x, 4-byte accesses, 32 threads: 32 disjoint floats = 128 bytes
  // (min(4 * 32, 4 + 8 * 31) = min(128, 252)).
  bool Exact;
  EXPECT_EQ(footprint(8 * sym("tid.x"), {0}, 4, {{"tid.x", Expr::constant(32)}},
                      Exact),
            "128");
  EXPECT_TRUE(Exact);
}

TEST(Footprint, StencilTaps) {
  // Taps at -4, 0, +4 bytes around 4 * tid.x, 256 threads: the range of
  // tid.x widens by 2: 4 * 258 = 1032 bytes.
  bool Exact;
  EXPECT_EQ(footprint(4 * sym("tid.x"), {-4, 0, 4}, 4,
                      {{"tid.x", Expr::constant(256)}}, Exact),
            "1032");
  EXPECT_TRUE(Exact);
  // A 5-point stencil on rows of 1024 floats, 32 x 8 threads: taps 0, +-4,
  // +-4096 widen tid.x by 2 and tid.y by 2: 34 floats x 10 rows, the rows
  // 4096 bytes apart: 136 x 10 = 1360 bytes (the bounding box: the four
  // corners are counted too).
  Expr Off = 4 * sym("tid.x") + 4096 * sym("tid.y");
  EXPECT_EQ(
      footprint(Off, {0, -4, 4, -4096, 4096}, 4,
                {{"tid.x", Expr::constant(32)}, {"tid.y", Expr::constant(8)}},
                Exact),
      "1360");
}

TEST(Footprint, MatrixTile) {
  // A[row * n + k]: 4 * n * tid.y + 4 * k over tid.y in [0, 16), k in [0,
  // n): k spans 4 * n contiguous bytes, tid.y 16 copies 4 * n apart: 64 * n.
  bool Exact;
  Expr Off = 4 * sym("n") * sym("tid.y") + 4 * sym("iter.L3");
  EXPECT_EQ(footprint(Off, {0}, 4,
                      {{"tid.x", Expr::constant(16)},
                       {"tid.y", Expr::constant(16)},
                       {"iter.L3", sym("n")}},
                      Exact),
            "64 * n");
  EXPECT_TRUE(Exact);
}

TEST(Footprint, UnrolledRows) {
  // b[j * 1024 + tid.x] for j = 0..7 unrolled: shifts 4096 j are too far
  // for tid.x's steps (a spread of 1024 > 32), so they are 8 copies 4096
  // bytes apart: min(8 * 4 * ntid.x, 4 * ntid.x + 7 * 4096).
  bool Exact;
  EXPECT_EQ(footprint(4 * sym("tid.x"),
                      {0, 4096, 8192, 12288, 16384, 20480, 24576, 28672}, 4,
                      {{"tid.x", sym("ntid.x")}}, Exact),
            "min(4 * ntid.x + 28672, 32 * ntid.x)");
}

TEST(Footprint, NotAffine) {
  // tid.x * tid.y is not linear in the box: no footprint.
  bool Exact;
  EXPECT_EQ(
      footprint(4 * sym("tid.x") * sym("tid.y"), {0}, 4,
                {{"tid.x", Expr::constant(8)}, {"tid.y", Expr::constant(8)}},
                Exact),
      "none");
}

} // namespace

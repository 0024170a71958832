//===- Print.cpp - Text layout of max-plus vectors, matrices and paths ----===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The element-type independent half of printing: vectors and matrices as
/// aligned rows with "." for eps (the paper's notation), node paths as
/// "a -> b -> c". The templates in MaxPlus.h turn entries into strings.
/// Tested by unittests/MaxPlus/MatrixTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include <algorithm>

using namespace ktime::maxplus;

void ktime::maxplus::detail::printRow(llvm::raw_ostream &OS,
                                      llvm::ArrayRef<std::string> Cells,
                                      llvm::ArrayRef<size_t> Widths) {
  OS << '[';
  for (size_t K = 0, E = Cells.size(); K < E; ++K) {
    if (K)
      OS << ' ';
    llvm::StringRef Cell = Cells[K].empty() ? "." : llvm::StringRef(Cells[K]);
    if (K < Widths.size() && Cell.size() < Widths[K])
      OS.indent(Widths[K] - Cell.size());
    OS << Cell;
  }
  OS << ']';
}

void ktime::maxplus::detail::printGrid(llvm::raw_ostream &OS, unsigned Rows,
                                       unsigned Cols,
                                       llvm::ArrayRef<std::string> Cells) {
  assert(Cells.size() == size_t(Rows) * Cols && "grid shape mismatch");
  std::vector<size_t> Widths(Cols, 1);
  for (unsigned I = 0; I < Rows; ++I)
    for (unsigned J = 0; J < Cols; ++J)
      Widths[J] = std::max(Widths[J], Cells[size_t(I) * Cols + J].size());
  for (unsigned I = 0; I < Rows; ++I) {
    printRow(OS, Cells.slice(size_t(I) * Cols, Cols), Widths);
    OS << '\n';
  }
}

void ktime::maxplus::printNodePath(llvm::raw_ostream &OS,
                                   llvm::ArrayRef<unsigned> Path) {
  if (Path.empty()) {
    OS << "(empty)";
    return;
  }
  for (size_t K = 0, E = Path.size(); K < E; ++K) {
    if (K)
      OS << " -> ";
    OS << Path[K];
  }
}

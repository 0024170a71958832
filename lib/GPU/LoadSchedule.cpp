//===- LoadSchedule.cpp - The order ptxas is assumed to issue a block in --===//
//
// A list schedule of one basic block that moves loads, and the instructions
// computing their addresses, up by a window of positions, as ptxas issues
// loads early to hide their latency. The register pressure is measured in
// this order (RegisterPressure.cpp; docs/gpu.md, "Register estimate").
//
//===----------------------------------------------------------------------===//
#include "RegisterPressure.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <functional>
#include <queue>
#include <utility>
#include <vector>

using namespace llvm;

namespace ktime {

std::vector<const Instruction *> scheduleLoadsEarly(const BasicBlock &BB,
                                                    unsigned Window) {
  std::vector<const Instruction *> Body;
  for (const Instruction &I : BB)
    if (!isa<PHINode>(I) && !isa<DbgInfoIntrinsic>(I) && !I.isTerminator())
      Body.push_back(&I);
  size_t N = Body.size();
  DenseMap<const Instruction *, size_t> Pos;
  for (size_t P = 0; P < N; ++P)
    Pos[Body[P]] = P;

  std::vector<SmallVector<size_t, 4>> Succs(N);
  std::vector<unsigned> Preds(N, 0);
  auto AddEdge = [&](size_t From, size_t To) {
    Succs[From].push_back(To);
    ++Preds[To];
  };
  long LastWrite = -1;
  std::vector<size_t> AccessesSinceWrite;
  for (size_t P = 0; P < N; ++P) {
    const Instruction *I = Body[P];
    SmallPtrSet<const Instruction *, 4> Seen;
    for (const Value *Op : I->operands())
      if (const auto *OI = dyn_cast<Instruction>(Op)) {
        auto It = Pos.find(OI);
        if (It != Pos.end() && Seen.insert(OI).second)
          AddEdge(It->second, P);
      }
    bool Writes = I->mayWriteToMemory() || I->mayHaveSideEffects();
    if (Writes) {
      for (size_t A : AccessesSinceWrite)
        AddEdge(A, P);
      if (LastWrite >= 0)
        AddEdge(size_t(LastWrite), P);
      AccessesSinceWrite.clear();
      LastWrite = long(P);
    } else if (I->mayReadFromMemory()) {
      if (LastWrite >= 0)
        AddEdge(size_t(LastWrite), P);
      AccessesSinceWrite.push_back(P);
    }
  }

  // Loads and what their addresses are computed from move up.
  std::vector<bool> Early(N, false);
  for (size_t P = N; P-- > 0;) {
    const auto *L = dyn_cast<LoadInst>(Body[P]);
    if (L && L->isSimple())
      Early[P] = true;
    if (!Early[P])
      continue;
    for (const Value *Op : Body[P]->operands())
      if (const auto *OI = dyn_cast<Instruction>(Op)) {
        auto It = Pos.find(OI);
        if (It != Pos.end() && !OI->mayReadOrWriteMemory())
          Early[It->second] = true;
      }
  }

  using Entry = std::pair<long, size_t>; // (key, position)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> Ready;
  auto Push = [&](size_t P) {
    long Key = long(P) - (Early[P] ? long(Window) : 0);
    Ready.push({Key, P});
  };
  for (size_t P = 0; P < N; ++P)
    if (Preds[P] == 0)
      Push(P);
  std::vector<const Instruction *> Out;
  Out.reserve(N + 1);
  while (!Ready.empty()) {
    size_t P = Ready.top().second;
    Ready.pop();
    Out.push_back(Body[P]);
    for (size_t S : Succs[P])
      if (--Preds[S] == 0)
        Push(S);
  }
  Out.push_back(BB.getTerminator());
  return Out;
}

} // namespace ktime

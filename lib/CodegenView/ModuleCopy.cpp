//===- ModuleCopy.cpp - A copy of chosen functions of a module ------------===//
//
// See ModuleCopy.h. Tested by test/Plugin/copy-*.ll (debug records and
// their !dbg numbers, assignment IDs, blockaddress) and through every lit
// test that analyses a copied function (test/Thread/codegen-view-*.ll,
// test/clang/O0.cu, the -O0 robustness tests).
//
//===----------------------------------------------------------------------===//
#include "ModuleCopy.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace ktime {

namespace {

/// Copies function bodies into a module that already declares every global
/// of the original; \p Globals maps the original globals to those.
class BodyCopier {
public:
  explicit BodyCopier(ValueToValueMapTy &Globals) : Globals(Globals) {}

  /// Defines \p NF, a declaration in the copy, as \p F is defined; \p Map
  /// gets the copies of \p F's blocks.
  void copyBody(const Function &F, Function &NF,
                DenseMap<const Value *, Value *> &Map);

private:
  ValueToValueMapTy &Globals;
  /// The copies of the arguments, blocks and instructions of the function
  /// being copied.
  DenseMap<const Value *, Value *> Local;
  /// A fresh assignment ID for each one of the original (assignment
  /// tracking): the context links every instruction and dbg_assign record
  /// of an ID, so a pass on the copy that merges or deletes one would
  /// otherwise reach the original's.
  DenseMap<DIAssignID *, DIAssignID *> AssignIDs;

  Value *mapValue(Value *V);
  Metadata *mapMetadata(LLVMContext &Ctx, Metadata *MD);
  DIAssignID *freshAssignID(DIAssignID *ID);
  void remapDebugRecords(Instruction &NI);
};

Value *BodyCopier::mapValue(Value *V) {
  if (!V)
    return V;
  if (auto It = Local.find(V); It != Local.end())
    return It->second;
  // Numbers, null, undef and data arrays name no global: the same value
  // serves any module of the context.
  if (isa<ConstantData>(V))
    return V;
  // Globals, and constants built on them (ValueMapper caches these in
  // Globals, so each distinct constant is rebuilt once).
  if (auto *C = dyn_cast<Constant>(V))
    if (Value *Mapped = MapValue(C, Globals))
      return Mapped;
  if (auto *MV = dyn_cast<MetadataAsValue>(V))
    return MetadataAsValue::get(
        V->getContext(), mapMetadata(V->getContext(), MV->getMetadata()));
  // Inline assembly is uniqued in the context.
  return V;
}

Metadata *BodyCopier::mapMetadata(LLVMContext &Ctx, Metadata *MD) {
  if (auto *VAM = dyn_cast<ValueAsMetadata>(MD))
    return ValueAsMetadata::get(mapValue(VAM->getValue()));
  if (auto *Args = dyn_cast<DIArgList>(MD)) {
    SmallVector<ValueAsMetadata *, 4> Mapped;
    for (ValueAsMetadata *Arg : Args->getArgs())
      Mapped.push_back(ValueAsMetadata::get(mapValue(Arg->getValue())));
    return DIArgList::get(Ctx, Mapped);
  }
  // Nodes and strings are shared with the original.
  return MD;
}

DIAssignID *BodyCopier::freshAssignID(DIAssignID *ID) {
  auto [It, Inserted] = AssignIDs.try_emplace(ID, nullptr);
  if (Inserted)
    It->second = DIAssignID::getDistinct(ID->getContext());
  return It->second;
}

/// Debug records name the parameters (SymbolNamer) and point at values of
/// the function: those must be the copy's.
void BodyCopier::remapDebugRecords(Instruction &NI) {
  for (DbgVariableRecord &DVR : filterDbgVars(NI.getDbgRecordRange())) {
    SmallVector<Value *, 4> Ops(DVR.location_ops());
    for (unsigned Idx = 0; Idx < Ops.size(); ++Idx)
      if (Value *New = mapValue(Ops[Idx]); New != Ops[Idx])
        DVR.replaceVariableLocationOp(Idx, New);
    if (!DVR.isDbgAssign())
      continue;
    if (Value *Addr = DVR.getAddress())
      if (Value *New = mapValue(Addr); New != Addr)
        DVR.setAddress(New);
    if (DIAssignID *ID = DVR.getAssignID())
      DVR.setAssignId(freshAssignID(ID));
  }
}

void BodyCopier::copyBody(const Function &F, Function &NF,
                          DenseMap<const Value *, Value *> &Map) {
  Local.clear();
  NF.setLinkage(F.getLinkage());
  NF.copyMetadata(&F, 0);
  if (F.hasPersonalityFn())
    NF.setPersonalityFn(cast<Constant>(mapValue(F.getPersonalityFn())));
  for (auto [A, NA] : zip(F.args(), NF.args())) {
    NA.setName(A.getName());
    Local[&A] = &NA;
  }
  LLVMContext &Ctx = NF.getContext();
  for (const BasicBlock &BB : F) {
    BasicBlock *NB = BasicBlock::Create(Ctx, BB.getName(), &NF);
    Local[&BB] = NB;
    Map[&BB] = NB;
  }
  // All copies first: an operand may be defined in a later block.
  for (const BasicBlock &BB : F) {
    auto *NB = cast<BasicBlock>(Local[&BB]);
    for (const Instruction &I : BB) {
      Instruction *NI = I.clone();
      if (I.hasName())
        NI->setName(I.getName());
      NI->insertInto(NB, NB->end());
      NI->cloneDebugInfoFrom(&I);
      if (auto *ID = cast_or_null<DIAssignID>(
              NI->getMetadata(LLVMContext::MD_DIAssignID)))
        NI->setMetadata(LLVMContext::MD_DIAssignID, freshAssignID(ID));
      Local[&I] = NI;
    }
  }
  for (BasicBlock &NB : NF)
    for (Instruction &NI : NB) {
      for (Use &U : NI.operands())
        if (Value *New = mapValue(U.get()); New != U.get())
          U.set(New);
      if (auto *PN = dyn_cast<PHINode>(&NI))
        for (unsigned Idx = 0; Idx < PN->getNumIncomingValues(); ++Idx)
          PN->setIncomingBlock(
              Idx, cast<BasicBlock>(Local[PN->getIncomingBlock(Idx)]));
      remapDebugRecords(NI);
    }
}

bool hasAddressTakenBlock(const Function &F) {
  return any_of(F, [](const BasicBlock &BB) { return BB.hasAddressTaken(); });
}

bool hasAddressTakenBlock(const Module &M) {
  return any_of(M, [](const Function &F) { return hasAddressTakenBlock(F); });
}

/// Maps the module-level debug metadata to itself, as the copied bodies'
/// attachments are: the copy then has one set of compile units, and prints
/// its !dbg numbers as the original does.
void shareDebugInfo(const Module &M, ValueToValueMapTy &Globals) {
  for (DICompileUnit *CU : M.debug_compile_units())
    Globals.MD()[CU].reset(CU);
  SmallVector<std::pair<unsigned, MDNode *>, 2> Attached;
  for (const GlobalVariable &G : M.globals()) {
    G.getAllMetadata(Attached);
    for (auto &[Kind, Node] : Attached)
      if (Kind == LLVMContext::MD_dbg)
        Globals.MD()[Node].reset(Node);
  }
}

} // namespace

std::unique_ptr<Module>
copyModuleWithBodies(const Module &M, const DenseSet<const Function *> &Bodies,
                     DenseMap<const Value *, Value *> &Map) {
  ValueToValueMapTy Globals;
  // A blockaddress names a block of a function, which the copy must then
  // define too: CloneModule maps it (and crashes on a declaration's).
  bool ThroughCloneModule = hasAddressTakenBlock(M);
  if (!ThroughCloneModule)
    shareDebugInfo(M, Globals);
  std::unique_ptr<Module> Copy =
      CloneModule(M, Globals, [&](const GlobalValue *GV) {
        const auto *F = dyn_cast<Function>(GV);
        return !F || (ThroughCloneModule &&
                      (Bodies.contains(F) || hasAddressTakenBlock(*F)));
      });
  BodyCopier Copier(Globals);
  for (const Function &F : M) {
    auto It = Globals.find(&F);
    if (It == Globals.end() || !It->second)
      continue;
    auto &NF = *cast<Function>(It->second);
    Map[&F] = &NF;
    if (!Bodies.contains(&F))
      continue;
    if (!ThroughCloneModule) {
      Copier.copyBody(F, NF, Map);
      continue;
    }
    for (const BasicBlock &BB : F)
      if (auto B = Globals.find(&BB); B != Globals.end() && B->second)
        Map[&BB] = B->second;
  }
  return Copy;
}

} // namespace ktime

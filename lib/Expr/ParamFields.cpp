//===- ParamFields.cpp - Fields of by-value struct parameters as symbols --===//
//
// A kernel that takes a struct by value gets a pointer to it in the
// parameter space (byval), and reads a field with a load at a constant
// offset. Such a load is a symbol, as a parameter is: argI.fieldJ for
// field J of the IR struct type of parameter I (the byval attribute's), one
// ".fieldK" per nested struct and "[K]" per array element
// (arg1.field3[2].field0); printed with the parameter's name and, where
// debug info describes the struct, the members' source names (p.in.n,
// p.arr[2]). Offsets map to fields through the DataLayout's StructLayout
// and to members through the DICompositeType's offsets (docs/usage.md,
// "Names a launch can bind").
//
//===----------------------------------------------------------------------===//
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ktime {

namespace {

thread_local const std::set<std::string> *Withheld = nullptr;

/// Parameter names that would make a field's name read as another symbol
/// (tid.x, lat.global, trip.loop1): such a parameter's fields print as
/// argI.fieldJ.
bool clashesWithSymbols(StringRef Param) {
  return is_contained({"tid", "ntid", "ctaid", "nctaid", "lat", "trip", "iter",
                       "addresses", "val"},
                      Param);
}

/// \p T without typedefs and qualifiers.
const DIType *stripDI(const DIType *T) {
  while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    switch (D->getTag()) {
    case dwarf::DW_TAG_typedef:
    case dwarf::DW_TAG_const_type:
    case dwarf::DW_TAG_volatile_type:
    case dwarf::DW_TAG_restrict_type:
    case dwarf::DW_TAG_atomic_type:
      T = D->getBaseType();
      continue;
    default:
      return T;
    }
  }
  return T;
}

bool isStructDI(const DICompositeType &C) {
  return C.getTag() == dwarf::DW_TAG_structure_type ||
         C.getTag() == dwarf::DW_TAG_class_type;
}

/// The members and base classes of struct \p C (static members are not
/// in the object).
SmallVector<const DIDerivedType *, 8> membersOf(const DICompositeType &C) {
  SmallVector<const DIDerivedType *, 8> Out;
  for (const DINode *N : C.getElements())
    if (const auto *M = dyn_cast_or_null<DIDerivedType>(N))
      if ((M->getTag() == dwarf::DW_TAG_member ||
           M->getTag() == dwarf::DW_TAG_inheritance) &&
          !M->isStaticMember())
        Out.push_back(M);
  return Out;
}

uint64_t bitSizeOf(const DIType *T) {
  T = stripDI(T);
  return T ? T->getSizeInBits() : 0;
}

/// The dimensions of array type \p C (C arrays: each from 0), if constant.
std::optional<SmallVector<uint64_t, 2>> dimensionsOf(const DICompositeType &C) {
  SmallVector<uint64_t, 2> Dims;
  for (const DINode *N : C.getElements()) {
    const auto *SR = dyn_cast_or_null<DISubrange>(N);
    if (!SR)
      return std::nullopt;
    const auto *Count = dyn_cast_if_present<ConstantInt *>(SR->getCount());
    if (!Count || Count->isNegative())
      return std::nullopt;
    Dims.push_back(Count->getZExtValue());
  }
  if (Dims.empty())
    return std::nullopt;
  return Dims;
}

/// True if \p T is a scalar of \p Bits bits that reads as \p IR does (a
/// floating-point type for a float, an integer for the rest).
bool isScalarLike(const DIType *T, uint64_t Bits, const Type &IR) {
  if (!T || T->getSizeInBits() != Bits)
    return false;
  if (const auto *B = dyn_cast<DIBasicType>(T))
    return (B->getEncoding() == dwarf::DW_ATE_float) == IR.isFloatingPointTy();
  const auto *C = dyn_cast<DICompositeType>(T);
  return C && C->getTag() == dwarf::DW_TAG_enumeration_type && IR.isIntegerTy();
}

/// The source path (".in.n", ".arr[2]") of the scalar at \p Bits bits into
/// \p Root of \p IR's type and size, if the debug type has one there:
/// through structs (base classes add no name, anonymous members none) and
/// arrays; a bit-field or a union has none.
std::optional<std::string> sourcePathAt(const DIType *Root, uint64_t Bits,
                                        const Type &IR, uint64_t Size) {
  std::string Path;
  for (const DIType *T = stripDI(Root); T;) {
    if (isScalarLike(T, Size, IR))
      return Bits == 0 ? std::optional<std::string>(Path) : std::nullopt;
    const auto *C = dyn_cast<DICompositeType>(T);
    if (!C)
      return std::nullopt;
    if (C->getTag() == dwarf::DW_TAG_array_type) {
      uint64_t Elem = bitSizeOf(C->getBaseType());
      std::optional<SmallVector<uint64_t, 2>> Dims = dimensionsOf(*C);
      if (!Elem || !Dims)
        return std::nullopt;
      uint64_t Index = Bits / Elem, Total = 1;
      for (uint64_t D : *Dims)
        Total *= D;
      if (Index >= Total)
        return std::nullopt;
      Bits -= Index * Elem;
      std::string Sub;
      for (uint64_t D : reverse(*Dims)) {
        Sub = "[" + std::to_string(Index % D) + "]" + Sub;
        Index /= D;
      }
      Path += Sub;
      T = stripDI(C->getBaseType());
      continue;
    }
    if (!isStructDI(*C))
      return std::nullopt;
    const DIDerivedType *Found = nullptr;
    for (const DIDerivedType *M : membersOf(*C)) {
      uint64_t Size = M->getTag() == dwarf::DW_TAG_member && M->getSizeInBits()
                          ? M->getSizeInBits()
                          : bitSizeOf(M->getBaseType());
      if (Bits >= M->getOffsetInBits() && Bits < M->getOffsetInBits() + Size) {
        Found = M;
        break;
      }
    }
    if (!Found || Found->isBitField())
      return std::nullopt;
    Bits -= Found->getOffsetInBits();
    if (Found->getTag() == dwarf::DW_TAG_member && !Found->getName().empty())
      Path += "." + Found->getName().str();
    T = stripDI(Found->getBaseType());
  }
  return std::nullopt;
}

/// The member of struct \p C called \p Name, looked for through base
/// classes and anonymous struct members; \p Bits gets its offset added.
const DIDerivedType *findMember(const DICompositeType &C, StringRef Name,
                                uint64_t &Bits) {
  for (const DIDerivedType *M : membersOf(C)) {
    if (M->getTag() == dwarf::DW_TAG_member && M->getName() == Name) {
      if (M->isBitField())
        return nullptr;
      Bits += M->getOffsetInBits();
      return M;
    }
    if (M->getTag() == dwarf::DW_TAG_member && !M->getName().empty())
      continue;
    const auto *Inner =
        dyn_cast_or_null<DICompositeType>(stripDI(M->getBaseType()));
    if (!Inner || !isStructDI(*Inner))
      continue;
    uint64_t InnerBits = Bits + M->getOffsetInBits();
    if (const DIDerivedType *Found = findMember(*Inner, Name, InnerBits)) {
      Bits = InnerBits;
      return Found;
    }
  }
  return nullptr;
}

/// "[2]" at the front of \p Rest: 2, and Rest after it.
std::optional<uint64_t> takeIndex(StringRef &Rest) {
  if (!Rest.consume_front("["))
    return std::nullopt;
  size_t Close = Rest.find(']');
  uint64_t Index;
  if (Close == StringRef::npos || Rest.substr(0, Close).getAsInteger(10, Index))
    return std::nullopt;
  Rest = Rest.drop_front(Close + 1);
  return Index;
}

/// ".name" at the front of \p Rest: name, and Rest after it.
std::optional<StringRef> takeMember(StringRef &Rest) {
  if (!Rest.consume_front("."))
    return std::nullopt;
  size_t End = Rest.find_first_of(".[");
  StringRef Name = Rest.substr(0, End);
  Rest = Rest.substr(Name.size());
  if (Name.empty())
    return std::nullopt;
  return Name;
}

/// The byte offset and scalar type of an IR path (".field1", "[2]") into
/// \p T.
std::optional<std::pair<uint64_t, Type *>> irOffset(Type *T, StringRef Rest,
                                                    const DataLayout &DL) {
  uint64_t Offset = 0;
  while (!Rest.empty()) {
    if (auto *ST = dyn_cast<StructType>(T)) {
      std::optional<StringRef> Member = takeMember(Rest);
      unsigned J;
      if (!Member || !Member->consume_front("field") ||
          Member->getAsInteger(10, J) || J >= ST->getNumElements() ||
          ST->isOpaque())
        return std::nullopt;
      Offset += DL.getStructLayout(ST)->getElementOffset(J).getFixedValue();
      T = ST->getElementType(J);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      std::optional<uint64_t> K = takeIndex(Rest);
      if (!K || *K >= AT->getNumElements())
        return std::nullopt;
      Offset += *K * DL.getTypeAllocSize(AT->getElementType()).getFixedValue();
      T = AT->getElementType();
    } else {
      return std::nullopt;
    }
  }
  if (!T->isIntegerTy() && !T->isFloatingPointTy())
    return std::nullopt;
  return std::make_pair(Offset, T);
}

/// Calls \p Fn(Offset, Type) for each scalar field of \p T in order, while
/// it returns true; false if it stopped.
bool forEachScalar(Type *T, uint64_t Base, const DataLayout &DL,
                   function_ref<bool(uint64_t, Type *)> Fn) {
  if (T->isIntegerTy() || T->isFloatingPointTy())
    return Fn(Base, T);
  if (auto *ST = dyn_cast<StructType>(T)) {
    if (ST->isOpaque())
      return true;
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned J = 0; J != ST->getNumElements(); ++J)
      if (!forEachScalar(ST->getElementType(J),
                         Base + SL->getElementOffset(J).getFixedValue(), DL,
                         Fn))
        return false;
    return true;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Size = DL.getTypeAllocSize(AT->getElementType()).getFixedValue();
    for (uint64_t K = 0; K != AT->getNumElements(); ++K)
      if (!forEachScalar(AT->getElementType(), Base + K * Size, DL, Fn))
        return false;
  }
  return true;
}

/// How many scalar fields \p T has.
uint64_t countScalars(Type *T) {
  if (T->isIntegerTy() || T->isFloatingPointTy())
    return 1;
  if (auto *ST = dyn_cast<StructType>(T)) {
    uint64_t N = 0;
    for (Type *E : ST->elements())
      N += countScalars(E);
    return N;
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return AT->getNumElements() * countScalars(AT->getElementType());
  return 0;
}

} // namespace

WithholdFieldNames::WithholdFieldNames(const std::set<std::string> &Fields)
    : Saved(Withheld) {
  Withheld = &Fields;
}

WithholdFieldNames::~WithholdFieldNames() { Withheld = Saved; }

bool WithholdFieldNames::isWithheld(StringRef Printed) {
  return Withheld && Withheld->count(Printed.str());
}

std::optional<ParamField> SymbolNamer::fieldAt(unsigned ArgNo, uint64_t Offset,
                                               Type *Ty) const {
  if (ArgNo >= F.arg_size() || !F.getArg(ArgNo)->hasByValAttr())
    return std::nullopt;
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *T = F.getArg(ArgNo)->getParamByValType();
  std::string Path;
  uint64_t Rest = Offset;
  while (!T->isIntegerTy() && !T->isFloatingPointTy()) {
    if (auto *ST = dyn_cast<StructType>(T)) {
      if (ST->isOpaque() || ST->getNumElements() == 0)
        return std::nullopt;
      const StructLayout *SL = DL.getStructLayout(ST);
      if (Rest >= SL->getSizeInBytes().getFixedValue())
        return std::nullopt;
      unsigned J = SL->getElementContainingOffset(Rest);
      Rest -= SL->getElementOffset(J).getFixedValue();
      T = ST->getElementType(J);
      Path += ".field" + std::to_string(J);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      uint64_t Size = DL.getTypeAllocSize(AT->getElementType()).getFixedValue();
      if (Size == 0 || Rest / Size >= AT->getNumElements())
        return std::nullopt;
      Path += "[" + std::to_string(Rest / Size) + "]";
      Rest %= Size;
      T = AT->getElementType();
    } else {
      return std::nullopt;
    }
  }
  if (Rest != 0 || (Ty && Ty != T))
    return std::nullopt;
  ParamField P;
  P.ArgNo = ArgNo;
  P.Offset = Offset;
  P.Ty = T;
  P.Name = "arg" + std::to_string(ArgNo) + Path;
  std::string Param = getParamName(ArgNo);
  if (clashesWithSymbols(Param)) {
    P.Printed = P.Name;
    return P;
  }
  if (auto It = DebugTypes.find(ArgNo); It != DebugTypes.end())
    if (std::optional<std::string> Source =
            sourcePathAt(It->second, Offset * 8, *T,
                         DL.getTypeSizeInBits(T).getFixedValue()))
      Path = *Source;
  P.Printed = Param + Path;
  return P;
}

std::optional<std::pair<uint64_t, uint64_t>>
SymbolNamer::sourceOffset(unsigned ArgNo, StringRef Path) const {
  auto It = DebugTypes.find(ArgNo);
  if (It == DebugTypes.end())
    return std::nullopt;
  uint64_t Bits = 0;
  const DIType *T = stripDI(It->second);
  while (!Path.empty()) {
    const auto *C = dyn_cast_or_null<DICompositeType>(T);
    if (!C)
      return std::nullopt;
    if (C->getTag() == dwarf::DW_TAG_array_type) {
      uint64_t Elem = bitSizeOf(C->getBaseType());
      std::optional<SmallVector<uint64_t, 2>> Dims = dimensionsOf(*C);
      if (!Elem || !Dims)
        return std::nullopt;
      uint64_t Index = 0;
      for (uint64_t D : *Dims) {
        std::optional<uint64_t> K = takeIndex(Path);
        if (!K || *K >= D)
          return std::nullopt;
        Index = Index * D + *K;
      }
      Bits += Index * Elem;
      T = stripDI(C->getBaseType());
      continue;
    }
    std::optional<StringRef> Name = takeMember(Path);
    if (!Name || !isStructDI(*C))
      return std::nullopt;
    const DIDerivedType *M = findMember(*C, *Name, Bits);
    if (!M)
      return std::nullopt;
    T = stripDI(M->getBaseType());
  }
  if (!T || Bits % 8 != 0)
    return std::nullopt;
  return std::make_pair(Bits / 8, T->getSizeInBits());
}

std::optional<ParamField> SymbolNamer::getLoadedField(const LoadInst &L) const {
  Type *Ty = L.getType();
  if ((!Ty->isIntegerTy() && !Ty->isFloatingPointTy()) ||
      L.getFunction() != &F || ReadOnly.empty())
    return std::nullopt;
  auto [It, New] = LoadedFields.try_emplace(&L);
  if (New) {
    const DataLayout &DL = F.getParent()->getDataLayout();
    APInt Offset(DL.getIndexTypeSizeInBits(L.getPointerOperandType()), 0);
    const Value *Base =
        L.getPointerOperand()->stripAndAccumulateConstantOffsets(
            DL, Offset, /*AllowNonInbounds=*/true);
    const auto *A = dyn_cast<Argument>(Base);
    // The launch's value: the kernel writes none of the bytes read.
    auto Unwritten = [&](uint64_t Begin) {
      if (ReadOnly.lookup(A->getArgNo()))
        return true;
      auto W = WrittenBytes.find(A->getArgNo());
      if (W == WrittenBytes.end())
        return false;
      uint64_t End = Begin + DL.getTypeStoreSize(Ty).getFixedValue();
      return llvm::none_of(W->second, [&](const auto &R) {
        return R.first < End && Begin < R.second;
      });
    };
    if (A && A->getParent() == &F && !Offset.isNegative() &&
        Unwritten(Offset.getZExtValue()))
      It->second = fieldAt(A->getArgNo(), Offset.getZExtValue(), Ty);
  }
  if (It->second && WithholdFieldNames::isWithheld(It->second->Printed))
    return std::nullopt;
  return It->second;
}

std::optional<unsigned> SymbolNamer::getFieldParam(StringRef Name) const {
  for (const Argument &A : F.args()) {
    if (!ReadOnly.count(A.getArgNo()))
      continue;
    for (const std::string &Prefix :
         {"arg" + std::to_string(A.getArgNo()), getParamName(A.getArgNo())}) {
      StringRef Rest = Name;
      if (Rest.consume_front(Prefix) &&
          (Rest.starts_with(".") || Rest.starts_with("[")))
        return A.getArgNo();
    }
  }
  return std::nullopt;
}

std::optional<ParamField> SymbolNamer::findField(StringRef Name) const {
  std::optional<unsigned> ArgNo = getFieldParam(Name);
  if (!ArgNo)
    return std::nullopt;
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *T = F.getArg(*ArgNo)->getParamByValType();
  std::string ArgN = "arg" + std::to_string(*ArgNo);
  StringRef Rest = Name;
  bool BySourceName = !Rest.consume_front(ArgN) || Rest.empty() ||
                      (Rest.front() != '.' && Rest.front() != '[');
  if (BySourceName)
    Rest = Name.drop_front(getParamName(*ArgNo).size());
  // The source name with a source path first: it is what prints (a member
  // called field1 is not the IR's field 1).
  if (BySourceName)
    if (std::optional<std::pair<uint64_t, uint64_t>> S =
            sourceOffset(*ArgNo, Rest))
      if (std::optional<ParamField> P = fieldAt(*ArgNo, S->first, nullptr);
          P && DL.getTypeSizeInBits(P->Ty).getFixedValue() == S->second)
        return P;
  if (std::optional<std::pair<uint64_t, Type *>> IR = irOffset(T, Rest, DL))
    return fieldAt(*ArgNo, IR->first, IR->second);
  return std::nullopt;
}

std::vector<std::string> SymbolNamer::listFields(unsigned ArgNo, size_t Max,
                                                 size_t &More) const {
  std::vector<std::string> Out;
  More = 0;
  if (ArgNo >= F.arg_size() || !F.getArg(ArgNo)->hasByValAttr())
    return Out;
  Type *T = F.getArg(ArgNo)->getParamByValType();
  const DataLayout &DL = F.getParent()->getDataLayout();
  forEachScalar(T, 0, DL, [&](uint64_t Offset, Type *Ty) {
    if (Out.size() == Max)
      return false;
    if (std::optional<ParamField> P = fieldAt(ArgNo, Offset, Ty))
      Out.push_back(P->Printed);
    return true;
  });
  uint64_t Total = countScalars(T);
  More = Total > Out.size() ? Total - Out.size() : 0;
  return Out;
}

} // namespace ktime

//===- TargetFileRead.cpp - Reading a target file and its architecture ----===//
//
// The files behind one GpuTarget: the target file's text (a regular file of
// at most 1 MiB), checked for YAML syntax, and the architecture file it
// names (`architecture: sm_86`: arch/sm_86.yaml beside it, else in the
// target directory's arch/), read before the card so that a field both give
// is reported in the card. TargetFileParser.cpp reads the fields of both.
//
//===----------------------------------------------------------------------===//
#include "TargetFileParser.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace ktime {
namespace targetfile {

namespace {

/// The first error the YAML scanner reports.
struct DiagCapture {
  std::optional<SMDiagnostic> First;
  static void handle(const SMDiagnostic &D, void *Context) {
    auto *Self = static_cast<DiagCapture *>(Context);
    if (!Self->First && D.getKind() == SourceMgr::DK_Error)
      Self->First = D;
  }
};

} // namespace

/// Target and architecture files are a few kilobytes; anything far larger
/// is not one.
static constexpr uint64_t MaxTargetFileBytes = 1 << 20;

Expected<std::unique_ptr<YamlDocument>>
readYamlDocument(StringRef Path, StringRef What, SourceMgr &SM) {
  auto Doc = std::make_unique<YamlDocument>();
  Expected<std::unique_ptr<MemoryBuffer>> Buffer =
      readRegularTextFile(Path, What, MaxTargetFileBytes);
  if (!Buffer)
    return Buffer.takeError();
  Doc->Buffer = std::move(*Buffer);
  MemoryBufferRef Ref(Doc->Buffer->getBuffer(), Path);

  auto &Diags = *static_cast<DiagCapture *>(SM.getDiagContext());
  auto YamlError = [&](unsigned Line, unsigned Col, const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             Path + ":" + Twine(Line) + ":" + Twine(Col) +
                                 ": invalid YAML: " + Msg);
  };

  // Pass 1: syntax only, and exactly one document.
  {
    yaml::Stream Syntax(Ref, SM, /*ShowColors=*/false);
    unsigned Documents = 0;
    SMLoc SecondDoc;
    for (yaml::document_iterator DI = Syntax.begin(), DE = Syntax.end();
         DI != DE; ++DI) {
      yaml::Node *Root = DI->getRoot();
      if (++Documents == 2 && Root)
        SecondDoc = Root->getSourceRange().Start;
      if (Syntax.failed())
        break;
    }
    if (Syntax.failed()) {
      if (Diags.First)
        return YamlError(Diags.First->getLineNo(),
                         Diags.First->getColumnNo() + 1,
                         Diags.First->getMessage());
      return createStringError(inconvertibleErrorCode(),
                               Path + ": invalid YAML");
    }
    if (Documents > 1) {
      unsigned Line = 1, Col = 1;
      if (SecondDoc.isValid() && SM.FindBufferContainingLoc(SecondDoc))
        std::tie(Line, Col) = SM.getLineAndColumn(SecondDoc);
      return YamlError(Line, Col,
                       "a " + What + " holds one YAML document, found " +
                           Twine(Documents));
    }
  }

  // Pass 2: the tree the fields are read from.
  Doc->Stream = std::make_unique<yaml::Stream>(Ref, SM, /*ShowColors=*/false);
  yaml::document_iterator DI = Doc->Stream->begin();
  Doc->Root = DI == Doc->Stream->end() ? nullptr : DI->getRoot();
  return Doc;
}

Error TargetFileParser::parseArchitecture(const YamlDocument &Card) {
  // Find the key before reading the card: the architecture file is read
  // first, so that a field given in both is reported in the card. A YAML
  // mapping is walked once, so the key is looked up in a stream of its own.
  yaml::Stream Scan(MemoryBufferRef(Card.Buffer->getBuffer(), Path), SM,
                    /*ShowColors=*/false);
  yaml::document_iterator DI = Scan.begin();
  auto *CardRoot = DI == Scan.end()
                       ? nullptr
                       : dyn_cast_or_null<yaml::MappingNode>(DI->getRoot());
  if (!CardRoot)
    return Error::success();
  yaml::Node *Value = nullptr;
  for (yaml::KeyValueNode &KV : *CardRoot) {
    auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
    SmallString<32> Storage;
    if (Key && Key->getValue(Storage) == "architecture") {
      Value = KV.getValue();
      ArchitectureLoc = startOf(Value, startOf(Key, SMLoc()));
      break;
    }
  }
  if (!Value)
    return Error::success();
  Expected<std::string> Name =
      readString(Value, ArchitectureLoc, "architecture");
  if (!Name)
    return Name.takeError();
  std::optional<unsigned> V = parseSmArch(*Name);
  if (!V || *Name != "sm_" + utostr(*V))
    return fieldError(ArchitectureLoc, "architecture",
                      "must name an architecture file like sm_80, got '" +
                          *Name + "'");
  // Beside the file, else in the target directory's arch/.
  SmallString<256> Beside(sys::path::parent_path(Path));
  sys::path::append(Beside, "arch", *Name + ".yaml");
  SmallString<256> Found = Beside;
  if (!sys::fs::exists(Found) && !FallbackDir.empty()) {
    SmallString<256> InDir(FallbackDir);
    sys::path::append(InDir, "arch", *Name + ".yaml");
    if (sys::fs::exists(InDir))
      Found = InDir;
  }
  if (!sys::fs::exists(Found)) {
    std::string Where = ("'" + Beside + "'").str();
    // The target directory is named too when it is not the file's own.
    StringRef Own = sys::path::parent_path(Path);
    bool Same = false;
    if (!FallbackDir.empty() &&
        (sys::fs::equivalent(Own.empty() ? "." : Own, FallbackDir, Same) ||
         !Same))
      Where += " or in " + FallbackDir + "/arch";
    return fieldError(ArchitectureLoc, "architecture",
                      "no architecture file " + *Name + ".yaml: not " + Where);
  }
  ArchPath = Found.str().str();
  T->ArchFilePath = ArchPath;
  Expected<std::unique_ptr<YamlDocument>> Doc =
      readYamlDocument(ArchPath, "architecture file", SM);
  if (!Doc)
    return Doc.takeError();
  ArchDoc = std::move(*Doc);
  yaml::Node *Root = ArchDoc->Root;
  if (!Root || isa<yaml::NullNode>(Root))
    return createStringError(inconvertibleErrorCode(),
                             ArchPath + ":1:1: the file is empty; an "
                                        "architecture file is a mapping of "
                                        "the fields in docs/targets.md");
  InArch = true;
  SMLoc RootLoc = startOf(Root, SMLoc());
  if (!isa<yaml::MappingNode>(Root))
    return createStringError(inconvertibleErrorCode(),
                             at(RootLoc) +
                                 ": an architecture file is a mapping of the "
                                 "fields in docs/targets.md, got " +
                                 describe(Root));
  if (Error E = forEachField(
          Root, RootLoc, "", {},
          [&](StringRef Key, yaml::Node *Value, SMLoc KeyLoc) {
            return parseTop(Key, Value, KeyLoc);
          },
          ArchFileKeys))
    return E;
  for (auto [Has, Key] :
       {std::pair(ArchHasSchema, "schema"), std::pair(ArchHasArch, "arch")})
    if (!Has)
      return fieldError(RootLoc, Key, "required field is missing");
  InArch = false;
  return Error::success();
}

} // namespace targetfile

using namespace targetfile;

Expected<std::unique_ptr<MemoryBuffer>>
readRegularTextFile(StringRef Path, StringRef What, uint64_t MaxBytes) {
  // Check before opening: opening a FIFO blocks, and reading a device such
  // as /dev/zero never ends.
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return createStringError(EC, Path + ": cannot read " + What + ": " +
                                     EC.message());
  if (!sys::fs::is_regular_file(Status))
    return createStringError(inconvertibleErrorCode(),
                             Path + ": not a regular file, so not a " + What);
  if (Status.getSize() > MaxBytes)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + Twine(Status.getSize()) +
                                 " bytes is too large for a " + What);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             Path + ": cannot read " + What + ": " +
                                 Buffer.getError().message());
  return std::move(*Buffer);
}

Expected<std::unique_ptr<MemoryBuffer>> readTargetFile(StringRef Path) {
  return readRegularTextFile(Path, "target file", MaxTargetFileBytes);
}

Expected<GpuTarget> loadTargetFile(StringRef Path, StringRef FallbackDir) {
  SourceMgr SM;
  DiagCapture Diags;
  SM.setDiagHandler(DiagCapture::handle, &Diags);
  Expected<std::unique_ptr<YamlDocument>> Doc =
      readYamlDocument(Path, "target file", SM);
  if (!Doc)
    return Doc.takeError();
  yaml::Node *Root = (*Doc)->Root;
  if (!Root || isa<yaml::NullNode>(Root))
    return createStringError(inconvertibleErrorCode(),
                             Path + ":1:1: the file is empty; a target file "
                                    "is a mapping of the fields in "
                                    "docs/targets.md");
  GpuTarget T;
  T.FilePath = Path.str();
  TargetFileParser Parser(Path, SM, FallbackDir);
  if (Error E = Parser.parse(**Doc, T))
    return E;
  return T;
}

} // namespace ktime

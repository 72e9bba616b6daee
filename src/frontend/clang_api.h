/* clang_api.h - libclang, loaded when the front end first calls it.
 *
 * A result-cache hit never parses, and loading libclang (the dynamic
 * loader relocating it and libLLVM, some 150 MB between them) was 85% of
 * such a run. So cudalint does not link libclang: the front end reaches
 * it through the table below, which cl_clang() fills with dlopen() and
 * dlsym() on first use (clang_api.c). The front end includes this header
 * instead of <clang-c/Index.h>, so its code calls clang_getCursorKind(c)
 * as before and the name reads (cl_clang()->p_clang_getCursorKind)(c). A
 * libclang function missing here is a call to the real symbol, which does
 * not link: add it to CL_CLANG_FUNCTIONS and to the names below.
 * docs/design/frontend.md, "Loading libclang on first use". */
#ifndef CUDALINT_FRONTEND_CLANG_API_H
#define CUDALINT_FRONTEND_CLANG_API_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

/* Every libclang function the front end calls, and a few it may. */
#define CL_CLANG_FUNCTIONS(X) \
	X(clang_CompilationDatabase_dispose) \
	X(clang_CompilationDatabase_fromDirectory) \
	X(clang_CompilationDatabase_getCompileCommands) \
	X(clang_CompileCommand_getArg) \
	X(clang_CompileCommand_getDirectory) \
	X(clang_CompileCommand_getNumArgs) \
	X(clang_CompileCommands_dispose) \
	X(clang_CompileCommands_getCommand) \
	X(clang_CompileCommands_getSize) \
	X(clang_createIndex) \
	X(clang_createTranslationUnit2) \
	X(clang_Cursor_Evaluate) \
	X(clang_Cursor_getArgument) \
	X(clang_Cursor_getNumArguments) \
	X(clang_Cursor_getStorageClass) \
	X(clang_Cursor_getTranslationUnit) \
	X(clang_Cursor_getVarDeclInitializer) \
	X(clang_Cursor_isInlineNamespace) \
	X(clang_Cursor_isNull) \
	X(clang_Cursor_isVariadic) \
	X(clang_defaultReparseOptions) \
	X(clang_defaultSaveOptions) \
	X(clang_disposeDiagnostic) \
	X(clang_disposeIndex) \
	X(clang_disposeSourceRangeList) \
	X(clang_disposeString) \
	X(clang_disposeTokens) \
	X(clang_disposeTranslationUnit) \
	X(clang_equalCursors) \
	X(clang_equalRanges) \
	X(clang_EvalResult_dispose) \
	X(clang_EvalResult_getAsDouble) \
	X(clang_EvalResult_getAsLongLong) \
	X(clang_EvalResult_getAsUnsigned) \
	X(clang_EvalResult_getKind) \
	X(clang_EvalResult_isUnsignedInt) \
	X(clang_File_isEqual) \
	X(clang_formatDiagnostic) \
	X(clang_getArgType) \
	X(clang_getArrayElementType) \
	X(clang_getCanonicalCursor) \
	X(clang_getCanonicalType) \
	X(clang_getClangVersion) \
	X(clang_getCString) \
	X(clang_getCursor) \
	X(clang_getCursorBinaryOperatorKind) \
	X(clang_getCursorDefinition) \
	X(clang_getCursorDisplayName) \
	X(clang_getCursorExtent) \
	X(clang_getCursorKind) \
	X(clang_getCursorLexicalParent) \
	X(clang_getCursorLocation) \
	X(clang_getCursorReferenced) \
	X(clang_getCursorReferenceNameRange) \
	X(clang_getCursorResultType) \
	X(clang_getCursorSemanticParent) \
	X(clang_getCursorSpelling) \
	X(clang_getCursorType) \
	X(clang_getCursorUnaryOperatorKind) \
	X(clang_getCursorUSR) \
	X(clang_getDiagnostic) \
	X(clang_getDiagnosticLocation) \
	X(clang_getDiagnosticSeverity) \
	X(clang_getDiagnosticSpelling) \
	X(clang_getEnumConstantDeclValue) \
	X(clang_getExpansionLocation) \
	X(clang_getFile) \
	X(clang_getFileContents) \
	X(clang_getFileLocation) \
	X(clang_getFileName) \
	X(clang_getInclusions) \
	X(clang_isFileMultipleIncludeGuarded) \
	X(clang_getLocation) \
	X(clang_getLocationForOffset) \
	X(clang_getNonReferenceType) \
	X(clang_getNullCursor) \
	X(clang_getNumArgTypes) \
	X(clang_getNumDiagnostics) \
	X(clang_getNumOverloadedDecls) \
	X(clang_getOverloadedDecl) \
	X(clang_getPointeeType) \
	X(clang_getRange) \
	X(clang_getRangeEnd) \
	X(clang_getRangeStart) \
	X(clang_getResultType) \
	X(clang_getSkippedRanges) \
	X(clang_getSpecializedCursorTemplate) \
	X(clang_getSpellingLocation) \
	X(clang_getTokenKind) \
	X(clang_getTokenLocation) \
	X(clang_getTokenSpelling) \
	X(clang_getTranslationUnitCursor) \
	X(clang_getTranslationUnitSpelling) \
	X(clang_getTypeDeclaration) \
	X(clang_getTypedefDeclUnderlyingType) \
	X(clang_getTypeKindSpelling) \
	X(clang_getTypeSpelling) \
	X(clang_hashCursor) \
	X(clang_isConstQualifiedType) \
	X(clang_isCursorDefinition) \
	X(clang_isDeclaration) \
	X(clang_isExpression) \
	X(clang_isInvalidDeclaration) \
	X(clang_isVolatileQualifiedType) \
	X(clang_Location_isFromMainFile) \
	X(clang_Location_isInSystemHeader) \
	X(clang_parseTranslationUnit) \
	X(clang_parseTranslationUnit2) \
	X(clang_reparseTranslationUnit) \
	X(clang_saveTranslationUnit) \
	X(clang_tokenize) \
	X(clang_Type_getNumTemplateArguments) \
	X(clang_Type_getSizeOf) \
	X(clang_Type_getTemplateArgumentAsType) \
	X(clang_visitChildren)

struct cl_clang_api {
#define CL_CLANG_SLOT(name) __typeof__(name) *p_##name;
	CL_CLANG_FUNCTIONS(CL_CLANG_SLOT)
#undef CL_CLANG_SLOT
};

extern struct cl_clang_api cl_clang_table;
extern int cl_clang_ready;

/* Loads libclang and fills the table, once (thread-safe). A libclang
 * that cannot be loaded, or lacks a function, is a message on stderr and
 * exit status 2: nothing could be analysed. */
const struct cl_clang_api *cl_clang_load(void);

static inline const struct cl_clang_api *cl_clang(void)
{
	return __atomic_load_n(&cl_clang_ready, __ATOMIC_ACQUIRE) ? &cl_clang_table : cl_clang_load();
}

/* The file cl_clang() loads: an absolute path fixed at build time. */
const char *cl_clang_library(void);

#define clang_CompilationDatabase_dispose (cl_clang()->p_clang_CompilationDatabase_dispose)
#define clang_CompilationDatabase_fromDirectory (cl_clang()->p_clang_CompilationDatabase_fromDirectory)
#define clang_CompilationDatabase_getCompileCommands (cl_clang()->p_clang_CompilationDatabase_getCompileCommands)
#define clang_CompileCommand_getArg (cl_clang()->p_clang_CompileCommand_getArg)
#define clang_CompileCommand_getDirectory (cl_clang()->p_clang_CompileCommand_getDirectory)
#define clang_CompileCommand_getNumArgs (cl_clang()->p_clang_CompileCommand_getNumArgs)
#define clang_CompileCommands_dispose (cl_clang()->p_clang_CompileCommands_dispose)
#define clang_CompileCommands_getCommand (cl_clang()->p_clang_CompileCommands_getCommand)
#define clang_CompileCommands_getSize (cl_clang()->p_clang_CompileCommands_getSize)
#define clang_createIndex (cl_clang()->p_clang_createIndex)
#define clang_createTranslationUnit2 (cl_clang()->p_clang_createTranslationUnit2)
#define clang_Cursor_Evaluate (cl_clang()->p_clang_Cursor_Evaluate)
#define clang_Cursor_getArgument (cl_clang()->p_clang_Cursor_getArgument)
#define clang_Cursor_getNumArguments (cl_clang()->p_clang_Cursor_getNumArguments)
#define clang_Cursor_getStorageClass (cl_clang()->p_clang_Cursor_getStorageClass)
#define clang_Cursor_getTranslationUnit (cl_clang()->p_clang_Cursor_getTranslationUnit)
#define clang_Cursor_getVarDeclInitializer (cl_clang()->p_clang_Cursor_getVarDeclInitializer)
#define clang_Cursor_isInlineNamespace (cl_clang()->p_clang_Cursor_isInlineNamespace)
#define clang_Cursor_isNull (cl_clang()->p_clang_Cursor_isNull)
#define clang_Cursor_isVariadic (cl_clang()->p_clang_Cursor_isVariadic)
#define clang_defaultReparseOptions (cl_clang()->p_clang_defaultReparseOptions)
#define clang_defaultSaveOptions (cl_clang()->p_clang_defaultSaveOptions)
#define clang_disposeDiagnostic (cl_clang()->p_clang_disposeDiagnostic)
#define clang_disposeIndex (cl_clang()->p_clang_disposeIndex)
#define clang_disposeSourceRangeList (cl_clang()->p_clang_disposeSourceRangeList)
#define clang_disposeString (cl_clang()->p_clang_disposeString)
#define clang_disposeTokens (cl_clang()->p_clang_disposeTokens)
#define clang_disposeTranslationUnit (cl_clang()->p_clang_disposeTranslationUnit)
#define clang_equalCursors (cl_clang()->p_clang_equalCursors)
#define clang_equalRanges (cl_clang()->p_clang_equalRanges)
#define clang_EvalResult_dispose (cl_clang()->p_clang_EvalResult_dispose)
#define clang_EvalResult_getAsDouble (cl_clang()->p_clang_EvalResult_getAsDouble)
#define clang_EvalResult_getAsLongLong (cl_clang()->p_clang_EvalResult_getAsLongLong)
#define clang_EvalResult_getAsUnsigned (cl_clang()->p_clang_EvalResult_getAsUnsigned)
#define clang_EvalResult_getKind (cl_clang()->p_clang_EvalResult_getKind)
#define clang_EvalResult_isUnsignedInt (cl_clang()->p_clang_EvalResult_isUnsignedInt)
#define clang_File_isEqual (cl_clang()->p_clang_File_isEqual)
#define clang_formatDiagnostic (cl_clang()->p_clang_formatDiagnostic)
#define clang_getArgType (cl_clang()->p_clang_getArgType)
#define clang_getArrayElementType (cl_clang()->p_clang_getArrayElementType)
#define clang_getCanonicalCursor (cl_clang()->p_clang_getCanonicalCursor)
#define clang_getCanonicalType (cl_clang()->p_clang_getCanonicalType)
#define clang_getClangVersion (cl_clang()->p_clang_getClangVersion)
#define clang_getCString (cl_clang()->p_clang_getCString)
#define clang_getCursor (cl_clang()->p_clang_getCursor)
#define clang_getCursorBinaryOperatorKind (cl_clang()->p_clang_getCursorBinaryOperatorKind)
#define clang_getCursorDefinition (cl_clang()->p_clang_getCursorDefinition)
#define clang_getCursorDisplayName (cl_clang()->p_clang_getCursorDisplayName)
#define clang_getCursorExtent (cl_clang()->p_clang_getCursorExtent)
#define clang_getCursorKind (cl_clang()->p_clang_getCursorKind)
#define clang_getCursorLexicalParent (cl_clang()->p_clang_getCursorLexicalParent)
#define clang_getCursorLocation (cl_clang()->p_clang_getCursorLocation)
#define clang_getCursorReferenced (cl_clang()->p_clang_getCursorReferenced)
#define clang_getCursorReferenceNameRange (cl_clang()->p_clang_getCursorReferenceNameRange)
#define clang_getCursorResultType (cl_clang()->p_clang_getCursorResultType)
#define clang_getCursorSemanticParent (cl_clang()->p_clang_getCursorSemanticParent)
#define clang_getCursorSpelling (cl_clang()->p_clang_getCursorSpelling)
#define clang_getCursorType (cl_clang()->p_clang_getCursorType)
#define clang_getCursorUnaryOperatorKind (cl_clang()->p_clang_getCursorUnaryOperatorKind)
#define clang_getCursorUSR (cl_clang()->p_clang_getCursorUSR)
#define clang_getDiagnostic (cl_clang()->p_clang_getDiagnostic)
#define clang_getDiagnosticLocation (cl_clang()->p_clang_getDiagnosticLocation)
#define clang_getDiagnosticSeverity (cl_clang()->p_clang_getDiagnosticSeverity)
#define clang_getDiagnosticSpelling (cl_clang()->p_clang_getDiagnosticSpelling)
#define clang_getEnumConstantDeclValue (cl_clang()->p_clang_getEnumConstantDeclValue)
#define clang_getExpansionLocation (cl_clang()->p_clang_getExpansionLocation)
#define clang_getFile (cl_clang()->p_clang_getFile)
#define clang_getFileContents (cl_clang()->p_clang_getFileContents)
#define clang_getFileLocation (cl_clang()->p_clang_getFileLocation)
#define clang_getFileName (cl_clang()->p_clang_getFileName)
#define clang_isFileMultipleIncludeGuarded (cl_clang()->p_clang_isFileMultipleIncludeGuarded)
#define clang_getInclusions (cl_clang()->p_clang_getInclusions)
#define clang_getLocation (cl_clang()->p_clang_getLocation)
#define clang_getLocationForOffset (cl_clang()->p_clang_getLocationForOffset)
#define clang_getNonReferenceType (cl_clang()->p_clang_getNonReferenceType)
#define clang_getNullCursor (cl_clang()->p_clang_getNullCursor)
#define clang_getNumArgTypes (cl_clang()->p_clang_getNumArgTypes)
#define clang_getNumDiagnostics (cl_clang()->p_clang_getNumDiagnostics)
#define clang_getNumOverloadedDecls (cl_clang()->p_clang_getNumOverloadedDecls)
#define clang_getOverloadedDecl (cl_clang()->p_clang_getOverloadedDecl)
#define clang_getPointeeType (cl_clang()->p_clang_getPointeeType)
#define clang_getRange (cl_clang()->p_clang_getRange)
#define clang_getRangeEnd (cl_clang()->p_clang_getRangeEnd)
#define clang_getRangeStart (cl_clang()->p_clang_getRangeStart)
#define clang_getResultType (cl_clang()->p_clang_getResultType)
#define clang_getSkippedRanges (cl_clang()->p_clang_getSkippedRanges)
#define clang_getSpecializedCursorTemplate (cl_clang()->p_clang_getSpecializedCursorTemplate)
#define clang_getSpellingLocation (cl_clang()->p_clang_getSpellingLocation)
#define clang_getTokenKind (cl_clang()->p_clang_getTokenKind)
#define clang_getTokenLocation (cl_clang()->p_clang_getTokenLocation)
#define clang_getTokenSpelling (cl_clang()->p_clang_getTokenSpelling)
#define clang_getTranslationUnitCursor (cl_clang()->p_clang_getTranslationUnitCursor)
#define clang_getTranslationUnitSpelling (cl_clang()->p_clang_getTranslationUnitSpelling)
#define clang_getTypeDeclaration (cl_clang()->p_clang_getTypeDeclaration)
#define clang_getTypedefDeclUnderlyingType (cl_clang()->p_clang_getTypedefDeclUnderlyingType)
#define clang_getTypeKindSpelling (cl_clang()->p_clang_getTypeKindSpelling)
#define clang_getTypeSpelling (cl_clang()->p_clang_getTypeSpelling)
#define clang_hashCursor (cl_clang()->p_clang_hashCursor)
#define clang_isConstQualifiedType (cl_clang()->p_clang_isConstQualifiedType)
#define clang_isCursorDefinition (cl_clang()->p_clang_isCursorDefinition)
#define clang_isDeclaration (cl_clang()->p_clang_isDeclaration)
#define clang_isExpression (cl_clang()->p_clang_isExpression)
#define clang_isInvalidDeclaration (cl_clang()->p_clang_isInvalidDeclaration)
#define clang_isVolatileQualifiedType (cl_clang()->p_clang_isVolatileQualifiedType)
#define clang_Location_isFromMainFile (cl_clang()->p_clang_Location_isFromMainFile)
#define clang_Location_isInSystemHeader (cl_clang()->p_clang_Location_isInSystemHeader)
#define clang_parseTranslationUnit (cl_clang()->p_clang_parseTranslationUnit)
#define clang_parseTranslationUnit2 (cl_clang()->p_clang_parseTranslationUnit2)
#define clang_reparseTranslationUnit (cl_clang()->p_clang_reparseTranslationUnit)
#define clang_saveTranslationUnit (cl_clang()->p_clang_saveTranslationUnit)
#define clang_tokenize (cl_clang()->p_clang_tokenize)
#define clang_Type_getNumTemplateArguments (cl_clang()->p_clang_Type_getNumTemplateArguments)
#define clang_Type_getSizeOf (cl_clang()->p_clang_Type_getSizeOf)
#define clang_Type_getTemplateArgumentAsType (cl_clang()->p_clang_Type_getTemplateArgumentAsType)
#define clang_visitChildren (cl_clang()->p_clang_visitChildren)

#endif

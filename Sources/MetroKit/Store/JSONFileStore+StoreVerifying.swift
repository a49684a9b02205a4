#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file store checks its `state.json` and journals (`JSONFileStore+Verify.swift`).
extension JSONFileStore: StoreVerifying {
  /// One `stat(2)` that follows a symlinked store directory. It goes around
  /// the file-system seam on purpose: it is advisory, a failure to look says
  /// nothing, and it must not take one of the calls a fault plan counts.
  package func directoryWritableByOthers() -> String? { writableByOthers(directory) }
}

/// `directory`, when it is a directory that anyone may write to; else `nil`.
func writableByOthers(_ directory: String) -> String? {
  var info = stat()
  guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & 0o002 != 0 else { return nil }
  return directory
}

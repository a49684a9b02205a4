/// The file store checks its `state.json` and journals (`JSONFileStore+Verify.swift`).
extension JSONFileStore: StoreVerifying {
  package func directoryWritableByOthers() -> String? {
    guard let status = try? AtomicFile(fileSystem: fileSystem, directory: directory).directoryStatus(),
      status.permissions & 0o002 != 0
    else { return nil }
    return directory
  }
}

/// A store that can check its own files and report each broken invariant,
/// without taking the lock and without changing anything.
///
/// `verify` asks for this instead of a particular store type, so a store that
/// keeps nothing on disk simply does not conform.
package protocol StoreVerifying {
  /// Reads every file of the store and reports what is wrong with it.
  ///
  /// - Returns: The problems (broken invariants) and notes (what an
  ///   interrupted write leaves and the next write tidies).
  /// - Throws: ``MetroError`` when the store cannot be read at all.
  func verify() throws(MetroError) -> VerificationReport

  /// The store directory when users other than its owner may write to it
  /// (and so change or remove the store); `nil` when not, or when it does not
  /// exist yet. One `fstat`: cheap enough to ask on every command.
  func directoryWritableByOthers() -> String?

  /// What the reads of this store found wrong and still showed since the
  /// last call, each once: a log that lost records (this device's own, or
  /// one another device's log held before). Every command says them.
  func takeWarnings() -> [VerificationReport.Finding]
}

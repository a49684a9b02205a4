/// Whether writers serialise on their lock.
package enum WriterLocking: Sendable {
  /// Every write holds an exclusive `flock(2)`: the only mode for real use.
  case exclusive
  /// No lock at all, so that a test can show that its concurrency check
  /// detects lost updates. Never use it on a real store.
  case disabledForTesting
}

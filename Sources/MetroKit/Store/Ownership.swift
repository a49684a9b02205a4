/// Who owns the files a write creates or replaces: a write run by another user
/// (root, typically) must not leave the store's files owned by itself.
enum Ownership {
  /// Gives the open file `reference`'s owner and group when they differ.
  ///
  /// - Throws: The failed `fchown` when the process may not do that; the
  ///   caller then writes nothing rather than lock the owner out.
  static func match(
    _ descriptor: Int32, path: String, status: FileStatus, to reference: FileStatus?, fileSystem: any FileSystem
  ) throws(SystemCallError) {
    guard let reference, status.owner != reference.owner || status.group != reference.group else { return }
    try fileSystem.chown(descriptor, path: path, owner: reference.owner, group: reference.group)
  }
}

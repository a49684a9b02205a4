#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension MetroError {
  /// The store's error for a failed system call: a symbolic link or a
  /// non-regular file where a store file belongs is damage; anything else
  /// is an I/O error naming the path, the operation and `errno`.
  static func store(_ error: SystemCallError) -> MetroError {
    switch error.errno {
    case ELOOP:
      .storeDamaged(path: error.path, line: nil, problem: .symbolicLink)
    case EISDIR, ENXIO:
      // ENXIO: a FIFO with no reader, opened for writing without blocking.
      .storeDamaged(path: error.path, line: nil, problem: .notRegularFile)
    default:
      .storeIO(path: error.path, operation: StoreOperation(systemCall: error.operation), errno: error.errno)
    }
  }

  /// The store's error for any error a file operation threw.
  static func store(_ error: any Error) -> MetroError {
    if let error = error as? SystemCallError { return store(error) }
    if let error = error as? MetroError { return error }
    return .storeIO(path: "", operation: .unknown, errno: EIO)
  }
}

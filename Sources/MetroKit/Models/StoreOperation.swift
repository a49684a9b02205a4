/// The system call on a store file that failed.
public enum StoreOperation: String, Sendable, Equatable {
  /// `open(2)`.
  case open
  /// `read(2)`.
  case read
  /// `write(2)`.
  case write
  /// `fsync(2)`.
  case fsync
  /// `close(2)`.
  case close
  /// `rename(2)`.
  case rename
  /// `flock(2)`: taking the lock.
  case lock = "flock"
  /// `ftruncate(2)`.
  case truncate
  /// `fchmod(2)`.
  case chmod
  /// `fchown(2)`.
  case chown
  /// `stat(2)`.
  case stat
  /// `mkdir(2)`.
  case makeDirectory = "mkdir"
  /// `opendir(3)`.
  case openDirectory = "opendir"
  /// `unlink(2)`.
  case unlink
  /// `rmdir(2)`.
  case removeDirectory = "rmdir"
  /// `syncfs(2)`.
  case syncFileSystem = "syncfs"
  /// A failure that was not a system call's.
  case unknown

  /// The operation a `SystemCallError` names.
  public init(systemCall: String) {
    self = StoreOperation(rawValue: systemCall) ?? .unknown
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The CSV inside a zip archive (as the OMNY site hands out a trip history),
/// read with the system's `unzip`, so that MetroKit never unpacks anything:
/// `unzip -Z1 ARCHIVE` lists the names, `unzip -p ARCHIVE NAME` writes the
/// first `.csv` to a pipe.
package enum UnzipRunner {
  /// Why the CSV in an archive could not be read.
  package enum Failure: Error, Sendable, Equatable {
    /// No executable `unzip` in any directory of `searchPath` (the `PATH` given).
    case unzipMissing(searchPath: String)
    /// `posix_spawn` could not start `unzip` (`errno`).
    case spawnFailed(errno: Int32)
    /// `unzip` ended with `status` (128 plus the signal when a signal ended
    /// it); `message` is the first line it wrote on standard error, or on
    /// standard output when it wrote none there.
    case unzipFailed(status: Int32, message: String)
    /// The archive holds no file whose name ends in `.csv`.
    case noCSV
    /// The CSV is larger than `maximumBytes`; `unzip` was stopped.
    case tooLarge(maximumBytes: Int)
    /// A system call on the pipes from `unzip` failed (`errno`).
    case pipeFailed(errno: Int32)
  }

  /// Whether a path names a zip archive: it ends in `.zip`, in any case.
  package static func isZip(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".zip")
  }

  /// Reads the first `.csv` file (in the archive's order; not a directory,
  /// not under `__MACOSX/`) of a zip archive.
  ///
  /// - Parameters:
  ///   - path: The archive.
  ///   - environment: The environment `unzip` runs with; its `PATH` (or
  ///     `/usr/bin:/bin` when unset) is where `unzip` is looked for.
  ///   - maximumBytes: The largest CSV read; a larger one stops `unzip`.
  /// - Returns: The CSV's bytes.
  /// - Throws: ``Failure``.
  package static func firstCSV(
    inArchive path: String, environment: [String: String], maximumBytes: Int
  ) throws(Failure) -> [UInt8] {
    let searchPath = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
    guard let unzip = executable("unzip", searchPath: searchPath) else { throw .unzipMissing(searchPath: searchPath) }
    // unzip would take a name starting with `-` for an option.
    let archive = Array((path.hasPrefix("-") ? "./" + path : path).utf8)
    let listing = try run(unzip, [Array("-Z1".utf8), archive], environment: environment, maximumBytes: 64 << 20)
    let names = listing.split(separator: UInt8(ascii: "\n")).map { line in
      line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
    }
    guard
      let name = names.first(where: { name in
        let text = String(decoding: name, as: UTF8.self).lowercased()
        return text.hasSuffix(".csv") && !text.hasPrefix("__macosx/")
      })
    else { throw .noCSV }
    return try run(
      unzip, [Array("-p".utf8), archive, literalPattern(name)], environment: environment, maximumBytes: maximumBytes)
  }

  /// A name as a pattern of unzip's that matches only itself: `[`, `*` and
  /// `?` each inside brackets.
  static func literalPattern(_ name: [UInt8]) -> [UInt8] {
    var pattern: [UInt8] = []
    for byte in name {
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") {
        pattern += [UInt8(ascii: "["), byte, UInt8(ascii: "]")]
      } else {
        pattern.append(byte)
      }
    }
    return pattern
  }

  /// The first executable file named `name` in the directories of `searchPath`.
  static func executable(_ name: String, searchPath: String) -> String? {
    for directory in searchPath.split(separator: ":") where !directory.isEmpty {
      let candidate = directory + "/" + name
      var status = stat()
      guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else {
        continue
      }
      return candidate
    }
    return nil
  }

  // MARK: - Running unzip

  /// Runs `program` with `arguments`, standard input from `/dev/null`, and
  /// returns what it wrote on standard output once it has ended.
  ///
  /// - Throws: ``Failure/unzipFailed(status:message:)`` when it ends with a
  ///   status other than 0; ``Failure/tooLarge(maximumBytes:)`` (after
  ///   killing and reaping it) when it writes more than `maximumBytes`.
  static func run(
    _ program: String, _ arguments: [[UInt8]], environment: [String: String], maximumBytes: Int
  ) throws(Failure) -> [UInt8] {
    guard let output = closeOnExecPipe() else { throw .pipeFailed(errno: errno) }
    guard let errors = closeOnExecPipe() else {
      let saved = errno
      close(output[0])
      close(output[1])
      throw .pipeFailed(errno: saved)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

    let argv = ([Array(program.utf8)] + arguments).map(cString) + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { cString(Array("\($0.key)=\($0.value)".utf8)) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, program, &actions, nil, argv, envp)
    close(output[1])
    close(errors[1])
    defer {
      close(output[0])
      close(errors[0])
    }
    guard spawned == 0 else { throw .spawnFailed(errno: spawned) }

    let drained = drain(output: output[0], errors: errors[0], maximumBytes: maximumBytes)
    if case .failure = drained { kill(child, SIGKILL) }
    let status = reap(child)
    switch drained {
    case .failure(let failure): throw failure
    case .success(let (bytes, messages)):
      guard status == 0 else {
        let text = messages.isEmpty ? bytes : messages
        let line = text.split(separator: UInt8(ascii: "\n")).first.map {
          String(decoding: $0.prefix(300), as: UTF8.self)
        }
        throw .unzipFailed(status: status, message: line ?? "")
      }
      return bytes
    }
  }

  /// A pipe whose two descriptors are 3 or above (so that the child's
  /// standard streams never land on them, even when this process started
  /// with one closed) and closed in the child on exec.
  static func closeOnExecPipe() -> [Int32]? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    var moved: [Int32] = []
    for end in ends {
      let copy = fcntl(end, F_DUPFD_CLOEXEC, 3)
      let saved = errno
      close(end)
      guard copy >= 0 else {
        for descriptor in moved + ends.dropFirst(moved.count + 1) { close(descriptor) }
        errno = saved
        return nil
      }
      moved.append(copy)
    }
    return moved
  }

  /// Reads both pipes to their ends, whichever has data, so that a child
  /// writing much to one never blocks on the other.
  static func drain(
    output: Int32, errors: Int32, maximumBytes: Int
  ) -> Result<(output: [UInt8], errors: [UInt8]), Failure> {
    var collected: [[UInt8]] = [[], []]
    var open = [true, true]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open[0] || open[1] {
      var fds = [
        pollfd(fd: open[0] ? output : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: open[1] ? errors : -1, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&fds, 2, -1) >= 0 else {
        if errno == EINTR { continue }
        return .failure(.pipeFailed(errno: errno))
      }
      for index in 0..<2 where open[index] && fds[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return .failure(.pipeFailed(errno: errno))
        }
        if count == 0 {
          open[index] = false
          continue
        }
        collected[index] += buffer[0..<count]
        if index == 0, collected[0].count > maximumBytes { return .failure(.tooLarge(maximumBytes: maximumBytes)) }
        // Keep only the start of what goes to standard error: the first line is all that is reported.
        if index == 1, collected[1].count > 65_536 { collected[1].removeLast(collected[1].count - 65_536) }
      }
    }
    return .success((collected[0], collected[1]))
  }

  /// Waits for the child to end: its exit status, or 128 plus the signal that ended it.
  static func reap(_ child: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 {
      guard errno == EINTR else { return -1 }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// A C string holding `bytes`, for `posix_spawn`; freed by the caller.
  static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let pointer = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// What `main.swift` needs from the process, gathered in one place.
package enum ProcessSetup {
  /// Runs the command line of this process and returns its exit status: what
  /// `main.swift` does. Descriptors 0–2 are reserved first; `SIGPIPE` is
  /// ignored, so a write to a pipe whose reader has gone fails with `EPIPE`
  /// and is reported (exit 74, the change saved) instead of killing the
  /// process silently after a commit. `SIGXFSZ` is ignored for the same
  /// reason: a write past the file-size limit (`ulimit -f`) then fails with
  /// `EFBIG`, which a log append reports as nothing saved and a save of the
  /// cache (after the commit point) ignores.
  ///
  /// - Parameter opener: Opens the store: ``FileStoreOpener`` in the shipped binary.
  package static func runCommandLine(opening opener: some StoreOpening) -> Int32 {
    reserveStandardDescriptors()
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    var output = StandardStream.output
    var errors = StandardStream.error
    let environment = Environment(
      source: .process, outputIsTerminal: outputIsTerminal, errorIsTerminal: errorIsTerminal,
      terminalColumns: terminalColumns, readStandardInput: readStandardInput, writeProgress: writeProgress)
    let status = MetroBuddy.run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: &output,
      errors: &errors, openingWith: opener)
    return MetroBuddy.finish(status: status, output: output, environment: environment, errors: &errors)
  }

  /// Makes sure descriptors 0, 1 and 2 are open (on `/dev/null` if they were
  /// closed), so that no store file can become one of them and receive
  /// diagnostics meant for stderr.
  package static func reserveStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Writes progress to standard error.
  package static func writeProgress(_ text: String) {
    var stream = StandardStream.error
    stream.write(text)
  }

  /// Whether standard output is a terminal.
  package static var outputIsTerminal: Bool { isatty(1) == 1 }

  /// The width of the terminal on standard output (`ioctl` `TIOCGWINSZ`), or
  /// `nil` when it is not a terminal or reports no width.
  package static var terminalColumns: Int? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Whether standard error is a terminal.
  package static var errorIsTerminal: Bool { isatty(2) == 1 }

  /// Hands `stretch` standard input 64 KiB at most at a time, until it ends
  /// or `stretch` returns `false`.
  package static func readStandardInput(_ stretch: (ArraySlice<UInt8>) -> Bool) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0, stretch(buffer[0..<count]) else { return }
    }
  }

  /// The process's environment variables.
  package static func environmentVariables() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

/// Standard output or standard error, written with `write(2)`; remembers
/// the first failure, so that `main` can exit 74 instead of claiming success
/// when, say, `export > file` ran out of disk.
package struct StandardStream: TextOutputStream {
  let descriptor: Int32
  /// The error number of the first failed write, if any.
  package private(set) var failure: Int32?

  /// Standard output.
  package static var output: StandardStream { StandardStream(descriptor: 1) }
  /// Standard error.
  package static var error: StandardStream { StandardStream(descriptor: 2) }

  package mutating func write(_ string: String) {
    var bytes = Array(string.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        if failure == nil { failure = written < 0 ? errno : EIO }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Why the first failed write failed.
  package var failureReason: String? { failure.map { String(cString: strerror($0)) } }
}

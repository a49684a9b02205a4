import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A failure to set up an end-to-end test: no binary, no temporary directory.
struct EndToEndSetupError: Error, CustomStringConvertible {
  var description: String
}

/// What a finished process left behind.
struct ProcessResult: Sendable, CustomStringConvertible {
  /// The exit status, or 128 + the signal number when a signal ended it.
  var status: Int32
  /// Whether a signal ended the process.
  var wasSignalled: Bool
  /// Everything written to standard output.
  var stdout: String
  /// Everything written to standard error.
  var stderr: String

  var description: String {
    "exit \(status)\(wasSignalled ? " (signal)" : "")\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
  }
}

/// A process that was started and has not been waited for yet.
///
/// Standard output and error go to files in a private temporary directory,
/// not pipes: a pipe's write end inherited by a sibling process started at
/// the same moment (tests run in parallel) would delay end-of-file, and files
/// need no reader threads.
final class RunningProcess {
  let process: Process
  let ioDirectory: String
  let watchdog: DispatchWorkItem

  init(process: Process, ioDirectory: String, watchdog: DispatchWorkItem) {
    self.process = process
    self.ioDirectory = ioDirectory
    self.watchdog = watchdog
  }

  /// Waits for the process to exit and collects its output.
  func wait() -> ProcessResult {
    process.waitUntilExit()
    watchdog.cancel()
    defer { try? FileManager.default.removeItem(atPath: ioDirectory) }
    let read = { (name: String) -> String in
      let data = FileManager.default.contents(atPath: self.ioDirectory + "/" + name) ?? Data()
      return String(decoding: data, as: UTF8.self)
    }
    let signalled = process.terminationReason == .uncaughtSignal
    return ProcessResult(
      status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
      wasSignalled: signalled, stdout: read("stdout"), stderr: read("stderr"))
  }
}

/// Finds and runs the built `metrobuddy` executable.
enum MetroBuddyProcess {
  /// The longest any one process may run before it is killed (a hung child
  /// must fail the test, not hang the suite).
  static let timeLimit: Double = 30

  /// The variables only `metrobuddy-testing` reads; the shipped binary has no such code.
  static let testHookVariables: Set = [
    "METROBUDDY_SCENARIO", "METROBUDDY_TEST_FAULTS", "METROBUDDY_TEST_NO_LOCK", "METROBUDDY_TEST_CLOCK_OFFSET",
    "METROBUDDY_TEST_LOG_READS",
  ]

  /// The binary for a run with `environment`: `metrobuddy-testing` when it
  /// sets a test hook, else the built `metrobuddy`.
  static func binaryPath(for environment: [String: String]) throws -> String {
    environment.keys.contains(where: testHookVariables.contains)
      ? try binaryPath(named: "metrobuddy-testing") : try binaryPath()
  }

  /// The built `metrobuddy`: `METROBUDDY_BINARY` when set, else the file
  /// `metrobuddy` beside the running test bundle.
  static func binaryPath() throws -> String {
    if let override = ProcessInfo.processInfo.environment["METROBUDDY_BINARY"], !override.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: override) else {
        throw EndToEndSetupError(description: "METROBUDDY_BINARY=\(override) is not an executable file")
      }
      return override
    }
    return try binaryPath(named: "metrobuddy")
  }

  /// The built executable `name`, beside the running test bundle.
  static func binaryPath(named name: String) throws -> String {
    var directories: [URL] = []
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent(name).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    throw EndToEndSetupError(
      description: "cannot find the \(name) binary in \(directories.map(\.path)); build with "
        + "'swift build --build-tests' or set METROBUDDY_BINARY")
  }

  /// Starts a process without waiting for it.
  ///
  /// - Parameters:
  ///   - executable: The program; by default the built `metrobuddy`.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment (nothing is inherited).
  ///   - stdin: Bytes for standard input; `/dev/null` when `nil`.
  ///   - workingDirectory: Its working directory.
  ///   - timeLimit: Seconds before it is killed (a shell running many commands needs more).
  static func start(
    executable: String? = nil, _ arguments: [String], environment: [String: String], stdin: Data? = nil,
    workingDirectory: String, timeLimit: Double = MetroBuddyProcess.timeLimit
  ) throws -> RunningProcess {
    let ioDirectory = try makeTemporaryDirectory(prefix: "metrobuddy-e2e-io")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try executable ?? binaryPath(for: environment))
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)

    let inputPath = ioDirectory + "/stdin"
    let outputPath = ioDirectory + "/stdout"
    let errorPath = ioDirectory + "/stderr"
    guard FileManager.default.createFile(atPath: inputPath, contents: stdin ?? Data()),
      FileManager.default.createFile(atPath: outputPath, contents: nil),
      FileManager.default.createFile(atPath: errorPath, contents: nil),
      let input = FileHandle(forReadingAtPath: stdin == nil ? "/dev/null" : inputPath),
      let output = FileHandle(forWritingAtPath: outputPath),
      let error = FileHandle(forWritingAtPath: errorPath)
    else {
      try? FileManager.default.removeItem(atPath: ioDirectory)
      throw EndToEndSetupError(description: "cannot create the standard stream files in \(ioDirectory)")
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    defer {
      try? input.close()
      try? output.close()
      try? error.close()
    }
    do {
      try process.run()
    } catch {
      try? FileManager.default.removeItem(atPath: ioDirectory)
      throw error
    }
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
    return RunningProcess(process: process, ioDirectory: ioDirectory, watchdog: watchdog)
  }

  /// Runs a process to the end.
  static func run(
    executable: String? = nil, _ arguments: [String], environment: [String: String], stdin: Data? = nil,
    workingDirectory: String, timeLimit: Double = MetroBuddyProcess.timeLimit
  ) throws -> ProcessResult {
    try start(
      executable: executable, arguments, environment: environment, stdin: stdin, workingDirectory: workingDirectory,
      timeLimit: timeLimit
    ).wait()
  }
}

/// Makes a new directory under `/tmp` with `mkdtemp`.
func makeTemporaryDirectory(prefix: String) throws -> String {
  var template = Array("/tmp/\(prefix).XXXXXX".utf8CString)
  return try template.withUnsafeMutableBufferPointer { buffer -> String in
    guard let made = mkdtemp(buffer.baseAddress!) else {
      throw EndToEndSetupError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }
}

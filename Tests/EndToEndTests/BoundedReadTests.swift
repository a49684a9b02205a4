import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Issue 20, item 14: files that grew to gigabytes (a line of another
/// device's log still arriving, the cache, the device-id file) are read
/// in bounded memory, and no file's text reaches the terminal raw.
///
/// The big files are sparse (`ftruncate`): they take no disk. Each command
/// runs with its data segment limited (`prlimit --data`, util-linux) to a
/// generous bound: a read that held the file would fail to allocate. (The
/// peak resident set `wait4` reports is no measure here: a child started
/// with `posix_spawn`, a `vfork`, inherits the test process's own high-water
/// mark at `exec`.) No test here measures time.
@Suite("Bounded reads, across processes")
struct BoundedReadTests {
  /// Far above what any command needs, far below the gigabytes a file holds.
  static let memoryBound = 64 << 20

  /// What a measured run gave.
  struct Measured: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)" }
  }

  /// Runs `metrobuddy --store <store> arguments` with its data segment
  /// limited to ``memoryBound``.
  static func measure(_ sandbox: Sandbox, _ arguments: [String], environment extra: [String: String] = [:]) throws
    -> Measured
  {
    let binary = try MetroBuddyProcess.binaryPath()
    guard let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].first(where: FileManager.default.isExecutableFile)
    else { throw EndToEndSetupError(description: "prlimit (util-linux) is missing") }
    let out = sandbox.root + "/measured.out"
    let err = sandbox.root + "/measured.err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv =
      ([prlimit, "--data=\(memoryBound)", "--", binary, "--store", sandbox.store] + arguments).map { strdup($0) }
      + [nil]
    let envp = sandbox.environment.merging(extra) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, prlimit, &actions, nil, argv, envp)
    guard spawned == 0 else { throw EndToEndSetupError(description: "posix_spawn: \(spawned)") }
    var raw: Int32 = 0
    while waitpid(child, &raw, 0) < 0 {
      guard errno == EINTR else { throw EndToEndSetupError(description: "waitpid: \(errno)") }
    }
    let signal = raw & 0x7f
    return Measured(
      status: signal == 0 ? (raw >> 8) & 0xff : 128 + signal,
      stdout: String(decoding: fileBytes(out) ?? Data(), as: UTF8.self),
      stderr: String(decoding: fileBytes(err) ?? Data(), as: UTF8.self))
  }

  /// Makes `path` `size` bytes long without writing them (a sparse file).
  static func grow(_ path: String, to size: Int64) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw EndToEndSetupError(description: "open \(path): \(errno)") }
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0 else {
      throw EndToEndSetupError(description: "ftruncate \(path): \(errno)")
    }
  }

  /// Appends `text` to the file at `path`.
  static func append(_ text: String, to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// Whether `text` holds a control character other than a newline.
  static func holdsControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }
  }

  static let gibibyte: Int64 = 1 << 30

  /// The CRC-32 (IEEE) that seals a line of a log.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// A store where `laptop` and `phone` each reloaded once.
  static func twoDevices(_ sandbox: Sandbox) throws {
    for device in ["laptop", "phone"] {
      let reload = try sandbox.metrobuddy("reload", "5", environment: ["METROBUDDY_DEVICE": device])
      try #require(reload.status == 0, "\(reload)")
    }
  }

  @Test(
    "a gigabyte last line of another device's log, still arriving, is read in bounded memory",
    arguments: ["", #"{"seq":2,"at":"2026-11-21T10:00:00Z","changes":[{"type":"update","note":""#])
  func partlyArrivedLine(_ start: String) throws {
    let sandbox = try Sandbox()
    try Self.twoDevices(sandbox)
    let log = sandbox.store + "/devices/phone/log.jsonl"
    try Self.append(start, to: log)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
    try Self.grow(log, to: Int64(size) + Self.gibibyte)
    for arguments in [["--json", "show"], ["history"], ["devices"], ["verify"]] {
      let run = try Self.measure(sandbox, arguments, environment: ["METROBUDDY_DEVICE": "laptop"])
      #expect(run.status == 0, "\(arguments): \(run)")
      if arguments == ["--json", "show"] { #expect(run.stdout.contains("10.00"), "\(run)") }
    }
  }

  @Test("a gigabyte line of another device's log that did arrive is damage, found in bounded memory")
  func arrivedGiantLine() throws {
    let sandbox = try Sandbox()
    try Self.twoDevices(sandbox)
    let log = sandbox.store + "/devices/phone/log.jsonl"
    let size = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
    try Self.grow(log, to: Int64(size) + Self.gibibyte)
    try Self.append("\n", to: log)
    let run = try Self.measure(sandbox, ["show"], environment: ["METROBUDDY_DEVICE": "laptop"])
    #expect(run.status == 65, "\(run)")
    #expect(run.stderr.contains("line 3"), "\(run)")
  }

  /// A header is a hundred bytes or so; a first line of a gigabyte is no
  /// log's (`show` aborted allocating it, issue 35). `verify` and `show`
  /// refuse it naming the file, in bounded memory, for a log of another
  /// device that arrived whole and for one still arriving.
  @Test("a log whose first line is a gigabyte is refused (65) in bounded memory", arguments: ["\n", ""])
  func giantFirstLine(_ end: String) throws {
    let sandbox = try Sandbox()
    try Self.twoDevices(sandbox)
    let log = sandbox.store + "/devices/phone/log.jsonl"
    try Data(#"{"format":"metrobuddy-log","version":1,"device":"phone","note":""#.utf8).write(
      to: URL(fileURLWithPath: log))
    try Self.grow(log, to: Self.gibibyte)
    try Self.append(end, to: log)
    for arguments in [["show"], ["verify"]] {
      let run = try Self.measure(sandbox, arguments, environment: ["METROBUDDY_DEVICE": "laptop"])
      #expect(run.status == 65, "\(arguments): \(run)")
      let said = run.stdout + run.stderr
      #expect(said.contains("devices/phone/log.jsonl") && said.contains("not a metrobuddy device log"), "\(run)")
    }
  }

  /// A record line laid out as the writer lays one, 64 MiB of changes
  /// that each decode, under a seal that does not match: a reader checks a
  /// long line's seal a window at a time before it holds it (decision 85),
  /// so it is refused in bounded memory, by a device with no cache and by
  /// `history`, naming the line.
  @Test("a 64 MiB record line whose seal does not match is refused (65) in bounded memory")
  func giantUnsealedRecord() throws {
    let sandbox = try Sandbox()
    try Self.twoDevices(sandbox)
    let log = sandbox.store + "/devices/phone/log.jsonl"
    let change = Data(
      (#"{"type":"update","card":"default","id":"0D0686CA-3DEF-45D4-A6F5-CA3749786D38","kind":"swipe","#
        + #""amount":-300,"timestamp":"2026-11-21T09:00:00Z","imported":true},"#).utf8)
    var stretch = Data()
    while stretch.count < 1 << 20 { stretch.append(change) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"seq":2,"at":"2026-11-21T10:00:00Z","clock":3,"changes":["#.utf8))
    for _ in 0..<64 { try handle.write(contentsOf: stretch) }
    try handle.write(contentsOf: change.dropLast() + Data(#"],"crc":"00000000"}"#.utf8) + Data([0x0A]))
    try handle.close()
    // A device with no cache folds from nothing; `history` reads every log whole.
    for arguments in [["show"], ["history"]] {
      let run = try Self.measure(sandbox, arguments, environment: ["METROBUDDY_DEVICE": "tablet"])
      #expect(run.status == 65, "\(arguments): \(run)")
      #expect(run.stderr.contains("devices/phone/log.jsonl") && run.stderr.contains("line 3"), "\(arguments): \(run)")
    }
  }

  @Test("a cache grown to 4 GiB is not read: the logs are folded again, in bounded memory")
  func giantCache() throws {
    let sandbox = try Sandbox()
    try Self.twoDevices(sandbox)
    let caches = try everything(under: sandbox.cacheFolder).filter { $0.hasSuffix(".json") }
    try #require(!caches.isEmpty)
    for cache in caches { try Self.grow(cache, to: 4 * Self.gibibyte) }
    for device in ["laptop", "phone"] {
      let run = try Self.measure(sandbox, ["--json", "show"], environment: ["METROBUDDY_DEVICE": device])
      #expect(run.status == 0, "\(run)")
      #expect(run.stdout.contains("10.00"), "\(run)")
    }
  }

  @Test("a device-id file grown to 3 GiB is refused (65) in bounded memory, its text shown escaped")
  func giantDeviceID() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "5").status == 0)
    let id = try sandbox.deviceID()
    try overwrite(sandbox.deviceIDFile, with: Data((id + "\u{1B}[2J\n").utf8))
    try Self.grow(sandbox.deviceIDFile, to: 3 * Self.gibibyte)
    let before = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    for arguments in [["show"], ["swipe"]] {
      let run = try Self.measure(sandbox, arguments)
      #expect(run.status == 65, "\(arguments): \(run)")
      #expect(!Self.holdsControl(run.stderr), "\(arguments): \(run)")
      #expect(run.stderr.contains(id + "\\u{1B}[2J"), "\(arguments): \(run)")
      #expect(run.stderr.components(separatedBy: "\n").count == 3, "\(arguments): \(run)")
    }
    let after = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    #expect(after.map(\.0) == before.map(\.0))
    #expect(after.map(\.1) == before.map(\.1))
  }

  @Test("a device's name and a damaged log's text reach the terminal escaped")
  func namesAndFieldsEscaped() throws {
    let sandbox = try Sandbox()
    let evil = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}"
    let named = try sandbox.metrobuddy(
      "reload", "5", environment: ["METROBUDDY_DEVICE": "phone", "METROBUDDY_DEVICE_NAME": evil])
    try #require(named.status == 0, "\(named)")
    let devices = try sandbox.metrobuddy("devices", environment: ["METROBUDDY_DEVICE": "laptop"])
    #expect(devices.status == 0, "\(devices)")
    #expect(!Self.holdsControl(devices.stdout), "\(devices)")
    #expect(!devices.stdout.unicodeScalars.contains("\u{202E}"), "\(devices)")
    #expect(devices.stdout.contains(#"evil\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}"#), "\(devices)")
    let json = try sandbox.metrobuddy("--json", "devices", environment: ["METROBUDDY_DEVICE": "laptop"])
    #expect(!Self.holdsControl(json.stdout), "\(json)")

    // A sealed line of another device whose field holds control characters.
    let object = #"{"seq":2,"at":"2030-01-01T00:00:00Z","changes":[{"type":"up\u001b[2Jdate","card":"x"}]}"#
    let crc = String(Self.crc32(Array(object.utf8)), radix: 16)
    let sealed = object.dropLast() + #","crc":""# + String(repeating: "0", count: 8 - crc.count) + crc + "\"}\n"
    try Self.append(String(sealed), to: sandbox.store + "/devices/phone/log.jsonl")
    for arguments in [["show"], ["verify"]] {
      let run = try sandbox.metrobuddy(arguments, environment: ["METROBUDDY_DEVICE": "laptop"])
      #expect(run.status == 65, "\(arguments): \(run)")
      #expect(!Self.holdsControl(run.stdout + run.stderr), "\(arguments): \(run)")
    }
  }
}

import Foundation
import Testing

/// The exit statuses of the contract, seen from outside the process.
@Suite("Exit codes across the process boundary")
struct ExitCodeTests {
  @Test("show, --help and --version exit 0")
  func successExitsZero() throws {
    let sandbox = try Sandbox()

    let show = try sandbox.metrobuddy("show")
    #expect(show.status == 0, "\(show)")
    #expect(show.stdout.contains("$0.00"), "\(show)")
    #expect(show.stderr.isEmpty, "\(show)")

    let help = try sandbox.metrobuddy("--help")
    #expect(help.status == 0, "\(help)")
    #expect(help.stdout.lowercased().contains("usage:"), "\(help)")
    #expect(help.stderr.isEmpty, "\(help)")

    let commandHelp = try sandbox.metrobuddy("swipe", "--help")
    #expect(commandHelp.status == 0, "\(commandHelp)")
    #expect(commandHelp.stdout.contains("swipe"), "\(commandHelp)")

    let version = try sandbox.metrobuddy("--version")
    #expect(version.status == 0, "\(version)")
    #expect(version.stdout == "2.1.0\n", "\(version)")
    #expect(version.stderr.isEmpty, "\(version)")
  }

  @Test("a swipe the balance cannot pay exits 1 with INSUFFICIENT FARE and records nothing")
  func insufficientFareExitsOne() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "2").status == 0)
    // A MetroCard is refused; an OMNY card would go below zero on this ride.
    try #require(sandbox.metrobuddy("kind", "metrocard").status == 0)

    let swipe = try sandbox.metrobuddy("swipe")
    #expect(swipe.status == 1, "\(swipe)")
    #expect(swipe.stderr.contains("INSUFFICIENT FARE"), "\(swipe)")
    #expect(swipe.stdout.isEmpty, "\(swipe)")

    let card = try parseJSONObject(sandbox.metrobuddy("show", "--json").stdout)
    #expect(card["balance"] as? String == "2.00")
    let history = try parseJSONArray(sandbox.metrobuddy("history", "--json").stdout)
    #expect(history.count == 1)
  }

  @Test("an unknown option exits 64 with the argument parser's three-line usage error")
  func unknownOptionExitsUsage() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.metrobuddy("card", "add", "work", "--fair", "2.90")
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(
      result.stderr == """
        Error: Unknown option '--fair'. Did you mean '--fare'?
        Usage: metrobuddy card add <name> [<options>]
          See 'metrobuddy card add --help' for more information.

        """)
    #expect(!exists(sandbox.store), "a usage error must not create the store")
  }

  /// Damage in the device log: one byte of a whole record changed, so its
  /// checksum no longer matches. Run with the cache as the first write
  /// left it, and with the cache gone (every log read from the start).
  ///
  /// STORE BUG (kept red on purpose): with the cache kept, show, swipe and
  /// reload exit 0 and swipe/reload append to the damaged log; only verify
  /// (and any command once the cache is gone) sees the damage.
  @Test(
    "a damaged device log exits 65 naming the file and line, and is left byte-identical",
    arguments: ["show", "swipe", "reload"], [false, true])
  func damagedLogExitsDataError(command: String, dropCache: Bool) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let log = try sandbox.deviceLog()
    let damaged = try damageLine(2, of: log, replacing: "\"amount\":1000,", with: "\"amount\":9000,")
    if dropCache { try FileManager.default.removeItem(atPath: sandbox.cacheFolder) }

    let arguments = command == "reload" ? [command, "5"] : [command]
    let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains(log + ", line 2"), "names the file and line: \(result)")
    #expect(fileBytes(log) == damaged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.store) == ["devices"])
  }

  @Test(
    "a device log from a newer format version exits 65 and is left byte-identical", arguments: ["show", "swipe"])
  func newerVersionExitsDataError(command: String) throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    // Another device, running a newer metrobuddy, synced its log in.
    let own = try #require(fileBytes(try sandbox.deviceLog()))
    let header = try #require(String(decoding: own, as: UTF8.self).split(separator: "\n").first)
    try #require(header.contains("\"version\":1,"), "the log format changed; update this test: \(header)")
    let folder = sandbox.store + "/devices/newer-device"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let newer = Data(
      (header.replacingOccurrences(of: "\"version\":1,", with: "\"version\":99,")
        .replacingOccurrences(of: try sandbox.deviceID(), with: "newer-device") + "\n").utf8)
    try #require(FileManager.default.createFile(atPath: folder + "/log.jsonl", contents: newer))

    let result = try sandbox.metrobuddy(command)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("99"), "\(result)")
    #expect(result.stderr.contains(folder + "/log.jsonl"), "names the file: \(result)")
    #expect(fileBytes(folder + "/log.jsonl") == newer)
    #expect(fileBytes(try sandbox.deviceLog()) == own)
  }

  @Test("a store that cannot be created exits 74")
  func unwritableStoreExitsIOError() throws {
    let sandbox = try Sandbox()
    let file = sandbox.root + "/not-a-directory"
    try #require(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let store = file + "/store"

    let result = try sandbox.run(["--store", store, "reload", "5"], environment: sandbox.environment)
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains(file), "names the path: \(result)")
    #expect(fileBytes(file) == Data("x".utf8))
  }

  @Test("a store whose lock another process holds exits 75 after METROBUDDY_LOCK_TIMEOUT, naming the store")
  func busyStoreExitsTempFail() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "10").status == 0)
    let logBefore = fileBytes(try sandbox.deviceLog())

    // The lock is a flock on the device's own folder.
    let lock = try HeldLock(path: try sandbox.deviceFolder())
    let result = try sandbox.metrobuddy("swipe", environment: ["METROBUDDY_LOCK_TIMEOUT": "0.2"])
    lock.release()

    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains(sandbox.store), "names the store: \(result)")
    #expect(fileBytes(try sandbox.deviceLog()) == logBefore)

    // Once released, the same command goes through.
    let retry = try sandbox.metrobuddy("swipe", environment: ["METROBUDDY_LOCK_TIMEOUT": "0.2"])
    #expect(retry.status == 0, "\(retry)")
  }
}

import Foundation
import Testing

/// Arguments that only a real process can receive: bytes that are not UTF-8,
/// a megabyte in one argument, and a German locale. Each is refused with
/// exit 64 and nothing written, or (for `2.75` under de_DE) accepted as the
/// contract says.
@Suite("Hostile arguments across the process boundary")
struct HostileArgumentTests {
  /// Runs `metrobuddy --store STORE` followed by `words`, each made by
  /// `printf` (after an `X` that is stripped, so a word may start with `-`),
  /// so that raw bytes such as `\\377` reach argv unchanged.
  func runWithRawBytes(_ sandbox: Sandbox, _ words: [String]) throws -> ProcessResult {
    var script = ""
    for (index, word) in words.enumerated() { script += "a\(index)=$(printf 'X\(word)'); " }
    script += "exec \"$0\" --store \"$1\" " + words.indices.map { "\"${a\($0)#X}\"" }.joined(separator: " ")
    return try MetroBuddyProcess.run(
      executable: "/bin/sh", ["-c", script, try MetroBuddyProcess.binaryPath(), sandbox.store],
      environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
  }

  /// A store with a card and a keyed reload, and its files' bytes.
  func seededStore(_ sandbox: Sandbox) throws -> [String: Data] {
    #expect(try sandbox.metrobuddy("reload", "20", "--key", "k").status == 0)
    return storeSnapshot(sandbox)
  }

  func storeSnapshot(_ sandbox: Sandbox) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: sandbox.store)) ?? [] {
      files[name] = fileBytes(sandbox.storeFile(name))
    }
    return files
  }

  @Test(
    "bytes that are not UTF-8 are refused in every kind of argument",
    arguments: [
      ["reload", "20\\377"], ["reload", "5", "--key", "k\\377"], ["reload", "5", "--key", "k\\376"],
      ["serial", "s\\377"], ["serial", "\\300\\200"], ["card", "add", "c\\377"], ["sw\\377ipe"],
      ["--card", "default\\377", "swipe"], ["expiration", "2030-03-20\\377"], ["swipe", "--at", "\\3772026-11-21"],
      ["reload", "5", "--key=\\355\\240\\200"],
    ])
  func invalidUTF8(words: [String]) throws {
    let sandbox = try Sandbox()
    let before = try seededStore(sandbox)
    let result = try runWithRawBytes(sandbox, words)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.hasPrefix("Error: "), "\(result)")
    #expect(result.stderr.contains("\u{FFFD}") || result.stderr.contains("UTF-8"), "\(result)")
    #expect(storeSnapshot(sandbox) == before)

    let fresh = try Sandbox()
    #expect(try runWithRawBytes(fresh, words).status == 64)
    #expect(!exists(fresh.store), "a refused command created the store")
  }

  /// Linux caps one argument at 128 KiB (MAX_ARG_STRLEN), so a megabyte
  /// reaches the binary as the longest single arguments the kernel passes,
  /// and as eight of them at once; the in-process tests pass 1 MB in one.
  @Test("the longest arguments the kernel passes, a megabyte in all, are refused without writing anything")
  func megabyteOfArguments() throws {
    let longest = String(repeating: "7", count: 128 * 1024 - 1)
    let sandbox = try Sandbox()
    let before = try seededStore(sandbox)
    for arguments in [
      ["reload", longest], ["card", "add", longest], ["reload", "5", "--key", longest], ["serial", longest],
      ["history"] + Array(repeating: ["--type", longest], count: 8).flatMap { $0 },
    ] {
      let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      #expect(result.status == 64, "\(arguments.map { $0.prefix(20) }): exit \(result.status)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("Error: "))
      #expect(storeSnapshot(sandbox) == before)
    }
  }

  @Test(
    "under a German locale the amount is still read with a point, and a comma is refused",
    arguments: [
      ["LANG": "de_DE.UTF-8"], ["LC_ALL": "de_DE.UTF-8"], ["LC_NUMERIC": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"],
    ])
  /// The locale need not be installed: metrobuddy never consults one, and this pins that.
  func germanLocale(locale: [String: String]) throws {
    let sandbox = try Sandbox()
    var environment = sandbox.environment
    environment["LC_ALL"] = nil
    environment.merge(locale) { $1 }

    let accepted = try sandbox.run(["--store", sandbox.store, "reload", "2.75", "--json"], environment: environment)
    #expect(accepted.status == 0, "\(accepted)")
    #expect(
      try parseJSONObject(accepted.stdout)["card"].flatMap { ($0 as? [String: Any])?["balance"] as? String } == "2.75")
    let before = storeSnapshot(sandbox)

    for arguments in [
      ["reload", "2,75"], ["fare", "2,75"], ["balance", "1.000"], ["card", "add", "x", "--fare", "2,90"],
    ] {
      let refused = try sandbox.run(["--store", sandbox.store] + arguments, environment: environment)
      #expect(refused.status == 64, "\(arguments): \(refused)")
      #expect(refused.stderr.contains("Invalid value for"), "\(refused)")
      #expect(refused.stderr.contains("'\(arguments.last!)'"), "\(refused)")
      #expect(storeSnapshot(sandbox) == before)
    }
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The store is private (folders `0700`, files `0600`, whatever the umask),
/// and so are the device id and the cache kept outside it; an append
/// keeps the mode the user gave the log, and symbolic links follow
/// the policy of DECISIONS.md §4: a linked store file is refused as damage
/// and left alone; a linked store directory works.
@Suite("Privacy and links")
struct PrivacyTests {
  static func mode(_ path: String) -> String {
    permissions(path).map { String($0, radix: 8) } ?? "missing"
  }

  @Test("Directory 0700 and files 0600, kept across rewrites, even under umask 000", arguments: ["022", "000"])
  func privateModes(umask: String) throws {
    let sandbox = try Sandbox()
    let steps: [[String]] = [
      ["reload", "20"], ["fare", "2.90"], ["swipe"], ["serial", "0123"], ["card", "add", "work"],
      ["--card", "work", "reload", "5"], ["card", "rename", "work", "commute"], ["undo"],
    ]
    for arguments in steps {
      let result = try sandbox.shell(
        "umask \(umask); exec \"$0\" \"$@\"",
        [try MetroBuddyProcess.binaryPath(), "--store", sandbox.store] + arguments)
      try #require(result.status == 0, "\(arguments): \(result)")
      let outside = [sandbox.home + "/.local/state/metrobuddy", sandbox.deviceIDFile, sandbox.cacheFolder]
      for path in try [sandbox.store] + everything(under: sandbox.store) + outside
        + everything(under: sandbox.cacheFolder)
      {
        #expect(
          Self.mode(path) == (isDirectory(path) ? "700" : "600"), "\(path) after \(arguments) under umask \(umask)")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.store) == ["devices"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: try sandbox.deviceFolder()) == ["log.jsonl"])
  }

  @Test("A mode the user chose (0640) survives appends to the device log")
  func userChosenModeIsKept() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let log = try sandbox.deviceLog()
    try #require(chmod(log, 0o640) == 0)
    let before = try #require(fileBytes(log))
    for arguments in [["fare", "2.75"], ["swipe"]] {
      let result = try sandbox.metrobuddy(after: "umask 000", arguments[0], arguments.dropFirst().first ?? "--quiet")
      try #require(result.status == 0, "\(result)")
    }
    let after = try #require(fileBytes(log))
    #expect(after.count > before.count && after.prefix(before.count) == before, "the log was not appended to")
    #expect(Self.mode(log) == "640")
  }

  /// A store with a reload, and its device log moved out of it and replaced by a link to where it went.
  static func storeWithLinkedLog() throws -> (Sandbox, link: String, target: String, before: DirectoryImage, Data?) {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let link = try sandbox.deviceLog()
    let target = sandbox.root + "/elsewhere-log.jsonl"
    try FileManager.default.moveItem(atPath: link, toPath: target)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    return (sandbox, link, target, try DirectoryImage(sandbox.store), fileBytes(target))
  }

  @Test("A symlinked device log is refused with exit 65 naming it, and left untouched")
  func linkedStoreFileIsRefused() throws {
    let (sandbox, link, target, before, targetBytes) = try Self.storeWithLinkedLog()
    for arguments in [["show"], ["reload", "5"], ["history"], ["fare", "2.50"], ["swipe"]] {
      let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(
        result.stderr.contains(link + ": is a symbolic link"), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(try DirectoryImage(sandbox.store) == before, "\(arguments) changed the store")
      #expect(fileBytes(target) == targetBytes, "\(arguments) changed the link's target")
    }
  }

  @Test("A symlinked store directory works like a real one, and stays a link")
  func linkedStoreDirectoryWorks() throws {
    let sandbox = try Sandbox()
    let real = sandbox.root + "/real-store"
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
    try #require(chmod(real, 0o700) == 0)
    try FileManager.default.createSymbolicLink(atPath: sandbox.store, withDestinationPath: real)
    for arguments in [["reload", "20"], ["swipe"], ["fare", "2.50"], ["card", "add", "work"]] {
      let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      #expect(result.status == 0, "\(arguments): \(result)")
    }
    let show = try sandbox.metrobuddy("balance")
    #expect(show.status == 0 && show.stdout.contains("$17.00"), "\(show)")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.store)) == real)
    #expect(try FileManager.default.contentsOfDirectory(atPath: real) == ["devices"])
    #expect(exists(try sandbox.deviceLog(in: real)))
  }
}

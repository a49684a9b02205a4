import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The store is private (directory `0700`, files `0600`, whatever the umask),
/// a rewrite keeps the mode of the file it replaces, and symbolic links follow
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
      #expect(Self.mode(sandbox.store) == "700", "after \(arguments)")
      for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.store) {
        #expect(Self.mode(sandbox.storeFile(name)) == "600", "\(name) after \(arguments) under umask \(umask)")
      }
    }
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: sandbox.store))
    #expect(names == ["state.json", "journal-1.jsonl", "journal-2.jsonl", "lock"])
  }

  @Test("A mode the user chose (0640) survives a rewrite of state.json and appends to the journal")
  func userChosenModeIsKept() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let state = sandbox.storeFile("state.json")
    let journal = sandbox.storeFile("journal-1.jsonl")
    try #require(chmod(state, 0o640) == 0 && chmod(journal, 0o640) == 0)
    let before = fileBytes(state)
    for arguments in [["fare", "2.75"], ["swipe"]] {
      let result = try sandbox.metrobuddy(after: "umask 000", arguments[0], arguments.dropFirst().first ?? "--quiet")
      try #require(result.status == 0, "\(result)")
    }
    #expect(fileBytes(state) != before, "state.json was not rewritten")
    #expect(Self.mode(state) == "640")
    #expect(Self.mode(journal) == "640")
  }

  /// A store with a reload, and `name` moved out of it and replaced by a link to where it went.
  static func storeWithLinked(_ name: String) throws -> (Sandbox, target: String, before: DirectoryImage, Data?) {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let target = sandbox.root + "/elsewhere-" + name
    try FileManager.default.moveItem(atPath: sandbox.storeFile(name), toPath: target)
    try FileManager.default.createSymbolicLink(atPath: sandbox.storeFile(name), withDestinationPath: target)
    return (sandbox, target, try DirectoryImage(sandbox.store), fileBytes(target))
  }

  @Test(
    "A symlinked store file is refused with exit 65 naming it, and left untouched",
    arguments: [
      "state.json", "journal-1.jsonl",
    ])
  func linkedStoreFileIsRefused(name: String) throws {
    let (sandbox, target, before, targetBytes) = try Self.storeWithLinked(name)
    for arguments in [["show"], ["reload", "5"], ["history"], ["fare", "2.50"], ["swipe"]] {
      let result = try sandbox.run(["--store", sandbox.store] + arguments, environment: sandbox.environment)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(
        result.stderr.contains(sandbox.storeFile(name) + ": is a symbolic link"), "\(arguments): \(result.stderr)")
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
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: real)) == ["state.json", "journal-1.jsonl", "lock"])
  }
}

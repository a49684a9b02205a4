import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// The CSV inside a zip archive, read with the system's `unzip`. Most tests
/// need `zip` and `unzip` (CI installs them); without them they are skipped
/// and say so.
@Suite("Reading a CSV from a zip archive")
struct UnzipRunnerTests {
  static let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
  static let hasZipTools =
    UnzipRunner.executable("zip", searchPath: environment["PATH"] ?? "") != nil
    && UnzipRunner.executable("unzip", searchPath: environment["PATH"] ?? "") != nil
  static let skipped = Comment(rawValue: "zip and unzip are not installed (apt-get install -y zip unzip)")

  /// A fresh directory under /tmp, removed afterwards.
  static func withDirectory(_ body: (String) throws -> Void) throws {
    var template = Array("/tmp/metrobuddy-zip-XXXXXX".utf8CString)
    let directory = try template.withUnsafeMutableBufferPointer { buffer in
      guard let made = mkdtemp(buffer.baseAddress!) else { throw CocoaError(.fileWriteUnknown) }
      return String(cString: made)
    }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  /// Writes `files` (in this order) into `directory` and zips them into `archive.zip`.
  static func archive(_ files: [(String, [UInt8])], in directory: String) throws -> String {
    for (name, bytes) in files {
      let path = directory + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    let zip = Process()
    zip.executableURL = URL(
      fileURLWithPath: UnzipRunner.executable("zip", searchPath: "/usr/bin:/bin") ?? "/usr/bin/zip")
    zip.currentDirectoryURL = URL(fileURLWithPath: directory)
    zip.arguments = ["-q", "-X", "archive.zip"] + files.map(\.0)
    try zip.run()
    zip.waitUntilExit()
    #expect(zip.terminationStatus == 0)
    return directory + "/archive.zip"
  }

  static func read(_ path: String, maximumBytes: Int = 1 << 20) throws(UnzipRunner.Failure) -> [UInt8] {
    try UnzipRunner.firstCSV(inArchive: path, environment: environment, maximumBytes: maximumBytes)
  }

  /// How reading the archive fails, or nil when it does not.
  static func failure(_ path: String) -> UnzipRunner.Failure? {
    do {
      _ = try read(path)
      return nil
    } catch { return error }
  }

  @Test(.enabled(if: hasZipTools, skipped))
  func theFirstCSVIsReadWhateverElseTheArchiveHolds() throws {
    try Self.withDirectory { directory in
      let wanted = Array("Trip Time,Mode\n11/03/2026 08:14 AM,Subway\n".utf8)
      let path = try Self.archive(
        [
          ("readme.txt", Array("not this".utf8)), ("__MACOSX/._week [1] *?.csv", [0, 1, 2]),
          ("week [1] *?.csv", wanted), ("other.csv", Array("nor this".utf8)),
        ], in: directory)
      #expect(try Self.read(path) == wanted)
    }
  }

  /// More than a pipe holds, so that reading and waiting are in the right order.
  @Test(.enabled(if: hasZipTools, skipped))
  func aLargeCSVIsReadWhole() throws {
    try Self.withDirectory { directory in
      let row = Array("11/03/2026 08:14 AM,Subway,PAYGO,$3.00\n".utf8)
      let big = Array((0..<20_000).map { _ in row }.joined())
      let path = try Self.archive([("big.csv", big)], in: directory)
      #expect(try Self.read(path, maximumBytes: big.count) == big)
      #expect(throws: UnzipRunner.Failure.tooLarge(maximumBytes: big.count - 1)) {
        try Self.read(path, maximumBytes: big.count - 1)
      }
    }
  }

  @Test(.enabled(if: hasZipTools, skipped))
  func theOMNYFixtureReadsTheSameZippedOrNot() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/agency/omny-week.csv")
    let bytes = Array(try Data(contentsOf: fixture))
    try Self.withDirectory { directory in
      let path = try Self.archive([("omny-week.csv", bytes)], in: directory)
      let zipped = try AgencyFormat.trips(try Self.read(path), format: .omny, timeZone: .utc, source: path)
      #expect(zipped == (try AgencyFormat.trips(bytes, format: .omny, timeZone: .utc, source: path)))
      #expect(zipped.count == 17)
    }
  }

  @Test(.enabled(if: hasZipTools, skipped))
  func anArchiveWithoutACSVOrNotAnArchiveIsRefused() throws {
    try Self.withDirectory { directory in
      let path = try Self.archive([("readme.txt", Array("hello".utf8))], in: directory)
      #expect(throws: UnzipRunner.Failure.noCSV) { try Self.read(path) }
      let text = directory + "/text.zip"
      try Data("plain text".utf8).write(to: URL(fileURLWithPath: text))
      guard case .unzipFailed(let status, let message)? = Self.failure(text) else {
        Issue.record("not refused as unzip's failure: \(String(describing: Self.failure(text)))")
        return
      }
      #expect(status == 9)
      #expect(!message.isEmpty)
      #expect(throws: UnzipRunner.Failure.self) { try Self.read(directory + "/missing.zip") }
    }
  }

  /// Runs whether or not unzip is installed: a search path without it.
  @Test func noUnzipOnThePathIsATypedError() throws {
    try Self.withDirectory { directory in
      #expect(throws: UnzipRunner.Failure.unzipMissing(searchPath: directory)) {
        try UnzipRunner.firstCSV(inArchive: "a.zip", environment: ["PATH": directory], maximumBytes: 1)
      }
    }
  }

  @Test func onlyZipPathsAreArchives() {
    #expect(UnzipRunner.isZip("history.ZIP") && UnzipRunner.isZip("/tmp/a.zip"))
    #expect(!UnzipRunner.isZip("history.csv") && !UnzipRunner.isZip("zip"))
    #expect(UnzipRunner.literalPattern(Array("a[1]*?.csv".utf8)) == Array("a[[]1][*][?].csv".utf8))
  }
}

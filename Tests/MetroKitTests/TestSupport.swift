import Foundation
import MetroTesting
import Testing

@testable import MetroKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// MARK: - Temporary directories

/// A failure to set up a test's surroundings.
struct TestSetupError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `body` with a new directory under `/tmp` made by `mkdtemp`, and removes
/// the directory and everything in it afterwards, whatever `body` does.
func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
  var template = Array("/tmp/metrokit-tests-XXXXXX".utf8CString)
  let path = try template.withUnsafeMutableBufferPointer { buffer -> String in
    guard let made = mkdtemp(buffer.baseAddress!) else {
      throw TestSetupError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }
  defer {
    // Only ever remove what mkdtemp made for this test.
    if path.hasPrefix("/tmp/metrokit-tests-") { try? FileManager.default.removeItem(atPath: path) }
  }
  return try body(path)
}

// MARK: - Files

/// The bytes of a file, or `nil` when it cannot be read.
func fileBytes(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Replaces a file's bytes in place (no rename, so an existing file keeps its
/// mode), creating it `0600` if it is missing.
func overwrite(_ path: String, with bytes: [UInt8]) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else {
    throw TestSetupError(description: "cannot open \(path): \(String(cString: strerror(errno)))")
  }
  defer { close(descriptor) }
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  guard written == bytes.count else { throw TestSetupError(description: "short write to \(path)") }
}

/// Appends bytes to a file.
func append(_ bytes: [UInt8], to path: String) throws {
  try overwrite(path, with: (fileBytes(path) ?? []) + bytes)
}

/// Every file in a directory with its bytes, to compare before and after.
func directorySnapshot(_ directory: String) throws -> [String: [UInt8]] {
  var result: [String: [UInt8]] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
    result[name] = fileBytes(directory + "/" + name)
  }
  return result
}

/// The permission bits of a path, or `nil` when it does not exist.
func permissions(_ path: String) -> UInt32? {
  var info = stat()
  guard lstat(path, &info) == 0 else { return nil }
  return UInt32(info.st_mode & 0o7777)
}

/// Whether anything exists at `path`.
func exists(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0
}

// MARK: - Values

extension Money {
  /// An amount from text the tests know is valid, such as `"2.75"`.
  static func usd(_ text: String) -> Money {
    guard let value = try? Money.parse(text) else {
      Issue.record("'\(text)' is not an amount")
      return .zero
    }
    return value
  }
}

extension CalendarDate {
  /// A date from `YYYY-MM-DD` text the tests know is valid.
  static func day(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      Issue.record("'\(text)' is not a date")
      return CalendarDate(daysSinceEpoch: 0)
    }
    return date
  }
}

/// An instant from `YYYY-MM-DDTHH:MM:SSZ` text the tests know is valid.
func instant(_ text: String) -> Date {
  guard let date = Timestamp.parseISO8601UTC(text) else {
    Issue.record("'\(text)' is not a UTC time")
    return Date(timeIntervalSince1970: 0)
  }
  return date
}

// MARK: - Stores

/// The instant the test stores' clock stands at.
let storeNow = instant("2026-11-21T13:15:00Z")

/// The device the test stores write as.
let storeDevice = "laptop"

/// A device-log store in `parent/metrobuddy` (not created yet) for the device
/// `laptop`, its id file in `parent/device` and its cache in
/// `parent/cache`, with a fixed clock and UTC days.
func makeStore(
  in parent: String, fileSystem: any FileSystem = LiveFileSystem(),
  makeID: @escaping @Sendable () -> UUID = { UUID() }
) -> DeviceLogStore {
  DeviceLogStore(
    directory: parent + "/metrobuddy",
    identity: DeviceIdentity(override: storeDevice, file: parent + "/device", defaultName: storeDevice),
    cacheDirectory: parent + "/cache", fileSystem: fileSystem, clock: .constant(storeNow), timeZone: .utc,
    lockTimeout: 5, makeID: makeID)
}

extension DeviceLogStore {
  /// This device's log, where every write of a test store goes.
  var deviceLogPath: String { layout.logPath(storeDevice) }

  /// The default card's history, newest first.
  func history(_ query: HistoryQuery = HistoryQuery()) throws(MetroError) -> [BalanceUpdate] {
    try balanceUpdates(for: currentCard(), matching: query).map(\.snapshot)
  }

  /// Applies updates to the default card.
  @discardableResult
  func applyToCurrent(_ updates: [MetroCardUpdate]) throws(MetroError) -> UpdateResult {
    try apply(updates, to: currentCard())
  }
}

/// A temporary directory on a tmpfs when there is one (thousands of `fsync`s
/// are free there), else under `/tmp`; removed afterwards.
func withFastTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
  let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  var template = Array("\(base)/metrokit-faults-XXXXXX".utf8CString)
  let path = try template.withUnsafeMutableBufferPointer { buffer -> String in
    guard let made = mkdtemp(buffer.baseAddress!) else {
      throw TestSetupError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }
  defer { if path.contains("/metrokit-faults-") { try? FileManager.default.removeItem(atPath: path) } }
  return try body(path)
}

/// Rewrites line `number` (from 1) of a store file with `transform`, sealing it again.
func rewriteLine(_ number: Int, of path: String, _ transform: (String) -> String) throws {
  var lines = String(decoding: try #require(fileBytes(path)), as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false
  ).map(String.init)
  let changed = Array(transform(lines[number - 1]).utf8)
  let sealed = try #require(Checksum.resealed(changed))
  lines[number - 1] = String(decoding: sealed.dropLast(), as: UTF8.self)
  try overwrite(path, with: Array(lines.joined(separator: "\n").utf8))
}

/// Replaces the first occurrence of `old` in a file with `new`.
func replaceText(_ old: String, with new: String, in path: String) throws {
  try replaceBytes(Array(old.utf8), with: Array(new.utf8), in: path)
}

/// Replaces the first occurrence of `old` in a file with `new`, byte for byte.
func replaceBytes(_ old: [UInt8], with new: [UInt8], in path: String) throws {
  let bytes = fileBytes(path) ?? []
  guard !old.isEmpty, bytes.count >= old.count,
    let start = (0...(bytes.count - old.count)).first(where: {
      bytes[$0..<($0 + old.count)].elementsEqual(old)
    })
  else {
    throw TestSetupError(description: "'\(String(decoding: old, as: UTF8.self))' is not in \(path)")
  }
  try overwrite(path, with: Array(bytes[..<start]) + new + Array(bytes[(start + old.count)...]))
}

/// `device`'s view of one store under `parent` (`metrobuddy`) that several
/// devices write, each with its own id file and cache, its ids from a
/// sequence of its own (the phone's from 100,000).
func sharedStore(_ device: String, in parent: String) -> DeviceLogStore {
  DeviceLogStore(
    directory: parent + "/metrobuddy",
    identity: DeviceIdentity(override: device, file: parent + "/device-" + device, defaultName: device),
    cacheDirectory: parent + "/cache-" + device, clock: .constant(storeNow), timeZone: .utc,
    makeID: SequentialIDs(startingAt: device == "phone" ? 100_000 : 1).make)
}

/// A store of `device`'s own under `parent` (`<device>-store`, with its own
/// id file and cache), its ids from a sequence of its own (the phone's from
/// 100,000): two devices that later exchange logs by copying them.
func deviceStoreOfItsOwn(_ parent: String, _ device: String) -> DeviceLogStore {
  DeviceLogStore(
    directory: parent + "/" + device + "-store",
    identity: DeviceIdentity(override: device, file: parent + "/device-" + device, defaultName: device),
    cacheDirectory: parent + "/cache-" + device, clock: .constant(storeNow), timeZone: .utc,
    makeID: SequentialIDs(startingAt: device == "phone" ? 100_000 : 1).make)
}

// MARK: - What the logs mean

extension DeviceLogStore {
  /// What the store's logs mean (``LogMeaning``), every log read whole from
  /// its start, with this store's time zone. An old store not yet
  /// converted has no logs to read: it means nothing here.
  func meaning() throws(MetroError) -> LogMeaning.State {
    LogMeaning.fold(try logs(), timeZone: timeZone)
  }

  /// Every log of the store, read whole from its start.
  func logs() throws(MetroError) -> [LogMeaning.Log] {
    try deviceFolders().map { folder throws(MetroError) in
      LogMeaning.Log(device: folder, records: try records(of: folder, through: nil))
    }
  }
}

import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Damage at every byte of a device log: a changed byte in any whole line is
/// refused as damage naming the log and the line, by every read and by
/// `verify`, and nothing is written; the one byte that is not damage is the
/// last newline, whose loss makes the last line one still arriving.
@Suite("Device log damage at every byte")
struct DeviceLogDamageTests {
  /// A store whose laptop log has a header and four records: the card
  /// (with a keyed reload), a swipe, an adjustment with a note, an undo.
  static func makeLog(in parent: String) throws -> String {
    let store = DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: "laptop", file: parent + "/device", defaultName: "laptop"),
      cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc, makeID: SequentialIDs().make)
    _ = try store.apply([.balance(.reload(.usd("20.00"), key: "nov"))], toCardNamed: nil)
    _ = try store.apply([.balance(.swipe(count: 1))], toCardNamed: nil)
    _ = try store.apply([.balance(.adjustment(to: .usd("15.00"), note: "reader said"))], toCardNamed: nil)
    _ = try store.apply([.balance(.undo)], toCardNamed: nil)
    return parent + "/metrobuddy/devices/laptop/log.jsonl"
  }

  /// Another device, with no cache: it reads every log from the start.
  static func reader(_ parent: String) -> DeviceLogStore {
    DeviceLogStore(
      directory: parent + "/metrobuddy",
      identity: DeviceIdentity(override: "phone", file: parent + "/device-phone", defaultName: "phone"),
      cacheDirectory: nil, clock: .constant(storeNow), timeZone: .utc)
  }

  /// What each read gives, or the damage it names.
  enum Outcome: Equatable {
    case read(balance: Money, updates: Int)
    case damaged(path: String, line: Int?)
    case other(String)
  }

  static func outcome(_ body: () throws(MetroError) -> (Money, Int)) -> Outcome {
    do {
      let (balance, updates) = try body()
      return .read(balance: balance, updates: updates)
    } catch {
      switch error {
      case .storeDamaged(let path, let line, _): return .damaged(path: path, line: line)
      case .storeFromNewerVersion(let path, _, _): return .damaged(path: path, line: 1)
      default: return .other("\(error)")
      }
    }
  }

  @Test("every changed byte is refused as damage at its line, reads write nothing, verify names it")
  func everyByte() throws {
    try withFastTemporaryDirectory { parent in
      let log = try Self.makeLog(in: parent)
      let pristine = try #require(fileBytes(log))
      let lineOf: [Int] = {
        var line = 1
        return pristine.map { byte in
          defer { if byte == UInt8(ascii: "\n") { line += 1 } }
          return line
        }
      }()
      let whole = Self.outcome { () throws(MetroError) in
        let history = try Self.reader(parent).cardHistory(named: nil)
        return (history.card.balance, history.updates.count)
      }
      // The undo took the adjustment back: $17.00, four updates (the undo too).
      #expect(whole == .read(balance: .usd("17.00"), updates: 4))
      var checked = 0
      for offset in pristine.indices {
        for mask: UInt8 in [0x01, 0x10] {
          var bytes = pristine
          bytes[offset] ^= mask
          try Data(bytes).write(to: URL(fileURLWithPath: log))
          let before = try directorySnapshot(parent + "/metrobuddy/devices/laptop")
          let reader = Self.reader(parent)
          let history = Self.outcome { () throws(MetroError) in
            let history = try reader.cardHistory(named: nil)
            return (history.card.balance, history.updates.count)
          }
          let cards = Self.outcome { () throws(MetroError) in
            let cards = try reader.allCards()
            return (cards.first?.balance ?? .zero, cards.count)
          }
          let report = try reader.verify()
          let context = "byte \(offset) (line \(lineOf[offset])) ^ \(mask)"
          if offset == pristine.count - 1 {
            // The last newline gone: the undo is a line still arriving.
            #expect(history == .read(balance: .usd("15.00"), updates: 3), "\(context)")
            #expect(report.problems.isEmpty, "\(context): \(report.problems)")
          } else {
            let damage = Outcome.damaged(path: log, line: lineOf[offset])
            #expect(history == damage, "\(context)")
            #expect(cards == damage, "\(context)")
            #expect(report.problems.map(\.path) == [log], "\(context): \(report.problems)")
            #expect(report.problems.map(\.line) == [lineOf[offset]], "\(context): \(report.problems)")
          }
          #expect(try directorySnapshot(parent + "/metrobuddy/devices/laptop") == before, "\(context)")
          checked += 1
        }
      }
      #expect(checked == pristine.count * 2)
    }
  }
}

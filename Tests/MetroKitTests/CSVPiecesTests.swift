import Foundation
import Testing

@testable import MetroKit

/// A CSV read a stretch at a time (``CSV/Pieces``) gives the rows, and the
/// refusals, that the whole text gives, wherever the stretches end.
@Suite("A CSV read a stretch at a time")
struct CSVPiecesTests {
  /// The rows `bytes` give read in stretches of `size` bytes (the whole
  /// text when `nil`), or the refusal.
  static func rows(_ bytes: [UInt8], stretches size: Int?) -> Result<[ImportedUpdate], MetroError> {
    let rows = CSVImportRows(
      text: ImportBytes(bytes, stretch: size ?? .max), source: "t.csv", currency: .usd, timeZone: .utc)
    var read: [ImportedUpdate] = []
    do throws(MetroError) {
      try rows.forEachRow { read.append($0) }
    } catch { return .failure(error) }
    return .success(read)
  }

  static let texts: [String] = [
    "\u{FEFF}timestamp,type,amount,note\r\n2026-11-01T08:00:00Z,reload,20.00,\"one, two \"\"q\"\"\"\r\n\r\n"
      + "2026-11-01T09:00:00Z,swipe,-2.90,\"\"\n2026-11-01T10:00:00Z,swipe,-2.90,last",
    "timestamp,type,amount\n2026-11-01T08:00:00Z,reload,20.00\n\n\n2026-11-01T09:00:00Z,swipe,-2.90\n",
    "timestamp,type,amount,note\n2026-11-01T08:00:00Z,reload,20.00,\"open\n2026-11-01T09:00:00Z,swipe,-2.90,x\n",
    "timestamp,type,amount,note\n2026-11-01T08:00:00Z,reload,20.00,a\"b\n2026-11-01T09:00:00Z,swipe,-2.90,x\n",
    "timestamp,type,amount,note\n2026-11-01T08:00:00Z,reload,20.00,\"a\"b\n",
    "timestamp,type,amount\n2026-11-01T08:00:00Z,reload,20.00\n2026-11-01T09:00:00Z,swipe,-2.90,extra\n",
    "timestamp,type,amount,note\n2026-11-01T07:00:00Z,reload,20.00,x\n2026-11-01T08:00:00Z,swipe,-2.90,\"a\r\nb\"\n",
  ]

  @Test("Each stretch size gives what the whole text gives", arguments: texts.indices)
  func sameAsWhole(text: Int) {
    let bytes = Array(Self.texts[text].utf8)
    let whole = Self.rows(bytes, stretches: nil)
    if text < 2 {
      #expect((try? whole.get().count) == 3 - text, "\(whole)")
    } else {
      #expect(throws: MetroError.self) { try whole.get() }
    }
    for size in [1, 2, 3, 5, 7, 16, 64, 4096] {
      #expect("\(Self.rows(bytes, stretches: size))" == "\(whole)", "stretches of \(size)")
    }
  }
}

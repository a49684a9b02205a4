/// A trip history's CSV: its header, matched by name to the columns a format
/// reads (in any order, case and surrounding spaces aside; other columns are
/// ignored), and its records.
struct AgencyTable {
  /// The file's name, for errors.
  let source: String
  /// The records after the header.
  let rows: [CSV.Record]
  /// The number of fields of the header, which every record must have.
  let width: Int
  /// Where each column the format reads is, by its name as the format writes it.
  private let columns: [String: Int]
  /// The header's fields as the file writes them, without surrounding spaces: errors name these.
  private let header: [String]

  /// Splits the file into records and finds the columns.
  ///
  /// - Parameters:
  ///   - required: The columns the file must have, as the format writes them.
  ///   - optional: The columns read when present.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` for
  ///   text that is not CSV, no header, a byte-order mark inside a column
  ///   name, a column the format reads named twice, or a missing required column.
  init(_ bytes: [UInt8], source: String, required: [String], optional: [String]) throws(MetroError) {
    self.source = source
    // Spreadsheets write UTF-8 CSV with a byte-order mark first: it is not part of the header.
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let records: [CSV.Record]
    do { records = try CSV.records(body) } catch {
      throw .importMalformed(source: source, line: error.line, column: nil, problem: .csv(error.problem))
    }
    guard let header = records.first else {
      throw .importMalformed(source: source, line: 1, column: nil, problem: .historyWithoutHeader(required: required))
    }
    self.header = header.fields.map { String($0.trimmingWhitespace()) }
    let known = Dictionary(uniqueKeysWithValues: (required + optional).map { (Self.key($0), $0) })
    var columns: [String: Int] = [:]
    for (index, field) in header.fields.enumerated() {
      guard !field.unicodeScalars.contains("\u{FEFF}") else {
        throw .importMalformed(
          source: source, line: header.line, column: .column(field.replacing("\u{FEFF}", with: "<U+FEFF>")),
          problem: .byteOrderMarkInColumnName)
      }
      guard let name = known[Self.key(field)] else { continue }
      guard columns[name] == nil else {
        throw .importMalformed(source: source, line: header.line, column: .column(name), problem: .duplicateColumn)
      }
      columns[name] = index
    }
    for name in required where columns[name] == nil {
      throw .importMalformed(source: source, line: header.line, column: .column(name), problem: .missingColumn(name))
    }
    self.columns = columns
    self.width = header.fields.count
    self.rows = Array(records.dropFirst())
  }

  /// A column name as it is compared: lower case, without surrounding spaces.
  static func key(_ name: String) -> String {
    String(name.trimmingWhitespace()).lowercased()
  }

  /// Whether the file has the column.
  func has(_ name: String) -> Bool { columns[name] != nil }

  /// The record's field in the column, without surrounding spaces; empty
  /// when the file has no such column.
  func field(_ name: String, of record: CSV.Record) -> String {
    guard let index = columns[name], index < record.fields.count else { return "" }
    return String(record.fields[index].trimmingWhitespace())
  }

  /// Checks that the record has as many fields as the header.
  func checkWidth(_ record: CSV.Record) throws(MetroError) {
    guard record.fields.count == width else {
      throw .importMalformed(
        source: source, line: record.line, column: nil,
        problem: .fieldCount(found: record.fields.count, expected: width))
    }
  }

  /// The error for a problem in the record's column, named as the file's header names it.
  func error(_ record: CSV.Record, _ name: String, _ problem: ImportProblem) -> MetroError {
    .importMalformed(source: source, line: record.line, column: .column(shownName(name)), problem: problem)
  }

  /// A column's name as the file's header writes it (the format's name when the file has no such column).
  func shownName(_ name: String) -> String {
    columns[name].map { header[$0] } ?? name
  }

  /// The fields of the first record of a CSV (after a byte-order mark), as
  /// ``key(_:)`` compares them; `nil` when the text has no record or is not CSV.
  static func headerKeys(_ bytes: [UInt8]) -> Set<String>? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    var first: [String]?
    struct Stop: Error {}
    func keep(_ record: CSV.Record) throws(Stop) {
      first = record.fields
      throw Stop()
    }
    try? CSV.forEachRecord(body, failure: { _ in Stop() }, keep)
    return first.map { Set($0.map(key)) }
  }

  /// An amount as a trip history writes it: an optional `-` (only where
  /// `signed`), an optional currency symbol, then digits with at most the
  /// currency's fraction digits (`2.80`, `£2.80`, `-1.50`, `$2.90`, `.00`);
  /// where `grouped`, the whole part may group its digits by threes with
  /// commas (`$1,028.15`).
  ///
  /// - Throws: ``ImportProblem/notAHistoryAmount(_:currency:)`` for anything
  ///   else, ``ImportProblem/amountTooLarge(_:maximum:currency:kind:)`` above
  ///   the largest amount.
  func money(
    _ text: String, _ record: CSV.Record, column: String, currency: Currency, symbol: Character, signed: Bool,
    kind: BalanceUpdate.Kind, grouped: Bool = false
  ) throws(MetroError) -> Money {
    var rest = Substring(text)
    var negative = false
    if signed, rest.first == "-" {
      negative = true
      rest = rest.dropFirst()
    }
    if rest.first == symbol { rest = rest.dropFirst() }
    if signed, !negative, rest.first == "-" {
      negative = true
      rest = rest.dropFirst()
    }
    if grouped, rest.contains(",") {
      let groups = rest.prefix { $0 != "." }.split(separator: ",", omittingEmptySubsequences: false)
      guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
        throw self.error(record, column, .notAHistoryAmount(text, currency: currency))
      }
      rest = Substring(rest.filter { $0 != "," })
    }
    // TfL writes nothing before the point of an amount below one: `.00`, `.50`.
    if rest.first == "." { rest = Substring("0" + rest) }
    do {
      let value = try Money.parse(String(rest), currency: currency)
      return negative ? -value : value
    } catch {
      if case .tooLarge = error.reason {
        throw self.error(
          record, column,
          .amountTooLarge(text, maximum: Money.maximumInput(in: currency), currency: currency, kind: kind))
      }
      throw self.error(record, column, .notAHistoryAmount(text, currency: currency))
    }
  }
}

import FoundationEssentials

/// One row of a transit agency's trip history (TfL's journey history, OMNY's
/// trip history), in no agency's terms: a ride and what it was charged, or a
/// reload, at a local time made an instant.
public struct AgencyTrip: Sendable, Equatable {
  /// What the row records.
  public enum Action: Sendable, Equatable {
    /// A ride and what the agency charged for it (zero when it was free);
    /// its mode and the reason for the charge when the file says them.
    case ride(charge: Money, mode: TravelMode?, reason: RideReason?)
    /// Money added to the card.
    case reload(Money)
  }

  /// An id made from the row's content and its occurrence among identical
  /// rows, so that the same file gives the same ids every time it is read.
  public var id: UUID
  /// When the ride started or the money was added.
  public var time: Date
  /// What the row records.
  public var action: Action
  /// The card's balance after the row, when the file says it (TfL's Balance column).
  public var balanceAfter: Money?
  /// The row's line in the file, from 1.
  public var line: Int
  /// The row's description as the file words it: TfL's Journey/Action,
  /// OMNY's Mode (and Location when the file has that column).
  public var text: String

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - id: The row's id.
  ///   - time: When the ride started or the money was added.
  ///   - action: What the row records.
  ///   - balanceAfter: The balance after the row, when known.
  ///   - line: The row's line in the file.
  ///   - text: The row's description.
  public init(id: UUID, time: Date, action: Action, balanceAfter: Money?, line: Int, text: String) {
    self.id = id
    self.time = time
    self.action = action
    self.balanceAfter = balanceAfter
    self.line = line
    self.text = text
  }
}

/// The trip histories metrobuddy reads: what `import --format` names.
package enum AgencyFormat: String, Sendable, CaseIterable {
  /// Transport for London's journey history CSV (Oyster and contactless), in pounds.
  case tfl
  /// The OMNY trip history CSV (New York), in dollars.
  case omny

  /// The currency the file's amounts are in.
  package var currency: Currency {
    switch self {
    case .tfl: Currency(uncheckedCode: "GBP", fractionDigits: 2)
    case .omny: .usd
    }
  }

  /// Reads a trip history, oldest row first.
  ///
  /// The files list the newest row first; rows are put in order of time, and
  /// rows at the same time in the reverse of their order in the file. A
  /// leading UTF-8 byte-order mark is skipped; lines may end in LF or CRLF.
  ///
  /// - Parameters:
  ///   - bytes: The CSV file.
  ///   - format: Whose history it is.
  ///   - timeZone: The zone of the file's local times.
  ///   - source: The file's name, for errors.
  /// - Returns: The rows, oldest first, each with its deterministic id.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   naming the line and the column of the first problem.
  package static func trips(
    _ bytes: [UInt8], format: AgencyFormat, timeZone: LocalTimeZone, source: String
  ) throws(MetroError) -> [AgencyTrip] {
    let table: AgencyTable
    let rows: [AgencyTrip]
    switch format {
    case .tfl:
      table = try AgencyTable(bytes, source: source, required: TfLHistory.required, optional: TfLHistory.optional)
      rows = try TfLHistory(table: table, timeZone: timeZone).trips()
    case .omny:
      table = try AgencyTable(bytes, source: source, required: OMNYHistory.required, optional: OMNYHistory.optional)
      rows = try OMNYHistory(table: table, timeZone: timeZone).trips()
    }
    let oldestFirst = rows.reversed().enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    .map(\.element)
    return AgencyTripID.assigned(oldestFirst, format: format)
  }
}

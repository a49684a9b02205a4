import FoundationEssentials

/// A balance update read from a file to import, before the store decides
/// where it goes in the card's history.
public struct ImportedUpdate: Sendable, Equatable {
  /// The id it had; with one already in the card's history it is skipped,
  /// so importing an export again changes nothing. `nil`: a new id.
  public var id: UUID?
  /// The kind of update.
  public var type: BalanceUpdate.Kind
  /// The signed change to the balance.
  public var amount: Money
  /// When it happened.
  public var timestamp: Date
  /// The key of a keyed reload.
  public var key: String?
  /// For an undo: the update it reverses.
  public var undoes: UUID?
  /// For a ride: its full fare, taken as given (never re-priced).
  public var fare: Money?
  /// For a ride: how it was taken.
  public var mode: TravelMode?
  /// For a ride: why it cost what it did.
  public var reason: RideReason?
  /// What the person said about it (checked by ``BalanceUpdate/noteProblem(_:)``).
  public var note: String?
  /// Where it came from, for error messages: the line in the file.
  public var line: Int
  /// The column its time was read from, for error messages.
  public var timeColumn = "timestamp"

  /// Creates an update to import.
  public init(
    id: UUID? = nil, type: BalanceUpdate.Kind, amount: Money, timestamp: Date, key: String? = nil,
    undoes: UUID? = nil, fare: Money? = nil, mode: TravelMode? = nil, reason: RideReason? = nil,
    note: String? = nil, line: Int
  ) {
    self.id = id
    self.type = type
    self.amount = amount
    self.timestamp = timestamp
    self.key = key
    self.undoes = undoes
    self.fare = fare
    self.mode = mode
    self.reason = reason
    self.note = note
    self.line = line
  }
}

/// What a JSON export says about the card itself, besides its updates: it
/// travels with the history so that a card restored from an export is the
/// card that was exported.
public struct ImportedCardAttributes: Sendable, Equatable {
  /// The balance before the first update (a card made with `card add --balance`).
  public var openingBalance: Money
  /// The card's kind.
  public var kind: CardKind
  /// Whether it pays reduced fares.
  public var isReduced: Bool
  /// The mode of a ride when `swipe` does not say.
  public var mode: TravelMode
  /// The local fare set by hand, if any.
  public var fareByHand: HandFare?
  /// A custom card's express fare, caps and transfers.
  public var customRules: CustomFareRules?
  /// The expiration date, if set.
  public var expirationDate: CalendarDate?
  /// The serial number, if set.
  public var serialNumber: String?
  /// A London card's zones.
  public var londonZones: LondonZones?

  /// Creates the attributes of an exported card.
  public init(
    openingBalance: Money, kind: CardKind = .omnyCard, isReduced: Bool = false, mode: TravelMode = .subway,
    fareByHand: HandFare? = nil, customRules: CustomFareRules? = nil, expirationDate: CalendarDate?,
    serialNumber: String?, londonZones: LondonZones? = nil
  ) {
    self.londonZones = londonZones
    self.openingBalance = openingBalance
    self.kind = kind
    self.isReduced = isReduced
    self.mode = mode
    self.fareByHand = fareByHand
    self.customRules = customRules
    self.expirationDate = expirationDate
    self.serialNumber = serialNumber
  }

  /// The attributes of an export made before cards had kinds: its one fare
  /// becomes a MetroCard's fare set by hand for every ride, as an upgraded
  /// store's cards do.
  public init(openingBalance: Money, fare: Money?, expirationDate: CalendarDate?, serialNumber: String?) {
    self.init(
      openingBalance: openingBalance, kind: .metrocard, fareByHand: fare.map { HandFare(amount: $0, since: nil) },
      expirationDate: expirationDate, serialNumber: serialNumber)
  }
}

/// What an import did.
public struct ImportResult: Sendable, Equatable {
  /// The card afterwards.
  public var card: ObjectReference<MetroCard>
  /// How many updates were added.
  public var imported: Int
  /// How many were skipped because the card already had their id (or their reload key).
  public var skipped: Int
  /// The updates added, in order.
  public var recorded: [BalanceUpdate]

  /// Creates a result.
  public init(card: ObjectReference<MetroCard>, imported: Int, skipped: Int, recorded: [BalanceUpdate] = []) {
    self.card = card
    self.imported = imported
    self.skipped = skipped
    self.recorded = recorded
  }
}

/// The rows of an import, read one at a time, oldest first.
///
/// A store reads them more than once (it checks every row before it writes
/// any, so that a refused row changes nothing) and holds none of them: rows
/// read from a file are parsed again on each reading rather than kept.
public protocol ImportedRows {
  /// Calls `body` with each row in order.
  ///
  /// - Throws: What reading a row or `body` throws; the reading stops there.
  func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError)

  /// Whether rows without ids are recorded even when every one of them
  /// repeats an update the card already has (`import --again`); otherwise
  /// such an import is refused as a file imported before. `false` unless
  /// the rows say otherwise.
  var addsRepeats: Bool { get }
}

extension ImportedRows {
  public var addsRepeats: Bool { false }
}

extension Array: ImportedRows where Element == ImportedUpdate {
  /// Calls `body` with each update in order.
  public func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
    for update in self { try body(update) }
  }
}

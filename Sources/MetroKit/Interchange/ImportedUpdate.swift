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
  /// Where it came from, for error messages: the line in the file.
  public var line: Int

  /// Creates an update to import.
  public init(
    id: UUID? = nil, type: BalanceUpdate.Kind, amount: Money, timestamp: Date, key: String? = nil,
    undoes: UUID? = nil, line: Int
  ) {
    self.id = id
    self.type = type
    self.amount = amount
    self.timestamp = timestamp
    self.key = key
    self.undoes = undoes
    self.line = line
  }
}

/// What a JSON export says about the card itself, besides its updates: it
/// travels with the history so that a card restored from an export is the
/// card that was exported.
public struct ImportedCardAttributes: Sendable, Equatable {
  /// The balance before the first update (a card made with `card add --balance`).
  public var openingBalance: Money
  /// The fare set by hand for one ride, if any.
  public var fare: Money?
  /// The expiration date, if set.
  public var expirationDate: CalendarDate?
  /// The serial number, if set.
  public var serialNumber: String?

  /// Creates the attributes of an exported card.
  public init(openingBalance: Money, fare: Money?, expirationDate: CalendarDate?, serialNumber: String?) {
    self.openingBalance = openingBalance
    self.fare = fare
    self.expirationDate = expirationDate
    self.serialNumber = serialNumber
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

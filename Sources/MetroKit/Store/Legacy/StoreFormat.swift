import FoundationEssentials

/// The old store's on-disk records (formats 1 to 3: `state.json`, a snapshot
/// of every card, and each card's `journal-<id>.jsonl`), as the legacy
/// reader decodes them; nothing writes them any more.
enum StoreFormat {
  /// The last format of the old store, which older ones are upgraded to as
  /// they are read.
  static let currentVersion = 3
  static let stateFormatName = "metrobuddy-state"
  static let journalFormatName = "metrobuddy-journal"

  /// Upgrades `document`, written in format `version`, to ``currentVersion``
  /// a step at a time.
  ///
  /// - Throws: ``MetroError/storeDamaged(path:line:problem:)`` for a version
  ///   before 1, which no step upgrades.
  static func migrate(_ document: JSONValue, from version: Int, path: String) throws(MetroError) -> JSONValue {
    guard version >= 1 else {
      throw .storeDamaged(path: path, line: nil, problem: .versionNotUpgradable(version: version))
    }
    guard version < currentVersion else { return document }
    var document = document
    if version == 1 {
      // Version 1 listed every reload key in `state.json`; version 2 leaves
      // them in the journals. The step drops the list and marks nothing as indexed.
      let members = try upgrading(document, to: 2) { card in
        guard case .object(let fields) = card else { return card }
        return .object(fields.filter { $0.0 != "reloadKeys" } + [("keysIndexedLength", .integer(0))])
      }
      document = .object(members.filter { $0.0 != "crc" } + [("removedCardIDs", .array([]))])
    }
    // Version 2 cards had one fare and no kind. Version 3 makes each a
    // `metrocard` that keeps its fare as a fare set by hand for every ride,
    // so no balance and no recorded charge changes; its fare standing is `null`.
    return .object(
      try upgrading(document, to: 3) { card in
        guard case .object(let fields) = card, let fare = card["fare"] else { return card }
        return .object(
          fields.filter { $0.0 != "fare" } + [
            ("kind", .string(CardKind.metrocard.rawValue)), ("reduced", .bool(false)),
            ("mode", .string(TravelMode.subway.rawValue)),
            ("fareByHand", .object([("amount", fare), ("since", .null)])), ("customRules", .null),
            ("fareState", .null),
          ])
      })
  }

  /// The members of `document` with each of its cards changed by `upgrade`
  /// and its version `version`.
  static func upgrading(
    _ document: JSONValue, to version: Int64, _ upgrade: (JSONValue) -> JSONValue
  ) throws(MetroError) -> [(String, JSONValue)] {
    guard case .object(let members) = document, case .array(let cards)? = document["cards"] else {
      throw .storeDamaged(path: "", line: nil, problem: .notStateFile)
    }
    return members.map {
      switch $0.0 {
      case "cards": ("cards", .array(cards.map(upgrade)))
      case "version": ("version", .integer(version))
      default: $0
      }
    }
  }
}

/// A card as `state.json` stores it.
struct StoredCard: Equatable {
  /// Never reused within a store; names the card's journal.
  var id: Int
  var card: MetroCard
  /// The balance before the first update in the journal.
  var openingBalance: Money
  /// The sequence number of the last journal line applied.
  var lastSequence: Int
  /// The journal's length in bytes once that line was applied.
  var journalLength: Int64
}

/// Everything in `state.json`.
struct StoredState: Equatable {
  var storeID: String
  /// Counts committed writes; part of every reference's identity.
  var revision: Int
  var nextCardID: Int
  var defaultCardID: Int
  var cards: [StoredCard]
}

/// One line of a journal: a balance update and where it sits in the sequence.
struct JournalEntry: Equatable {
  var sequence: Int
  /// The sequence number of the last line written in the same transaction;
  /// a transaction counts only once all its lines are present.
  var transactionEnd: Int
  var update: BalanceUpdate
}

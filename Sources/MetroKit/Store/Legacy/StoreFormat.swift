import FoundationEssentials

/// The old store's on-disk records (formats 1 to 3), as the legacy reader
/// decodes them; nothing writes them any more.
///
/// `state.json` holds a small snapshot of every card; each card's history is an
/// append-only `journal-<id>.jsonl`. Both say which format version wrote them.
enum StoreFormat {
  /// The last format of the old store, which older ones are upgraded to as
  /// they are read.
  static let currentVersion = 3
  static let stateFormatName = "metrobuddy-state"
  static let journalFormatName = "metrobuddy-journal"

  /// One step that upgrades a `state.json` document by one version.
  typealias Migration = @Sendable (JSONValue) throws(MetroError) -> JSONValue

  /// The shipped steps, keyed by the version each upgrades from; each format
  /// change adds its step here and a fixture of the old format to the tests.
  static let migrations: [Int: Migration] = [1: moveReloadKeysOut, 2: addFareRules]

  /// Version 1 listed every reload key in `state.json`; version 2 leaves
  /// them in the journals. The step drops the list and marks nothing as indexed.
  static let moveReloadKeysOut: Migration = { document throws(MetroError) in
    guard case .object(let members) = document, case .array(let cards)? = document["cards"] else {
      throw .storeDamaged(path: "", line: nil, problem: .notStateFile)
    }
    let upgraded = cards.map { card -> JSONValue in
      guard case .object(let fields) = card else { return card }
      return .object(fields.filter { $0.0 != "reloadKeys" } + [("keysIndexedLength", .integer(0))])
    }
    return .object(
      members.filter { $0.0 != "crc" }.map {
        switch $0.0 {
        case "cards": ("cards", .array(upgraded))
        case "version": ("version", .integer(2))
        default: $0
        }
      } + [("removedCardIDs", .array([]))])
  }

  /// Upgrades `document`, written in format `version`, to ``currentVersion``.
  ///
  /// - Throws: ``MetroError/storeDamaged(path:line:problem:)`` when no step
  ///   upgrades from some version on the way.
  static func migrate(
    _ document: JSONValue, from version: Int, path: String, using steps: [Int: Migration]
  ) throws(MetroError) -> JSONValue {
    var document = document
    var version = version
    while version < currentVersion {
      guard let step = steps[version] else {
        throw .storeDamaged(path: path, line: nil, problem: .versionNotUpgradable(version: version))
      }
      document = try step(document)
      version += 1
    }
    return document
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
  /// How much of the journal an old writer had indexed the reload keys of.
  var keysIndexedLength: Int64
}

/// Everything in `state.json`.
struct StoredState: Equatable {
  var storeID: String
  /// Counts committed writes; part of every reference's identity.
  var revision: Int
  var nextCardID: Int
  var defaultCardID: Int
  var cards: [StoredCard]
  /// Cards removed whose journals an old writer had still to delete.
  var removedCardIDs: [Int] = []

  /// The state of a store that has no files yet: one card, `default`.
  static func fresh(storeID: String) -> StoredState {
    StoredState(
      storeID: storeID, revision: 0, nextCardID: 2, defaultCardID: 1,
      cards: [
        StoredCard(
          id: 1, card: MetroCard(name: MetroCard.defaultName), openingBalance: .zero, lastSequence: 0,
          journalLength: 0, keysIndexedLength: 0)
      ])
  }

  func index(ofCardID id: Int) -> Int? { cards.firstIndex { $0.id == id } }
}

/// One line of a journal: a balance update and where it sits in the sequence.
struct JournalEntry: Equatable {
  var sequence: Int
  /// The sequence number of the last line written in the same transaction;
  /// a transaction counts only once all its lines are present.
  var transactionEnd: Int
  var update: BalanceUpdate
}

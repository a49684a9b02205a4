import FoundationEssentials
import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// A named situation to test against, loaded from `Scenarios/NAME.json`:
/// cards with their history, the moment it is "now", and how the store behaves.
///
/// A scenario may extend another: its top-level fields replace the base's,
/// and each of its cards changes the base card of the same name field by field.
public struct Scenario: Sendable, Equatable {
  /// The file's name without `.json`, such as `returning-user`.
  public var name: String
  /// What the scenario stands for.
  public var summary: String
  /// The instant the scenario's clock shows.
  public var now: Date
  /// The cards, each with its history oldest first.
  public var cards: [MockMetroCardDataStore.Card]
  /// The default card's name.
  public var defaultCard: String?
  /// Whether reading a store with no card creates the default one.
  public var createsCardOnFirstAccess: Bool
  /// Whether writes succeed.
  public var writesSucceed: Bool

  /// The scenario's clock.
  public var clock: Clock { .constant(now) }

  /// A fresh mock store in this scenario's state.
  public func makeStore(timeZone: LocalTimeZone = .utc) -> MockMetroCardDataStore {
    MockMetroCardDataStore(
      cards: cards, defaultCard: defaultCard, createsCardOnFirstAccess: createsCardOnFirstAccess,
      writesSucceed: writesSucceed, clock: clock, timeZone: timeZone, name: "scenario '\(name)'")
  }
}

/// Why a scenario could not be loaded.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, naming the scenario and the file.
  public var description: String
}

/// Finds and reads scenario files.
public struct ScenarioLoader: Sendable {
  /// The folder holding the `.json` files.
  public var directory: String

  /// Creates a loader for a folder of scenarios.
  public init(directory: String) {
    self.directory = directory
  }

  /// The package's `Scenarios/` folder, found from this source file's path:
  /// scenarios are a development aid, used by tests and debug builds.
  public static var packageScenarios: ScenarioLoader {
    var path = #filePath
    for _ in 0..<3 {
      if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
    }
    return ScenarioLoader(directory: path + "/Scenarios")
  }

  /// The names of every scenario, sorted.
  public func names() throws(ScenarioError) -> [String] {
    guard let directoryHandle = opendir(directory) else {
      throw ScenarioError(description: "Cannot read the scenarios folder \(directory).")
    }
    defer { closedir(directoryHandle) }
    var names: [String] = []
    while let entry = readdir(directoryHandle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name.hasSuffix(".json") { names.append(String(name.dropLast(5))) }
    }
    return names.sorted()
  }

  /// Loads the scenario `name`, applying the chain of scenarios it extends.
  ///
  /// - Throws: ``ScenarioError`` for an unknown name or a malformed file.
  public func load(_ name: String) throws(ScenarioError) -> Scenario {
    let document = try mergedDocument(name, depth: 0)
    return try Scenario(name: name, document: document)
  }

  private func mergedDocument(_ name: String, depth: Int) throws(ScenarioError) -> JSONValue {
    guard depth < 8, !name.isEmpty, !name.contains("/") else {
      throw ScenarioError(description: "Scenario '\(name)' cannot be loaded (bad name or a loop of 'extends').")
    }
    let path = directory + "/" + name + ".json"
    guard let bytes = Self.read(path) else {
      let known = (try? names())?.joined(separator: ", ") ?? ""
      throw ScenarioError(description: "There is no scenario '\(name)' in \(directory). Known: \(known).")
    }
    let document: JSONValue
    do { document = try JSONParser.parse(bytes) } catch {
      throw ScenarioError(description: "\(path): not valid JSON at byte \(error.offset): \(error.reason).")
    }
    guard case .string(let base)? = document["extends"] else { return document }
    return Self.merge(try mergedDocument(base, depth: depth + 1), with: document)
  }

  static func merge(_ base: JSONValue, with overlay: JSONValue) -> JSONValue {
    guard case .object(var members) = base, case .object(let overlayMembers) = overlay else { return overlay }
    for (key, value) in overlayMembers where key != "extends" {
      var merged = value
      if key == "cards", case .array(let baseCards)? = base["cards"], case .array(let newCards) = value {
        var result = baseCards
        for card in newCards {
          if let position = result.firstIndex(where: { $0["name"] == card["name"] }) {
            result[position] = merge(result[position], with: card)
          } else {
            result.append(card)
          }
        }
        merged = .array(result)
      }
      if let position = members.firstIndex(where: { $0.0 == key }) {
        members[position].1 = merged
      } else {
        members.append((key, merged))
      }
    }
    return .object(members)
  }

  static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }
}

extension Scenario {
  init(name: String, document: JSONValue) throws(ScenarioError) {
    func fail(_ detail: String) -> ScenarioError {
      ScenarioError(description: "Scenario '\(name)': \(detail).")
    }
    func string(_ value: JSONValue?, _ field: String) throws(ScenarioError) -> String? {
      switch value {
      case nil, .null?: return nil
      case .string(let text)?: return text
      default: throw fail("'\(field)' must be a string")
      }
    }
    func bool(_ key: String, default fallback: Bool) throws(ScenarioError) -> Bool {
      switch document[key] {
      case nil: return fallback
      case .bool(let flag)?: return flag
      default: throw fail("'\(key)' must be true or false")
      }
    }
    self.name = name
    summary = try string(document["description"], "description") ?? ""
    guard let nowText = try string(document["now"], "now"), let now = Timestamp.parseISO8601UTC(nowText) else {
      throw fail("'now' must be a UTC time such as 2021-03-01T14:00:00Z")
    }
    self.now = now
    defaultCard = try string(document["defaultCard"], "defaultCard")
    createsCardOnFirstAccess = try bool("createsCardOnFirstAccess", default: true)
    writesSucceed = try bool("writesSucceed", default: true)
    var cards: [MockMetroCardDataStore.Card] = []
    if case .array(let cardValues)? = document["cards"] {
      for value in cardValues {
        guard let cardName = try string(value["name"], "name") else { throw fail("every card needs a 'name'") }
        func money(_ key: String, _ fallback: Money) throws(ScenarioError) -> Money {
          guard let text = try string(value[key], key) else { return fallback }
          guard let amount = Money.parseCanonical(text) else {
            throw fail("card '\(cardName)': '\(key)' is not an amount")
          }
          return amount
        }
        var card = MetroCard(name: cardName, balance: try money("balance", .zero))
        if value["fare"] != nil { card.fareByHand = HandFare(amount: try money("fare", .zero), since: nil) }
        card.serialNumber = try string(value["serialNumber"], "serialNumber")
        if let text = try string(value["expirationDate"], "expirationDate") {
          guard let date = CalendarDate(iso: text) else {
            throw fail("card '\(cardName)': 'expirationDate' is not a date")
          }
          card.expirationDate = date
        }
        var updates: [BalanceUpdate] = []
        if case .array(let updateValues)? = value["updates"] {
          var amounts: [(BalanceUpdate.Kind, Money, Date, String?)] = []
          for update in updateValues {
            guard let typeText = try string(update["type"], "type"), let type = BalanceUpdate.Kind(rawValue: typeText),
              let amountText = try string(update["amount"], "amount"), let amount = Money.parseCanonical(amountText),
              let timeText = try string(update["timestamp"], "timestamp"),
              let time = Timestamp.parseISO8601UTC(timeText)
            else {
              throw fail("card '\(cardName)': every update needs a 'type', a signed 'amount' and a UTC 'timestamp'")
            }
            amounts.append((type, amount, time, try string(update["key"], "key")))
          }
          // Balances run forward from the opening balance to the card's balance.
          var running = card.balance.minorUnits - amounts.reduce(0) { $0 + $1.1.minorUnits }
          guard running >= 0 else { throw fail("card '\(cardName)': the updates add up to more than the balance") }
          for (index, (type, amount, time, key)) in amounts.enumerated() {
            running += amount.minorUnits
            updates.append(
              BalanceUpdate(
                id: Scenario.stableID(index), type: type, amount: amount, balance: Money(minorUnits: running),
                timestamp: time, key: key))
          }
        }
        cards.append(MockMetroCardDataStore.Card(card: card, updates: updates))
      }
    }
    self.cards = cards
  }

  /// Ids that stay the same from run to run, so golden output can pin them.
  static func stableID(_ index: Int) -> UUID {
    SequentialIDs.id(index + 1)
  }
}

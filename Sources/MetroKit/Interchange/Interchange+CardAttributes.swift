import FoundationEssentials

extension Interchange {
  /// The card attributes of a JSON export's card object; `nil` for a bare
  /// array of updates or an export made before exports carried
  /// `openingBalance`.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the field.
  package static func cardAttributes(
    of shape: JSONImportShape, source: String, currency: Currency
  ) throws(MetroError) -> ImportedCardAttributes? {
    guard case .card(let card, _) = shape, card["openingBalance"] != nil else { return nil }
    return try cardAttributes(of: card, source: source, currency: currency, card: nil)
  }

  /// The card attributes of a JSON export held in memory.
  package static func cardAttributes(
    fromJSON bytes: [UInt8], source: String, currency: Currency
  ) throws(MetroError) -> ImportedCardAttributes? {
    try cardAttributes(of: jsonShape(ImportBytes(bytes), source: source), source: source, currency: currency)
  }

  /// The card attributes of one card object; `card` names it in errors
  /// (a card of a backup).
  static func cardAttributes(
    of document: JSONValue, source: String, currency: Currency, card: String?
  ) throws(MetroError) -> ImportedCardAttributes {
    func failure(_ field: String, _ problem: ImportProblem) -> MetroError {
      let position = ImportColumn.cardField(field)
      return .importMalformed(
        source: source, line: 0, column: card.map { .card($0, position) } ?? position, problem: problem)
    }
    func money(_ field: String, minimum: Money) throws(MetroError) -> Money {
      guard case .string(let text)? = document[field], let value = Money.parseCanonical(text, currency: currency),
        value >= minimum, value <= .maximumBalance
      else { throw failure(field, .notAnAmountFrom(minimum: minimum, currency: currency)) }
      return value
    }
    let opening = try money("openingBalance", minimum: -Money.maximumBalance)
    let settings = try settings(of: document, failure: failure, currency: currency)
    var expiration: CalendarDate?
    switch document["expirationDate"] {
    case nil, .null?: break
    case .string(let text)?:
      guard let date = CalendarDate(iso: text) else {
        throw failure("expirationDate", .notADate)
      }
      expiration = date
    default: throw failure("expirationDate", .notADate)
    }
    var serial: String?
    switch document["serialNumber"] {
    case nil, .null?: break
    case .string(let text)?:
      do { try CardRules.validateText(text, field: .serialNumber) } catch {
        throw failure("serialNumber", .invalidSerialNumber(text))
      }
      serial = text
    default: throw failure("serialNumber", .notAString)
    }
    return ImportedCardAttributes(
      openingBalance: opening, kind: settings.kind, isReduced: settings.isReduced, mode: settings.mode,
      fareByHand: settings.fareByHand, customRules: settings.customRules, expirationDate: expiration,
      serialNumber: serial, londonZones: settings.londonZones)
  }

  /// What makes a card the card it is, as an export says.
  private struct Settings {
    var kind: CardKind
    var isReduced = false
    var mode = TravelMode.subway
    var fareByHand: HandFare?
    var customRules: CustomFareRules?
    var londonZones: LondonZones?
  }

  /// The kind, reduced fare, mode, fare set by hand and custom rules of a
  /// card object. An export from before cards had kinds has only `fare`:
  /// that card was a MetroCard, and its fare is set by hand for every ride.
  /// A newer export's `fare` is the fare of its moment, not read back.
  private static func settings(
    of document: JSONValue, failure: (String, ImportProblem) -> MetroError, currency: Currency
  ) throws(MetroError) -> Settings {
    func amount(_ value: JSONValue?, _ field: String) throws(MetroError) -> Money {
      let minimum = Money(minorUnits: 1)
      guard case .string(let text)? = value, let amount = Money.parseCanonical(text, currency: currency),
        amount >= minimum
      else { throw failure(field, .notAnAmountFrom(minimum: minimum, currency: currency)) }
      guard amount <= Money.maximumInput(in: currency) else { throw failure(field, .fareTooLarge) }
      return amount
    }
    func known<Value: RawRepresentable<String> & CaseIterable>(_ field: String, as: Value.Type) throws(MetroError)
      -> Value
    {
      guard case .string(let text)? = document[field] else { throw failure(field, .notAString) }
      guard let value = Value(rawValue: text) else {
        throw failure(field, .notOneOf(text, known: Value.allCases.map(\.rawValue)))
      }
      return value
    }
    guard document["kind"] != nil else {
      let fare = try amount(document["fare"], "fare")
      return Settings(kind: .metrocard, fareByHand: HandFare(amount: fare, since: nil))
    }
    var settings = Settings(kind: try known("kind", as: CardKind.self), mode: try known("mode", as: TravelMode.self))
    guard case .bool(let reduced)? = document["reduced"] else { throw failure("reduced", .notABoolean) }
    settings.isReduced = reduced
    switch document["fareByHand"] {
    case nil, .null?: break
    case .object(let members)?:
      let hand = JSONValue.object(members)
      if let unknown = members.first(where: { !["amount", "since"].contains($0.0) }) {
        throw failure("fareByHand." + unknown.0, .unknownCardField(known: ["amount", "since"]))
      }
      var since: Date?
      switch hand["since"] {
      case nil, .null?: break
      case .string(let text)?:
        guard let date = Timestamp.parseISO8601UTC(text) else { throw failure("fareByHand.since", .notATime(text)) }
        since = date
      default: throw failure("fareByHand.since", .notAString)
      }
      settings.fareByHand = HandFare(amount: try amount(hand["amount"], "fareByHand.amount"), since: since)
    default: throw failure("fareByHand", .notAnObject)
    }
    if settings.kind == .custom, settings.fareByHand == nil { throw failure("fareByHand", .missing) }
    switch document["customRules"] {
    case nil, .null?: break
    case .object(let members)?:
      let known = ["expressFare", "cap", "expressCap", "transfer", "zone"]
      if let unknown = members.first(where: { !known.contains($0.0) }) {
        throw failure("customRules." + unknown.0, .unknownCardField(known: known))
      }
      let rules = JSONValue.object(members)
      func cap(_ field: String) throws(MetroError) -> FareCap? {
        let name = "customRules." + field
        switch rules[field] {
        case nil, .null?: return nil
        case .object?:
          guard case .string(let text)? = rules[field]?["period"], let period = capPeriod(text) else {
            throw failure(
              name + ".period", .notOneOf("\(rules[field]?["period"] ?? .null)", known: ["Nd", "day", "week", "month"]))
          }
          return FareCap(limit: try amount(rules[field]?["limit"], name + ".limit"), period: period)
        default: throw failure(name, .notAnObject)
        }
      }
      var custom = CustomFareRules(cap: try cap("cap"), expressCap: try cap("expressCap"))
      switch rules["expressFare"] {
      case nil, .null?: break
      case let value: custom.expressFare = try amount(value, "customRules.expressFare")
      }
      switch rules["transfer"] {
      case nil, .null?: break
      case .object?:
        guard case .integer(let minutes)? = rules["transfer"]?["minutes"], (0...1440).contains(minutes),
          case .integer(let transfers)? = rules["transfer"]?["transfers"], (0...10).contains(transfers)
        else { throw failure("customRules.transfer", .notAnObject) }
        custom.transfer = TransferRule(windowMinutes: Int(minutes), transfersPerRide: Int(transfers))
      default: throw failure("customRules.transfer", .notAnObject)
      }
      switch rules["zone"] {
      case nil, .null?: break
      case .object?:
        guard case .string(let name)? = rules["zone"]?["name"], AgencyZone.isKeepableName(name),
          case .string(let text)? = rules["zone"]?["rule"], let rule = PosixTimeZone(text)
        else { throw failure("customRules.zone", .notAnObject) }
        custom.zone = AgencyZone(name: name, rule: rule)
      default: throw failure("customRules.zone", .notAnObject)
      }
      settings.customRules = custom
    default: throw failure("customRules", .notAnObject)
    }
    if settings.customRules != nil, settings.kind != .custom {
      throw failure("customRules", .notOneOf(settings.kind.rawValue, known: [CardKind.custom.rawValue]))
    }
    switch document["londonZones"] {
    case nil, .null?: break
    case .string(let text)?:
      guard settings.kind.paysLondonFares else {
        throw failure(
          "londonZones",
          .notOneOf(settings.kind.rawValue, known: [CardKind.londonPayg.rawValue, CardKind.londonContactless.rawValue]))
      }
      do { settings.londonZones = try LondonZones(text) } catch {
        throw failure("londonZones", .notOneOf(text, known: LondonZones.known))
      }
    default: throw failure("londonZones", .notAString)
    }
    return settings
  }

  /// A cap period as `state.json` and exports write it: `Nd`, `day`, `week` or `month`.
  static func capPeriod(_ text: String) -> CapPeriod? {
    switch text {
    case "day": return .calendarDay
    case "week": return .calendarWeek
    case "month": return .calendarMonth
    default:
      guard text.hasSuffix("d"), let days = Int(text.dropLast()), (1...366).contains(days) else { return nil }
      return .rolling(days: days)
    }
  }
}

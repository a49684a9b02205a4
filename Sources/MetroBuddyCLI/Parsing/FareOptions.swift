import MetroKit

/// The options about fares that `card add`, `kind`, `mode` and `swipe` share:
/// a card's kind, mode and currency (each one of a fixed list, so a wrong
/// word is a usage error with a suggestion), and a custom card's rules.
enum FareOptions {
  /// `--kind KIND`.
  static let kind = Option<CardKind>.word(
    "kind", valueName: "kind",
    help: .fares(.fareOptionKind),
    default: .omnyCard
  ) { .kind($0, suggestion: $1) }
  /// `--mode MODE`, for `card add`: the card's default mode.
  static let mode = Option<TravelMode>.riderMode("mode", help: .fares(.fareOptionCardMode))
  /// `--mode MODE`, for `swipe`: this ride's mode instead of the card's.
  static let rideMode = Option<TravelMode>.riderMode("mode", help: .fares(.fareOptionRideMode)).optional
  /// `--currency CODE`: any ISO 4217 code.
  static let currency = Option<Currency>(
    "currency", valueName: "code", help: .fares(.fareOptionCurrency),
    default: .usd, shownDefault: "USD"
  ) { text, _ throws(OptionValueError) in
    guard let currency = Currency(code: text) else {
      let suggestion =
        Currency(code: text.uppercased()) != nil
        ? text.uppercased() : Suggestion.closest(to: text.uppercased(), among: Currency.allCodes)
      throw OptionValueError(problem: .currency(text, suggestion: suggestion))
    }
    return currency
  }
  /// `--reduced`.
  static let reduced = Flag("reduced", help: .fares(.fareOptionReduced))
  /// `--full`, for `kind`.
  static let full = Flag("full", help: .fares(.fareOptionFull))
  /// `--fare AMOUNT`, in the card's currency.
  static let fare = Option<String?>.text(
    "fare", valueName: "amount",
    help: .fares(.fareOptionFare))
  /// `--cap AMOUNT`: a custom card's cap on local rides.
  static let cap = Option<String?>.text(
    "cap", valueName: "amount", help: .fares(.fareOptionCap))
  /// `--cap-period PERIOD`.
  static let capPeriod = Option<CapPeriod?>(
    "cap-period", valueName: "period",
    help: .fares(.fareOptionCapPeriod),
    default: nil
  ) { text, _ throws(OptionValueError) in
    switch text {
    case "day": return .calendarDay
    case "week": return .calendarWeek
    case "month": return .calendarMonth
    default:
      let digits = text.dropLast()
      guard text.hasSuffix("d"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let days = Int(digits), (1...366).contains(days)
      else { throw OptionValueError(problem: .capPeriod(text)) }
      return .rolling(days: days)
    }
  }
  /// `--express-fare AMOUNT`.
  static let expressFare = Option<String?>.text(
    "express-fare", valueName: "amount", help: .fares(.fareOptionExpressFare))
  /// `--express-cap AMOUNT`.
  static let expressCap = Option<String?>.text(
    "express-cap", valueName: "amount", help: .fares(.fareOptionExpressCap))
  /// `--transfer-window MINUTES`.
  static let transferWindow = Option<Int>.wholeNumber(
    "transfer-window", valueName: "minutes",
    help: .fares(.fareOptionTransferWindow),
    in: 1...1440, default: 0
  ) { .transferWindow($0) }.optional
  /// `--transfers N`.
  static let transfers = Option<Int>.wholeNumber(
    "transfers", help: .fares(.fareOptionTransfers),
    in: 1...99, default: 1
  ) { .transfers($0) }.optional

  /// `--zone ZONE`: the zone a custom card's rules read.
  static let zone = Option<String?>.text(
    "zone", valueName: "zone",
    help: .fares(.fareOptionZone))

  /// `--zones RANGE`: a London card's zones, which decide its caps.
  static let zones = Option<LondonZones?>(
    "zones", valueName: "zones",
    help: .fares(.fareOptionZones),
    default: nil
  ) { text, _ throws(OptionValueError) in
    do throws(LondonZones.Problem) {
      return try LondonZones(text)
    } catch {
      throw OptionValueError(problem: .zones(error))
    }
  }

  /// The currency a new card takes when `--currency` is not given: pounds
  /// for a London card, Canadian dollars for a Toronto one.
  static func currency(_ parsed: ParsedCommand, kind: CardKind) throws(UsageError) -> Currency {
    let code = [CardKind.londonPayg: "GBP", .londonContactless: "GBP", .ttcPresto: "CAD"][kind]
    guard !parsed.gave(currency.spec.name), let code else { return try parsed[currency] }
    return Currency(code: code) ?? .usd
  }

  /// The custom rule options, in the order help lists them.
  static let customSpecs = [
    cap.spec, capPeriod.spec, expressFare.spec, expressCap.spec, transferWindow.spec, transfers.spec, zone.spec,
  ]

  /// The custom rules the options give, or `nil` when none of them is given;
  /// amounts are read in `currency`, a zone's name as ``ZoneLookup`` finds it.
  static func customRules(_ parsed: ParsedCommand, currency: Currency, environment: Environment) throws(UsageError)
    -> CustomFareRules?
  {
    let names = customSpecs.map(\.name)
    guard names.contains(where: { parsed.gave($0) }) else { return nil }
    var rules = CustomFareRules()
    if let text = parsed.value(zone.spec.name) {
      guard let found = ZoneLookup.zone(named: text, environment: environment) else {
        throw UsageError(message: .invalidValue(name: zone.spec.synopsis, problem: .zone(text)), path: parsed.path)
      }
      rules.zone = found
    }
    let period = try parsed[capPeriod] ?? .rolling(days: 7)
    if let cap = try parsed.amount(cap, in: currency, positive: true) {
      rules.cap = FareCap(limit: cap, period: period)
    } else if parsed.gave(capPeriod.spec.name) {
      throw UsageError(message: .optionNeeds(capPeriod.spec.synopsis, cap.spec.synopsis), path: parsed.path)
    }
    rules.expressFare = try parsed.amount(expressFare, in: currency, positive: true)
    if let expressCap = try parsed.amount(expressCap, in: currency, positive: true) {
      guard rules.expressFare != nil else {
        throw UsageError(
          message: .optionNeeds(self.expressCap.spec.synopsis, expressFare.spec.synopsis), path: parsed.path)
      }
      rules.expressCap = FareCap(limit: expressCap, period: period)
    }
    if let window = try parsed[transferWindow] {
      rules.transfer = TransferRule(windowMinutes: window, transfersPerRide: try parsed[transfers] ?? 1)
    } else if parsed.gave(transfers.spec.name) {
      throw UsageError(message: .optionNeeds(transfers.spec.synopsis, transferWindow.spec.synopsis), path: parsed.path)
    }
    return rules
  }
}

extension Option {
  /// One of the cases of `Value` by its raw value; a wrong word is refused
  /// with the closest right one as a suggestion.
  static func word(
    _ name: String, valueName: String, help: HelpKey?, default defaultValue: Value,
    problem: @escaping @Sendable (String, String?) -> ValueProblem
  ) -> Option<Value> where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    oneOf(name, valueName: valueName, help: help, default: defaultValue) { text in
      problem(text, Suggestion.closest(to: text.lowercased(), among: Value.allCases.map(\.rawValue)))
    }
  }
}

extension ParsedCommand {
  /// The amount given for `option` in `currency` (at most its fraction
  /// digits), or `nil` when it is not given.
  func amount(_ option: Option<String?>, in currency: Currency, positive: Bool) throws(UsageError) -> Money? {
    guard let text = value(option.spec.name) else { return nil }
    do throws(OptionValueError) {
      return try AmountText.money(text, in: currency, positive: positive)
    } catch {
      throw UsageError(message: .invalidValue(name: option.spec.synopsis, problem: error.problem), path: path)
    }
  }
}

/// An AMOUNT typed before the card, and so its currency, is known: checked
/// for its form when parsed, read in the card's currency when the command runs.
struct AmountText: Sendable, Equatable {
  /// What was typed.
  var text: String
  /// Where it was typed, as error messages name it: `<amount>`.
  var name: String
  /// Whether zero is refused.
  var positive: Bool

  /// Checks the form of `text` (digits and at most one point), refusing what
  /// no currency accepts.
  init(_ text: String, name: String, positive: Bool, _ parsed: ParsedCommand) throws(UsageError) {
    self.text = text
    self.name = name
    self.positive = positive
    // The form is checked now, in dollars; more fraction digits wait for the
    // card's currency (a dinar has three), which decides when the command runs.
    do throws(OptionValueError) {
      _ = try Self.money(text, in: .usd, positive: positive)
    } catch {
      if case .amount(.tooManyFractionDigits, _) = error.problem,
        (try? Self.money(text, in: Currency(code: "CLF") ?? .usd, positive: positive)) != nil
      {
        return
      }
      throw UsageError(message: .invalidValue(name: name, problem: error.problem), path: parsed.path)
    }
  }

  /// The amount in `currency`; a usage error when it has more fraction
  /// digits than the currency or is too large for it.
  func money(in currency: Currency, path: [String]) throws(UsageError) -> Money {
    do throws(OptionValueError) {
      return try Self.money(text, in: currency, positive: positive)
    } catch {
      throw UsageError(message: .invalidValue(name: name, problem: error.problem), path: path)
    }
  }

  static func money(_ text: String, in currency: Currency, positive: Bool) throws(OptionValueError) -> Money {
    let value: Money
    do { value = try Money.parse(text, currency: currency) } catch {
      throw OptionValueError(problem: .amount(error.reason, text: error.text))
    }
    if positive, value == .zero { throw OptionValueError(problem: .amountNotPositive) }
    return value
  }
}

extension Option where Value == TravelMode {
  /// A mode a rider takes (``TravelMode/riderModes``), by its name; a wrong
  /// word, or `uncapped` (which only an import records), is refused with
  /// the closest rider's mode as a suggestion.
  static func riderMode(_ name: String, help: HelpKey?) -> Option<TravelMode> {
    Option(name, valueName: "mode", help: help, default: .subway, shownDefault: TravelMode.subway.rawValue) {
      text, _ throws(OptionValueError) in
      guard let mode = TravelMode(rawValue: text), TravelMode.riderModes.contains(mode) else {
        let names = TravelMode.riderModes.map(\.rawValue)
        throw OptionValueError(
          problem: .mode(text, suggestion: Suggestion.closest(to: text.lowercased(), among: names)))
      }
      return mode
    }
  }
}

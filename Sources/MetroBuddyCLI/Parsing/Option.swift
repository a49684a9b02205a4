import FoundationEssentials
import MetroKit

/// What is wrong with an option's text, before the parser names the option.
struct OptionValueError: Error {
  var problem: ValueProblem
}

/// An option with everything about it in one value, as swift-argument-parser's
/// `@Option` has: its definition (for the parser, help, man page and
/// completions), how its text becomes a typed value, and the typed default.
/// A command declares each as a `static let` and reads it with
/// `parsed[SwipeCommand.count]`; help prints the default from the same value.
struct Option<Value: Sendable>: Sendable {
  /// The definition the parser and the documentation use.
  var spec: OptionSpec
  /// The value when the option is not given.
  var defaultValue: Value
  /// Reads the option's text; the time zone is for times and dates given in local time.
  var parse: @Sendable (String, LocalTimeZone) throws(OptionValueError) -> Value

  /// An option whose help shows `shownDefault` (when not `nil`) as its default.
  init(
    _ name: String, valueName: String, help: HelpKey?, default defaultValue: Value, shownDefault: String? = nil,
    parse: @escaping @Sendable (String, LocalTimeZone) throws(OptionValueError) -> Value
  ) {
    spec = OptionSpec(name: name, valueName: valueName, help: help, defaultValue: shownDefault)
    self.defaultValue = defaultValue
    self.parse = parse
  }
}

extension Option {
  /// A whole number in `range`; `problem` says what is wrong with a bad one.
  static func wholeNumber(
    _ name: String, valueName: String = "n", help: HelpKey?, in range: ClosedRange<Int>, default defaultValue: Value,
    shownDefault: String? = nil, problem: @escaping @Sendable (String) -> ValueProblem
  ) -> Option<Value> where Value == Int {
    Option(name, valueName: valueName, help: help, default: defaultValue, shownDefault: shownDefault) {
      text, _ throws(OptionValueError) in
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else {
        throw OptionValueError(problem: problem(text))
      }
      return value
    }
  }

  /// An amount of money, parsed strictly; `positive` refuses zero. The help
  /// shows the default in the stored form (`3.00`).
  static func amount(
    _ name: String, help: HelpKey?, default defaultValue: Money, positive: Bool
  ) -> Option<Money> where Value == Money {
    Option(name, valueName: "amount", help: help, default: defaultValue, shownDefault: defaultValue.plainString()) {
      text, _ throws(OptionValueError) in try Self.money(text, positive: positive)
    }
  }

  /// An optional amount of money, with no default.
  static func optionalAmount(_ name: String, help: HelpKey?, positive: Bool) -> Option<Money?>
  where Value == Money? {
    Option(name, valueName: "amount", help: help, default: nil) { text, _ throws(OptionValueError) in
      try Option<Money>.money(text, positive: positive)
    }
  }

  /// One of the cases of `Value` by its raw value (`json`, `csv`); help shows the default's.
  static func oneOf(
    _ name: String, valueName: String, help: HelpKey?, default defaultValue: Value,
    problem: @escaping @Sendable (String) -> ValueProblem
  ) -> Option<Value> where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    Option(name, valueName: valueName, help: help, default: defaultValue, shownDefault: defaultValue.rawValue) {
      text, _ throws(OptionValueError) in
      guard let value = Value(rawValue: text) else { throw OptionValueError(problem: problem(text)) }
      return value
    }
  }

  /// The same option, allowed more than once, with no default (none given is
  /// an empty list); read every value with `parsed[all: option]`.
  var repeating: Option<Value> {
    var result = self
    result.spec.repeats = true
    result.spec.defaultValue = nil
    return result
  }

  /// `--at TIME`: a date, or a date and time, local unless it names its offset.
  static func time(help: HelpKey?) -> Option<Date?> where Value == Date? {
    Option("at", valueName: "time", help: help, default: nil) { text, timeZone throws(OptionValueError) in
      guard let date = Timestamp.parse(text, in: timeZone) else { throw OptionValueError(problem: .notATime(text)) }
      return date
    }
  }

  /// Text taken as given (its command checks it, with its own message).
  static func text(_ name: String, valueName: String, help: HelpKey?) -> Option<String?> where Value == String? {
    Option(name, valueName: valueName, help: help, default: nil) { text, _ throws(OptionValueError) in text }
  }

  /// A calendar day, `YYYY-MM-DD`.
  static func day(_ name: String, help: HelpKey?) -> Option<CalendarDate?> where Value == CalendarDate? {
    Option(name, valueName: "date", help: help, default: nil) { text, _ throws(OptionValueError) in
      guard let date = CalendarDate(iso: text) else { throw OptionValueError(problem: .notADate(text)) }
      return date
    }
  }

  /// `--month YYYY-MM`: its first day.
  static func month(help: HelpKey?) -> Option<CalendarDate?> where Value == CalendarDate? {
    Option("month", valueName: "yyyy-mm", help: help, default: nil) { text, _ throws(OptionValueError) in
      guard text.count == 7, let first = CalendarDate(iso: text + "-01") else {
        throw OptionValueError(problem: .month(text))
      }
      return first
    }
  }

  /// The value as `Value?`, with no default: given or not.
  var optional: Option<Value?> {
    let parse = self.parse
    var spec = self.spec
    spec.defaultValue = nil
    var result = Option<Value?>(
      spec.name, valueName: spec.valueName ?? "", help: spec.help, default: nil
    ) { text, timeZone throws(OptionValueError) in try parse(text, timeZone) }
    result.spec = spec
    return result
  }

  fileprivate static func money(_ text: String, positive: Bool) throws(OptionValueError) -> Money {
    let value: Money
    do { value = try Money.parse(text) } catch {
      throw OptionValueError(problem: .amount(error.reason, text: error.text))
    }
    if positive, value == .zero { throw OptionValueError(problem: .amountNotPositive) }
    return value
  }
}

/// A flag (`--force`): given or not, as swift-argument-parser's `@Flag`.
struct Flag: Sendable {
  /// The definition the parser and the documentation use.
  var spec: OptionSpec

  /// A flag named `--name`, with an optional `-x` short form.
  init(_ name: String, short: Character? = nil, help: HelpKey) {
    spec = OptionSpec(name: name, short: short, help: help)
  }
}

extension ParsedCommand {
  /// Whether `flag` was given.
  subscript(flag: Flag) -> Bool { has(flag.spec.name) }

  /// Every value of a repeatable option, in the order given; empty when it is not given.
  subscript<Value>(all option: Option<Value>) -> [Value] {
    get throws(UsageError) {
      var result: [Value] = []
      for text in values[option.spec.name] ?? [] {
        do { result.append(try option.parse(text, timeZone)) } catch {
          throw UsageError(message: .invalidValue(name: option.spec.synopsis, problem: error.problem), path: path)
        }
      }
      return result
    }
  }

  /// The typed value of `option`: its default when it is not given, a usage
  /// error naming it when its text is wrong.
  subscript<Value>(option: Option<Value>) -> Value {
    get throws(UsageError) {
      guard let text = value(option.spec.name) else { return option.defaultValue }
      do { return try option.parse(text, timeZone) } catch {
        throw UsageError(message: .invalidValue(name: option.spec.synopsis, problem: error.problem), path: path)
      }
    }
  }
}

/// Options several commands share.
enum SharedOptions {
  /// `--at TIME`, for `swipe`, `reload` and `balance`.
  static let at = Option<Date?>.time(
    help: .core(.sharedAt))
}

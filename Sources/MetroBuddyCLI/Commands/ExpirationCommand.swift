import MetroKit

/// `expiration [DATE]` / `expiration --clear`: print, set or clear the expiration date.
struct ExpirationCommand: Command {
  static let spec = CommandSpec(
    name: "expiration", abstract: .cards(.expirationAbstract),
    discussion: .cards(.expirationDiscussion),
    arguments: [ArgumentSpec(name: "date", help: .cards(.expirationDateArgument), isOptional: true)],
    options: [clear.spec],
    examples: ["metrobuddy expiration 2030-03-20", "metrobuddy expiration --clear"])

  enum Action {
    case show
    case set(CalendarDate)
    case clear
  }
  var action: Action = .show

  /// `--clear`.
  static let clear = Flag("clear", help: .cards(.expirationClear))

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let text = try Self.optionalArgument(parsed)
    switch (text, parsed[Self.clear]) {
    case (let text?, false): action = .set(try Self.date(text, for: "<date>", parsed))
    case (nil, true): action = .clear
    case (nil, false): action = .show
    case (_?, true): throw Self.usageError(.giveDateOrClear, parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    switch action {
    case .show:
      let text =
        card.expirationDate.map {
          context.text(.expiration(date: context.text.date($0), days: context.today.days(until: $0)))
        } ?? context.text(.noExpiration)
      return CommandOutput(text: text + "\n", json: JSONRenderer.card(card.snapshot, at: context.moment))
    case .set(let date):
      return Self.changed(
        context.text(.expirationSet(date: context.text.date(date), days: context.today.days(until: date))),
        try context.store.apply([.expirationDate(date)], to: card), at: context.moment)
    case .clear:
      return Self.changed(
        context.text(.expirationCleared), try context.store.apply([.expirationDate(nil)], to: card), at: context.moment)
    }
  }
}

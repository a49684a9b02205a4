import MetroKit

/// `serial [NUMBER]` / `serial --clear`: print, set or clear the serial number.
struct SerialCommand: Command {
  static let spec = CommandSpec(
    name: "serial", abstract: .cards(.serialAbstract),
    arguments: [ArgumentSpec(name: "number", help: .cards(.serialNumberArgument), isOptional: true)],
    options: [clear.spec],
    examples: ["metrobuddy serial 0123456789", "metrobuddy serial --clear"])

  enum Action {
    case show
    case set(String)
    case clear
  }
  /// `--clear`.
  static let clear = Flag("clear", help: .cards(.serialClear))

  var action: Action = .show

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let number = try Self.optionalArgument(parsed)
    switch (number, parsed[Self.clear]) {
    case (let number?, false):
      do { try CardRules.validateText(number, field: .serialNumber) } catch {
        throw Self.usageError(
          .invalidValue(name: "<number>", problem: .text(maximum: CardRules.maximumTextLength)), parsed)
      }
      action = .set(number)
    case (nil, true): action = .clear
    case (nil, false): action = .show
    case (_?, true): throw Self.usageError(.giveSerialOrClear, parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    switch action {
    case .show:
      return CommandOutput(
        text: (card.serialNumber ?? context.text(.noSerial)) + "\n",
        json: JSONRenderer.card(card.snapshot, at: context.moment))
    case .set(let number):
      return Self.changed(
        context.text(.serialSet(number)), try context.store.apply([.serialNumber(number)], to: card), at: context.moment
      )
    case .clear:
      return Self.changed(
        context.text(.serialCleared), try context.store.apply([.serialNumber(nil)], to: card), at: context.moment)
    }
  }
}

import MetroKit

/// `undo`: reverse the latest balance update not yet undone.
struct UndoCommand: Command {
  static let spec = CommandSpec(
    name: "undo", abstract: .core(.undoAbstract),
    discussion: .core(.undoDiscussion))

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.apply([.balance(.undo)])
    let card = result.card.snapshot
    // Undo takes back the latest command as a whole: each undo reverses one of its updates.
    let reversed = Money(minorUnits: -result.recorded.reduce(Int64(0)) { $0 + $1.snapshot.amount.minorUnits })
    let sign = reversed.minorUnits > 0 ? "+" : ""
    let amount = sign + context.money(reversed, card.currency)
    let balance = context.money(card.balance, card.currency)
    if result.recorded.count == 1 {
      return Self.changed(
        context.text(.undid(amount: amount, balance: balance, rides: context.moment.ridesLeft(card))), result,
        at: context.moment)
    }
    return Self.changed(
      context.text(
        .undidCommand(
          count: result.recorded.count, amount: amount, balance: balance, rides: context.moment.ridesLeft(card))),
      result, at: context.moment)
  }
}

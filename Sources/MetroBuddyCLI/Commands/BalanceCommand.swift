import FoundationEssentials
import MetroKit

/// `balance [AMOUNT] [--at TIME] [--note TEXT]`: print the balance, or set
/// it and say what the difference from the recorded balance means.
struct BalanceCommand: Command {
  static let spec = CommandSpec(
    name: "balance", abstract: .core(.balanceAbstract),
    discussion: .core(.balanceDiscussion),
    arguments: [ArgumentSpec(name: "amount", help: .core(.balanceAmountArgument), isOptional: true)],
    options: [at.spec, note.spec],
    examples: [
      "metrobuddy balance", "metrobuddy balance 5.25", "metrobuddy balance 12.40 --note 'reader at 14 St'",
    ])

  /// `--at TIME`.
  static let at = SharedOptions.at
  /// `--note TEXT`: checked by ``BalanceUpdate/noteProblem(_:)`` when parsed.
  static let note = Option<String?>.text(
    "note", valueName: "text", help: .core(.balanceNote))

  var typed: AmountText?
  var amount: Money?
  var at: Date?
  var note: String?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    if let text = try Self.optionalArgument(parsed) {
      typed = try AmountText(text, name: "<amount>", positive: false, parsed)
    }
    at = try parsed[Self.at]
    note = try parsed[Self.note]
    if let note, let problem = BalanceUpdate.noteProblem(note) {
      throw Self.usageError(.noteRefused(problem), parsed)
    }
    if typed == nil, at != nil {
      throw Self.usageError(.atNeedsAmount, parsed)
    }
    if typed == nil, note != nil {
      throw Self.usageError(.noteNeedsAmount, parsed)
    }
  }

  mutating func prepare(in context: Context) throws(PreparationError) {
    if let typed { amount = try Self.money(typed, in: context, ["balance"]) }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let amount else {
      let card = try context.selectedCard()
      return CommandOutput(
        text: context.money(CardText.shown(card.snapshot.balance, for: card.snapshot), card.snapshot.currency) + "\n",
        json: JSONRenderer.card(card.snapshot, at: context.moment))
    }
    let result = try context.apply([.balance(.adjustment(to: amount, note: note), at: at)])
    let after = result.card.snapshot
    if result.recorded.isEmpty {
      var output = Self.changed(
        context.text(.balanceAlready(amount: context.money(amount, after.currency))), result, at: context.moment)
      output.addJSONMember("reconciliation") { .null }
      return output
    }
    // The balance set, and what it was at its moment (`--at` an earlier
    // time than updates already recorded: the balance then, and the
    // balance now differs).
    let assigned = result.recorded[0].assigned ?? after.balance
    let before = Money(minorUnits: assigned.minorUnits - result.recorded[0].amount.minorUnits)
    let reconciliation = try Self.reconciliation(from: before, to: assigned, result, context)
    let new = context.money(assigned, after.currency)
    let old = context.money(before, after.currency)
    let now = after.balance == assigned ? nil : context.money(after.balance, after.currency)
    let rides = context.moment.ridesLeft(after)
    let text: String
    if let reconciliation {
      let estimate = reconciliation.rides.flatMap { count in
        count == 0
          ? nil
          : RideEstimate(
            rides: count, fare: context.money(reconciliation.fare ?? .zero, after.currency),
            exact: reconciliation.isExact)
      }
      text = context.text(
        .balanceReconciled(
          new: new, old: old, difference: context.money(reconciliation.amount, after.currency),
          less: reconciliation.isShortfall, estimate: estimate, now: now, rides: rides))
    } else {
      text = context.text(.balanceSet(new: new, old: old, now: now, rides: rides))
    }
    var output = Self.changed(text, result, at: context.moment)
    output.addJSONMember("reconciliation") {
      reconciliation.map { JSONRenderer.reconciliation($0, currency: after.currency) } ?? .null
    }
    return output
  }

  /// What the difference from the recorded balance means, or `nil` when
  /// there is nothing to reconcile with: the first balance a card that had
  /// no history is given (its zero was never read off a card).
  static func reconciliation(
    from before: Money, to assigned: Money, _ result: UpdateResult, _ context: Context
  ) throws(MetroError) -> Reconciliation? {
    let card = result.card.snapshot
    if before == .zero, card.fareState.latestRide == nil {
      let latest = try context.store.balanceUpdates(for: result.card, matching: HistoryQuery(limit: 2))
      if latest.count < 2 { return nil }
    }
    return Reconciliation(recorded: before, actual: assigned, fare: context.moment.quote(card)?.amount)
  }
}

import MetroKit

/// `kind [KIND] [--reduced|--full]` and a custom card's rules: print the
/// card's kind, or change it.
struct KindCommand: Command {
  static let spec = CommandSpec(
    name: "kind", abstract: .fares(.kindAbstract),
    discussion: .fares(.kindDiscussion),
    arguments: [
      ArgumentSpec(name: "kind", help: .fares(.kindKindArgument), isOptional: true)
    ],
    options: [FareOptions.reduced.spec, FareOptions.full.spec] + FareOptions.customSpecs + [FareOptions.zones.spec],
    examples: [
      "metrobuddy kind", "metrobuddy kind omny-card --reduced", "metrobuddy kind custom --cap 20 --cap-period week",
      "metrobuddy kind london-payg --zones 1-3",
    ])

  /// `<kind>`, read as `--kind` is.
  static let kindArgument = Option<CardKind>.word(
    "kind", valueName: "kind", help: nil, default: .omnyCard
  ) { .kind($0, suggestion: $1) }

  var kind: CardKind?
  var reduced: Bool?
  var parsed: ParsedCommand
  var rules: CustomFareRules?
  /// Whether `--zone` is the only custom option: a custom card keeps its other rules.
  var zoneOnly = false
  /// `--zones`: a London card's zones.
  var zones: LondonZones?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    self.parsed = parsed
    if let text = try Self.optionalArgument(parsed) {
      do throws(OptionValueError) {
        kind = try Self.kindArgument.parse(text, environment.timeZone)
      } catch {
        throw Self.usageError(.invalidValue(name: "<kind>", problem: error.problem), parsed)
      }
    }
    switch (parsed[FareOptions.reduced], parsed[FareOptions.full]) {
    case (true, true): throw Self.usageError(.reducedOrFull, parsed)
    case (true, false): reduced = true
    case (false, true): reduced = false
    case (false, false): reduced = nil
    }
    zones = try parsed[FareOptions.zones]
  }

  mutating func prepare(in context: Context) throws(PreparationError) {
    let currency = try Self.currency(in: context)
    do {
      rules = try FareOptions.customRules(parsed, currency: currency, environment: context.environment)
    } catch { throw .usage(error) }
    let others = FareOptions.customSpecs.map(\.name).filter { $0 != FareOptions.zone.spec.name }
    zoneOnly = rules?.zone != nil && !others.contains(where: { parsed.gave($0) })
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    let before = card.snapshot
    guard kind != nil || reduced != nil || rules != nil || zones != nil else {
      return CommandOutput(
        text: CardText.kind(before, context) + "\n", json: JSONRenderer.card(before, at: context.moment))
    }
    var rules = rules
    if zoneOnly, before.kind == .custom, kind ?? .custom == .custom {
      rules = before.customRules ?? CustomFareRules()
      rules?.zone = self.rules?.zone
    }
    let result = try context.store.apply(
      [.kind(kind ?? before.kind, reduced: reduced, rules: rules)] + (zones.map { [.londonZones($0)] } ?? []), to: card)
    let after = result.card.snapshot
    return Self.changed(
      context.text(.kindSet(new: CardText.kind(after, context), old: CardText.kind(before, context))), result,
      at: context.moment)
  }
}

import MetroKit

/// `verify`: check the store's invariants and report each problem.
struct VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify", abstract: .store(.verifyAbstract),
    discussion: .store(.verifyDiscussion),
    options: [fares.spec], examples: ["metrobuddy verify", "metrobuddy --card omny verify --fares"])

  /// `--fares`.
  static let fares = Flag("fares", help: .store(.verifyFares))

  var fares: Bool

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    fares = parsed[Self.fares]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    if fares { return try checkFares(in: context) }
    guard let store = context.verifying else {
      return CommandOutput(
        text: context.text(.verifyInMemory) + "\n",
        json: .object([("store", .null), ("sound", .bool(true))]))
    }
    let report = try store.verify()
    func finding(_ item: VerificationReport.Finding) -> String {
      // A file's name and a field of it are the files' own text: never shown raw.
      TerminalText.message(item.path) + (item.line.map { ":\($0)" } ?? "") + ": "
        + TerminalText.escaped(context.text(.verifyFinding(item.problem)))
    }
    func findingJSON(_ item: VerificationReport.Finding) -> JSONValue {
      .object([
        ("file", .string(item.path)), ("line", item.line.map { .integer(Int64($0)) } ?? .null),
        ("problem", .string(item.problem.code)), ("detail", .string(context.text(.verifyFinding(item.problem)))),
      ])
    }
    let json = JSONValue.object([
      ("store", .string(report.directory)),
      ("sound", .bool(report.isSound)),
      ("cards", .integer(Int64(report.cards))),
      ("updates", .integer(Int64(report.updates))),
      ("problems", .array(report.problems.map(findingJSON))),
      ("notes", .array(report.notes.map(findingJSON))),
      ("capOverruns", .array(report.capOverruns.map { CapOverrunText.json($0, context) })),
    ])
    var text = ""
    for problem in report.problems { text += finding(problem) + "\n" }
    for note in report.notes { text += context.text(.verifyNote) + ": " + finding(note) + "\n" }
    for found in report.capOverruns {
      text += context.text(.verifyNote) + ": " + CapOverrunText.line(found, context) + "\n"
    }
    if !report.exists {
      text += context.text(.verifyNoStore(directory: report.directory)) + "\n"
    } else if report.isSound {
      text +=
        context.text(.verifySound(directory: report.directory, cards: report.cards, updates: report.updates)) + "\n"
    } else {
      text += context.text(.verifyDamaged(directory: report.directory, problems: report.problems.count)) + "\n"
    }
    return CommandOutput(text: text, json: json, exitCode: report.isSound ? .success : .dataError)
  }

  /// `verify --fares`: every card's rides (or `--card`'s) against the rules.
  func checkFares(in context: Context) throws(MetroError) -> CommandOutput {
    let histories =
      context.options.cardName == nil
      ? try context.store.allCardHistories() : [try context.store.cardHistory(named: context.options.cardName)]
    var text = ""
    var cards: [JSONValue] = []
    for history in histories {
      let card = history.card.snapshot
      let rides = FareAudit.rides(of: history.updates)
      let differences = FareAudit.differences(on: card, rides: rides, timeZone: context.environment.timeZone)
      text += context.text(.faresOfCard(card.name)) + " "
      text += ImportCommand.differencesText(differences, rides: rides.count, currency: card.currency, context: context)
      cards.append(
        .object([
          ("name", .string(card.name)), ("rides", .integer(Int64(rides.count))),
          ("fareDifferences", ImportCommand.differencesJSON(differences, currency: card.currency)),
        ]))
    }
    return CommandOutput(text: text, json: .array(cards))
  }
}

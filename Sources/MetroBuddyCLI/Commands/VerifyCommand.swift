import MetroKit

/// `verify`: check the store's invariants and report each problem.
struct VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify", abstract: "Check the store's files and report each problem with its file and line.",
    discussion: """
      Reads every file of the store without changing anything: each line decodes and its
      checksum matches, the sequence has no gaps, balances follow from the amounts, and
      state.json agrees with the journals. Exits 0 when the store is sound, 65 when not.
      """)

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let store = context.store as? any StoreVerifying else {
      return CommandOutput(
        text: context.text(.verifyInMemory) + "\n",
        json: .object([("store", .null), ("sound", .bool(true))]))
    }
    let report = try store.verify()
    func finding(_ item: VerificationReport.Finding) -> String {
      item.path + (item.line.map { ":\($0)" } ?? "") + ": " + context.text(.verifyFinding(item.problem))
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
    ])
    var text = ""
    for problem in report.problems { text += finding(problem) + "\n" }
    for note in report.notes { text += context.text(.verifyNote) + ": " + finding(note) + "\n" }
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
}

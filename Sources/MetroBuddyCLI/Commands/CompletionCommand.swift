import MetroKit

/// `completion bash|zsh|fish`: print a shell completion script generated from
/// the command definitions.
///
/// The scripts ask `metrobuddy [--store DIR] completion __cards` for the card
/// names when Tab is pressed; that form is not shown in help, prints the names
/// one a line, never creates a file, and prints nothing at all on an error.
struct CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion", abstract: .core(.completionAbstract),
    discussion: .core(.completionDiscussion),
    arguments: [ArgumentSpec(name: "shell", help: .core(.completionShellArgument))],
    examples: [
      "metrobuddy completion bash \\",
      "    > ~/.local/share/bash-completion/completions/metrobuddy",
      "metrobuddy completion zsh > ~/.zfunc/_metrobuddy   # with fpath+=(~/.zfunc)",
      "metrobuddy completion fish > ~/.config/fish/completions/metrobuddy.fish",
    ])

  /// What was asked for.
  enum Request: Equatable {
    case script(CompletionShell)
    /// The card names, for the scripts.
    case cards
  }

  var request: Request

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let text = try Self.arguments(parsed, ["shell"])[0]
    if text == CompletionScript.cardsRequest {
      request = .cards
    } else if let shell = CompletionShell(rawValue: text) {
      request = .script(shell)
    } else {
      throw Self.usageError(.invalidValue(name: "<shell>", problem: .shell(text)), parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    switch request {
    case .script(let shell):
      return CommandOutput(text: shell.script(), json: .null, rawOutput: true)
    case .cards:
      // Completion must stay quiet: a damaged or unreadable store offers no names.
      let names = (try? context.store.allCards().map(\.name)) ?? []
      return CommandOutput(text: names.map { $0 + "\n" }.joined(), json: .null, rawOutput: true)
    }
  }
}

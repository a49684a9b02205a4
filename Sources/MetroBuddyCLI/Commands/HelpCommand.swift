/// `help [COMMAND]`: the same as `COMMAND --help`. The runner answers it
/// before any command runs, so it is a node of the tree and not a ``Command``.
enum HelpCommand: CommandNode {
  static let spec = CommandSpec(
    name: "help", abstract: "Show help for a command (the same as --help).",
    arguments: [ArgumentSpec(name: "command", help: "The command, such as 'swipe' or 'card add'.", isOptional: true)])
}

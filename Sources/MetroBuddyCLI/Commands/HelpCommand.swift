/// `help [COMMAND]`: the same as `COMMAND --help`. The runner answers it
/// before any command runs, so it is a node of the tree and not a ``Command``.
enum HelpCommand: CommandNode {
  static let spec = CommandSpec(
    name: "help", abstract: .core(.helpAbstract),
    arguments: [ArgumentSpec(name: "command", help: .core(.helpCommandArgument), isOptional: true)])
}

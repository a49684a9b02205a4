import FoundationEssentials
import MetroKit

/// `devices retire ID`: this device's log takes a copy of another device's
/// records, after which that device's log may be deleted everywhere.
struct RetireCommand: Command {
  static let spec = CommandSpec(
    name: "retire", abstract: .store(.retireAbstract),
    discussion: .store(.retireDiscussion),
    arguments: [ArgumentSpec(name: "id", help: .store(.retireIdArgument))],
    examples: ["metrobuddy devices retire old-laptop"])

  let device: String

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    device = try Self.arguments(parsed, ["id"])[0]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let store = context.store as? DeviceLogStore else {
      return CommandOutput(text: context.text(.verifyInMemory) + "\n", json: .object([]))
    }
    let result = try store.retireDevice(device)
    let message: Message =
      result.alreadyRetired
      ? .alreadyRetired(device: result.device, records: result.records)
      : .retired(
        device: result.device, records: result.records, log: store.directory + "/devices/" + result.device + "/")
    return CommandOutput(
      text: context.text(message) + "\n",
      json: .object([
        ("device", .string(result.device)), ("records", .integer(Int64(result.records))),
        ("alreadyRetired", .bool(result.alreadyRetired)),
      ]))
  }
}

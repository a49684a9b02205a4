import FoundationEssentials
import MetroKit

/// `devices`: the devices that wrote to the store, and how much of each log
/// this device has read.
struct DevicesCommand: Command {
  static let spec = CommandSpec(
    name: "devices", abstract: .store(.devicesAbstract),
    discussion: .store(.devicesDiscussion),
    examples: [
      "metrobuddy devices", "metrobuddy devices --json", "metrobuddy devices continue-as-new",
      "metrobuddy devices retire old-laptop",
    ])

  static var subcommands: [any CommandNode.Type] { [ContinueAsNewCommand.self, RetireCommand.self] }

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let store = context.store as? DeviceLogStore else {
      return CommandOutput(text: context.text(.verifyInMemory) + "\n", json: .array([]))
    }
    let devices = try store.devices()
    let time = context.environment.timeZone
    let rows = devices.map { device in
      [
        (device.isThisDevice ? "* " : "  ") + device.id, device.name.map(TerminalText.escaped) ?? "-",
        context.text(
          .deviceSummary(
            records: device.records, latest: device.latestEvent.map { Self.local($0, in: time) },
            read: device.bytesRead, length: device.logLength))
          + (device.retiredBy.map { by in
            "; " + context.text(.deviceRetired(by: by, through: device.retiredThrough ?? 0))
          } ?? ""),
      ]
    }
    let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var text = rows.map { $0[0].padding(to: widths[0]) + "  " + $0[1].padding(to: widths[1]) + "  " + $0[2] + "\n" }
      .joined()
    if devices.isEmpty { text = context.text(.noDevicesYet) + "\n" }
    let json = JSONValue.array(
      devices.map { device in
        .object(
          [
            ("id", .string(device.id)), ("name", .string(device.name)), ("thisDevice", .bool(device.isThisDevice)),
            ("records", .integer(Int64(device.records))),
            ("latestEvent", .string(device.latestEvent.map(Timestamp.iso8601))),
            ("bytesRead", .integer(device.bytesRead)), ("logBytes", .integer(device.logLength)),
          ]
            // Only for a retired device: who retired it, and up to which record.
            + (device.retiredBy.map { by in
              [("retiredBy", .string(by)), ("retiredThrough", .integer(Int64(device.retiredThrough ?? 0)))]
            } ?? []))
      })
    return CommandOutput(text: text, json: json)
  }

  /// `YYYY-MM-DD HH:MM` in the local time zone.
  static func local(_ time: Date, in timeZone: LocalTimeZone) -> String {
    let (day, secondOfDay) = timeZone.localTime(of: time)
    return day.description + " " + Localizer.twoDigits(secondOfDay / 3600) + ":"
      + Localizer.twoDigits(secondOfDay / 60 % 60)
  }
}

/// `devices continue-as-new`: this device takes a new id, and its next
/// change starts a log of its own; the old id's log stays in the store.
struct ContinueAsNewCommand: Command {
  static let spec = CommandSpec(
    name: "continue-as-new", abstract: .store(.continueAsNewAbstract),
    discussion: .store(.continueAsNewDiscussion),
    examples: ["metrobuddy devices continue-as-new"])

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    if let id = environment.value("METROBUDDY_DEVICE") {
      throw Self.usageError(.continueAsNewSetByEnvironment(id: id), parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    guard let store = context.store as? DeviceLogStore else {
      return CommandOutput(text: context.text(.verifyInMemory) + "\n", json: .object([]))
    }
    let (previous, current) = try store.continueAsNewDevice()
    return CommandOutput(
      text: context.text(.continuedAsNew(previous: previous, current: current)) + "\n",
      json: .object([("previous", .string(previous)), ("device", .string(current))]))
  }
}

import FoundationEssentials

/// Where a carried change (``LogChange/carried(_:_:)``) stood before a
/// retire copied it: its device, record and place in the record. It is
/// folded there, so that it means the same whether a device reads it from
/// its own log or from the copy.
struct CarriedOrigin: Equatable, Hashable, Sendable {
  var device: String
  var sequence: Int
  var recordedAt: Date
  var index: Int
  /// Its record's logical clock; `nil` for a record written before clocks.
  var clock: Int? = nil

  var order: EventOrder {
    EventOrder(time: recordedAt, device: device, sequence: sequence, index: index, clock: clock ?? 0)
  }

  /// The members that name it in a carried change.
  var members: [(String, JSONValue)] {
    [
      ("device", .string(device)), ("seq", .integer(Int64(sequence))), ("at", .string(Timestamp.iso8601(recordedAt))),
      ("index", .integer(Int64(index))),
    ] + (clock.map { [("clock", .integer(Int64($0)))] } ?? [])
  }
}

extension LogChange {
  /// The change as it is folded: a carried change stands for the change it
  /// carries, at its origin; any other is folded at `order`, its own place.
  func unwrapped(at order: EventOrder) -> (change: LogChange, order: EventOrder) {
    guard case .carried(let origin, let change) = self else { return (self, order) }
    return (change, origin.order)
  }

  /// Decodes a `carried` or a `retire` change.
  static func decodeRetired(_ reader: FieldReader, type: String) throws(MetroError) -> LogChange {
    let device = try reader.string("device")
    guard DeviceIdentity.isValid(device, allowUpgrade: true) else {
      throw reader.damaged(.fieldNotKnown(field: "device", text: device))
    }
    if type == "retire" {
      try reader.allowOnly(["type", "device", "through", "seal"])
      let seal = try reader.integer("seal")
      guard seal <= Int(UInt32.max) else { throw reader.damaged(.fieldNotWholeNumber(field: "seal")) }
      return .retire(device: device, through: try reader.integer("through"), seal: UInt32(seal))
    }
    try reader.allowOnly(["type", "device", "seq", "at", "index", "clock", "change"])
    let origin = CarriedOrigin(
      device: device, sequence: try reader.integer("seq"), recordedAt: try reader.time("at"),
      index: try reader.integer("index"), clock: reader.object["clock"] == nil ? nil : try reader.integer("clock"))
    guard origin.sequence > 0 else { throw reader.damaged(.fieldNotWholeNumber(field: "seq")) }
    let inner = FieldReader(object: try reader.value("change"), path: reader.path, line: reader.line, card: nil)
    // One level only: a retire copies another retire's carried changes as they are.
    if case .string(let innerType)? = inner.object["type"], innerType == "carried" {
      throw inner.damaged(.fieldNotKnown(field: "type", text: innerType))
    }
    return .carried(origin, try decode(inner))
  }
}

/// A JSON value whose objects keep their keys in order, so that what metrobuddy
/// writes is stable byte for byte.
package enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case integer(Int64)
  /// A number with one decimal place, in tenths: `105` is written `10.5`
  /// and `140` is written `14`. Only a rate is written so (money is a
  /// string); the parser reads every number without a fraction as `integer`.
  case tenths(Int64)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in order; keys are unique.
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.tenths(let a), .tenths(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The member called `key` of an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    for (name, value) in members where name == key { return value }
    return nil
  }

  /// A string or `null` from an optional.
  package static func string(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }
}

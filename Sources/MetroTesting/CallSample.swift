import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which calls a walk over "the k-th call of an operation" tries (a fault
/// injected at it, a crash before or after it). With `METROBUDDY_EXHAUSTIVE=1`
/// every call; otherwise the first two, then one in every sixteen, at a
/// place that depends on the walk's name, so that walks of different names
/// try different calls (the same ones on every run). A walk still ends at the first call
/// tried that the command no longer makes: the command makes its calls of
/// an operation from the first on, so no later one fires either.
///
/// `swift test` runs the sample (issue 35 asks for at most five minutes
/// after a build on 2 cores; decision 72); `Scripts/soak.sh` runs every call.
public struct CallSample: Sendable {
  /// The environment variable that asks for every call.
  public static let variable = "METROBUDDY_EXHAUSTIVE"
  /// Whether every call is tried.
  public static let isExhaustive: Bool = getenv(variable).map { String(cString: $0) == "1" } ?? false
  /// One call in this many is tried past the first two.
  public static let stride = 16

  private let offset: Int

  /// The sample of the walk called `name` (a command, an operation, a mode).
  public init(_ name: String) {
    offset = Int(name.utf8.reduce(UInt32(7)) { $0 &* 31 &+ UInt32($1) } % UInt32(Self.stride))
  }

  /// The call to try after `call`.
  public func next(after call: Int) -> Int {
    if Self.isExhaustive || call < 2 { return call + 1 }
    var next = call + 1
    while next % Self.stride != offset { next += 1 }
    return next
  }
}

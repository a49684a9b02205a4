/// The exit statuses of the contract, from `sysexits.h` where one fits.
package enum ExitCode: Int32, Sendable {
  /// Success, including `--help`, `--version` and an already-applied keyed reload.
  case success = 0
  /// Refused by the card's rules: insufficient fare, expired card, nothing to undo.
  case refused = 1
  /// Usage: an unknown command or option, a missing or invalid argument, an unknown card.
  case usage = 64
  /// The store's data is damaged or from a newer version; nothing was changed.
  case dataError = 65
  /// A program metrobuddy needs is missing: `unzip`, to import a zipped trip history.
  case unavailable = 69
  /// The store cannot be read or written.
  case ioError = 74
  /// Another metrobuddy held the store's lock for longer than the wait.
  case busy = 75
}

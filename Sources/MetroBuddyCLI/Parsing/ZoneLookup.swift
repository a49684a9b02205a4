import MetroKit

/// Finds the zone `--zone` names: a zone known without a database
/// (`America/New_York`, `Europe/London`, `UTC`, or a POSIX rule such as
/// `JST-9`), else a zone of the machine's time zone database (`$TZDIR`, or
/// `/usr/share/zoneinfo`), kept with its current rule so that the card reads
/// the same days on a machine without the database.
enum ZoneLookup {
  /// Where the time zone database is when `TZDIR` does not say.
  static let defaultFolder = "/usr/share/zoneinfo"

  /// The zone named `text`, or `nil` when there is none by that name.
  static func zone(named text: String, environment: Environment) -> AgencyZone? {
    if let zone = AgencyZone.named(text) { return zone }
    guard AgencyZone.isDatabaseName(text) else { return nil }
    let folder = environment.value("TZDIR") ?? defaultFolder
    guard let bytes = try? ImportCommand.read(folder + "/" + text) else { return nil }
    return AgencyZone(name: text, tzif: bytes)
  }
}
